#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import FileSystem
import Foundation
import Library
import Play

/// The round on a terminal: one screen redrawn in place for every key and every second — the
/// thumbnail (with chafa), the card, a flash line answering the last key, the tally and the countdown.
final class TerminalScreen: PlayScreen {
    private let terminal: RawMode
    private let title: String
    private let style: Style
    private let bell: Bool
    private let thresholds: Thresholds
    private let now: Date
    /// The XP the round would earn if confirmed now (the round driver's estimate).
    private let xpEstimate: () -> Int

    private var card: (card: Card, number: Int, total: Int)?
    private var session: RoundSession?
    private var secondsLeft: Double?
    private var flash = ""
    private var thumbnails: [RawPath: [String]] = [:]

    init(terminal: RawMode, title: String, style: Style, bell: Bool, thresholds: Thresholds, now: Date, xpEstimate: @escaping () -> Int) {
        self.terminal = terminal
        self.title = title
        self.style = style
        self.bell = bell
        self.thresholds = thresholds
        self.now = now
        self.xpEstimate = xpEstimate
    }

    func show(_ card: Card, number: Int, total: Int, session: RoundSession, secondsLeft: Double?) {
        self.card = (card, number, total)
        self.session = session
        self.secondsLeft = secondsLeft
        draw()
    }

    func tick(session: RoundSession, secondsLeft: Double?) {
        self.secondsLeft = secondsLeft
        draw()
    }

    func feedback(_ feedback: Feedback, session: RoundSession) {
        switch feedback {
        case .deleted(let c):
            flash = style.bold(style.red("✗ DELETE  \(CardView.name(c)) · \(humanBytes(c.bytes))"))
            if bell { emit("\u{07}") }
        case .kept(let c): flash = style.bold(style.green("✓ KEEP  \(CardView.name(c))"))
        case .undone(let c): flash = style.bold(style.yellow("↶ UNDONE  \(CardView.name(c)): decide again"))
        case .undoRefused(let why): flash = style.yellow(why)
        case .nothingToUndo: flash = style.dim("nothing to undo")
        case .quit, .noCard: flash = ""
        }
    }

    func unknown(_ input: String) {
        flash = style.yellow("? \(input): ← h d delete · → l k keep · u undo · q quit")
    }

    func roundEnded(timeUp: Bool) {
        terminal.leaveAlternateScreen()
        if timeUp { say(style.bold(style.yellow("⏱ Time's up!"))) }
    }

    func say(_ text: String) { emit(text + "\n") }

    // MARK: - Drawing

    private func draw() {
        guard let (card, number, total) = card, let session else { return }
        terminal.enterAlternateScreen()
        let size = Terminal.size ?? (80, 24)
        let width = max(20, size.columns - 1)
        var lines: [String] = []
        var header = "SwipeClean · \(title)"
        if let secondsLeft {
            let left = Int(secondsLeft.rounded(.up))
            let clock = "⏱ \(left) s left"
            header = truncated(header, width - clock.count - 2)
            header += String(repeating: " ", count: max(2, width - header.count - clock.count))
            header = style.bold(header) + style.bold(left <= 5 ? style.red(clock) : left <= 10 ? style.yellow(clock) : style.cyan(clock))
        } else {
            header = style.bold(truncated(header, width))
        }
        lines += [header, ""]
        if let picture = thumbnail(card, columns: min(40, width - 2), rows: min(20, size.rows - 14)) {
            lines += picture.map { "  " + $0 + (style.color ? "\u{1B}[0m" : "") } + [""]
        }
        let category = CardView.title(card.category)
        lines.append(style.dim(truncated("── card \(number) of \(total) · \(category) " + String(repeating: "─", count: max(0, 40 - category.count)), width)))
        for (index, line) in CardView.describe(card, thresholds: thresholds, now: now).enumerated() {
            lines.append(index == 0 ? "  " + style.bold(truncated(line, width - 2)) : "  " + truncated(line, width - 2))
        }
        lines += ["", "  " + flash, ""]
        let tally = "deleted \(session.deletedCards.count) · \(humanBytes(session.bytesToFree)) to free · ≈ \(grouped(xpEstimate())) XP"
        lines.append("  " + truncated(tally, width - 2))
        lines.append("  " + style.dim(truncated("← h d delete   → l k keep   u undo   q quit   Ctrl-C abandon", width - 2)))
        emit("\u{1B}[H" + lines.map { $0 + "\u{1B}[K" }.joined(separator: "\n") + "\u{1B}[J")
    }

    /// The card's photo drawn by chafa, once per card; nil for other kinds, small screens and failures.
    private func thumbnail(_ card: Card, columns: Int, rows: Int) -> [String]? {
        guard card.item.kind.rawValue == "photo", columns >= 16, rows >= 6, let path = card.item.rawPath.exactString else { return nil }
        if let cached = thumbnails[card.item.rawPath] { return cached.isEmpty ? nil : cached }
        let lines = Thumbnail.render(path, columns: columns, rows: rows, color: style.color) ?? []
        thumbnails[card.item.rawPath] = lines
        return lines.isEmpty ? nil : lines
    }

    private func emit(_ text: String) {
        print(text, terminator: "")
        fflush(nil)
    }
}
