/// A group card's members drawn side by side in the room its text leaves: each member's picture (chafa's
/// symbols) in a cell of its own, its number beneath ("1 ★" for the suggested one), as many members as fit
/// at `minimumColumns` each. Plain functions over lines of text; `TerminalScreen` draws the pictures.
enum GroupPictures {
    /// The narrowest cell a member's picture is drawn in.
    static let minimumColumns = 14
    /// Columns between two cells.
    static let gap = 2

    /// How many of `count` members fit side by side in `columns`.
    static func fitting(_ count: Int, columns: Int) -> Int {
        min(count, max(0, (columns + gap) / (minimumColumns + gap)))
    }

    /// The width of each of `count` cells side by side in `columns`.
    static func cellWidth(_ count: Int, columns: Int) -> Int {
        count > 0 ? (columns - gap * (count - 1)) / count : 0
    }

    /// The pictures (lines of symbols; nil where a member has none) in cells of `width` columns side by side,
    /// each line padded to its cell, then the labels beneath. `reset` ends each picture's line (its colour).
    static func sideBySide(_ pictures: [[String]?], labels: [String], width: Int, reset: String) -> [String] {
        let rows = pictures.map { $0?.count ?? 0 }.max() ?? 0
        let spacer = String(repeating: " ", count: gap)
        var lines: [String] = []
        for row in 0..<rows {
            lines.append(pictures.map { picture -> String in
                guard let picture, row < picture.count else { return String(repeating: " ", count: width) }
                let line = picture[row]
                return line + reset + String(repeating: " ", count: max(0, width - visibleWidth(line)))
            }.joined(separator: spacer))
        }
        lines.append(labels.map { label in
            let shown = String(label.prefix(width))
            return shown + String(repeating: " ", count: max(0, width - shown.count))
        }.joined(separator: spacer))
        return lines
    }

    /// The columns a line of symbols takes on the terminal: its characters less the escape sequences (colours,
    /// chafa's cursor codes) among them.
    static func visibleWidth(_ line: String) -> Int {
        var width = 0
        var escape = false
        var csi = false
        for scalar in line.unicodeScalars {
            if escape {
                if csi {
                    if (0x40...0x7E).contains(scalar.value) { escape = false; csi = false }
                } else if scalar == "[" {
                    csi = true
                } else {
                    escape = false
                }
                continue
            }
            if scalar == "\u{1B}" { escape = true; continue }
            width += 1
        }
        return width
    }
}
