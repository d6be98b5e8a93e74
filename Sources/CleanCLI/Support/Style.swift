/// Colour and column helpers for the human screens: ANSI colour only when asked for, widths that
/// ignore escape codes, so a screen laid out for 80 columns stays 80 columns with or without colour.
struct Style: Sendable {
    /// Whether to emit ANSI colour codes.
    let color: Bool

    /// Plain text: no escape codes at all.
    static let plain = Style(color: false)

    /// Colour when stdout is a terminal, `NO_COLOR` is unset or empty, and `TERM` is not `dumb`.
    static func forStdout(environment: [String: String]) -> Style {
        let noColor = environment["NO_COLOR"].map { !$0.isEmpty } ?? false
        return Style(color: Terminal.stdoutIsTTY && !noColor && environment["TERM"] != "dumb")
    }

    /// The width every screen is laid out for.
    static let columns = 80

    func bold(_ text: String) -> String { wrap(text, "1") }
    func dim(_ text: String) -> String { wrap(text, "2") }
    func green(_ text: String) -> String { wrap(text, "32") }
    func yellow(_ text: String) -> String { wrap(text, "33") }
    func cyan(_ text: String) -> String { wrap(text, "36") }
    func magenta(_ text: String) -> String { wrap(text, "35") }
    func red(_ text: String) -> String { wrap(text, "31") }

    private func wrap(_ text: String, _ code: String) -> String {
        color && !text.isEmpty ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }

    /// A progress bar such as `[██████░░░░]`, the filled part green when colour is on.
    func bar(_ fraction: Double, width: Int) -> String {
        let clamped = fraction.isFinite ? min(1, max(0, fraction)) : 0
        let filled = max(0, min(width, Int((clamped * Double(width)).rounded(.down))))
        return "[" + green(String(repeating: "█", count: filled)) + dim(String(repeating: "░", count: width - filled)) + "]"
    }
}

/// Columns a string takes on screen: characters, not counting ANSI escape sequences.
func visibleWidth(_ text: String) -> Int {
    var width = 0
    var inEscape = false
    for scalar in text.unicodeScalars {
        if inEscape {
            if scalar == "m" { inEscape = false }
        } else if scalar == "\u{1B}" {
            inEscape = true
        } else {
            width += 1
        }
    }
    return width
}

/// `text` padded with spaces on the right to `width` visible columns.
func padRight(_ text: String, _ width: Int) -> String {
    text + String(repeating: " ", count: max(0, width - visibleWidth(text)))
}

/// `text` padded with spaces on the left to `width` visible columns.
func padLeft(_ text: String, _ width: Int) -> String {
    String(repeating: " ", count: max(0, width - visibleWidth(text))) + text
}

/// Plain `text` cut to `width` characters, ending in `…` when cut.
func truncated(_ text: String, _ width: Int) -> String {
    text.count <= width ? text : String(text.prefix(max(0, width - 1))) + "…"
}

/// `text` cut to `width` as `truncated` does when stdout is a terminal; whole into a pipe or a file, where nothing
/// wraps and every word is wanted (issue 53).
func fitted(_ text: String, _ width: Int) -> String {
    Terminal.stdoutIsTTY ? truncated(text, width) : text
}

/// `text` without trailing spaces (a padded last column leaves none behind).
func trimmedRight(_ text: String) -> String {
    var text = text
    while text.last == " " { text.removeLast() }
    return text
}

/// Plain `text` in lines of at most `width` columns, each after `indent`, broken between words (a word longer than a
/// line stands alone on its line).
func wrapped(_ text: String, indent: String = "", width: Int = Style.columns) -> [String] {
    var lines: [String] = [], line = indent
    for word in text.split(separator: " ") {
        if line.count > indent.count, line.count + 1 + word.count > width {
            lines.append(line)
            line = indent
        }
        line += (line.count > indent.count ? " " : "") + word
    }
    return line.count > indent.count ? lines + [line] : lines
}
