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
    private let paint: Paint
    private let bell: Bool
    private let thresholds: Thresholds
    private let now: Date
    private let xp: XPEstimate

    private var card: (card: Card, number: Int, total: Int)?
    private var session: RoundSession?
    private var secondsLeft: Double?
    private var flash = ""
    private var thumbnails: [RawPath: [String]] = [:]

    init(terminal: RawMode, title: String, color: Bool, bell: Bool, thresholds: Thresholds, now: Date, xp: XPEstimate) {
        self.terminal = terminal
        self.title = title
        paint = Paint(enabled: color)
        self.bell = bell
        self.thresholds = thresholds
        self.now = now
        self.xp = xp
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
            flash = paint("✗ DELETE  \(CardView.name(c)) · \(humanBytes(c.bytes))", .red, .bold)
            if bell { emit("\u{07}") }
        case .kept(let c): flash = paint("✓ KEEP  \(CardView.name(c))", .green, .bold)
        case .undone(let c): flash = paint("↶ UNDONE  \(CardView.name(c)): decide again", .yellow, .bold)
        case .undoRefused(let why): flash = paint(why, .yellow)
        case .nothingToUndo: flash = paint("nothing to undo", .dim)
        case .quit, .noCard: flash = ""
        }
    }

    func unknown(_ input: String) {
        flash = paint("? \(input): ← h d delete · → l k keep · u undo · q quit", .yellow)
    }

    func roundEnded(timeUp: Bool) {
        terminal.leaveAlternateScreen()
        if timeUp { say(paint("⏱ Time's up!", .yellow, .bold)) }
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
            header = fit(header, width - clock.count - 2)
            header += String(repeating: " ", count: max(2, width - header.count - clock.count))
            header = paint(header, .bold) + paint(clock, left <= 5 ? .red : left <= 10 ? .yellow : .cyan, .bold)
        } else {
            header = paint(fit(header, width), .bold)
        }
        lines += [header, ""]
        if let picture = thumbnail(card, columns: min(40, width - 2), rows: min(20, size.rows - 14)) {
            lines += picture.map { "  " + $0 + paint.reset } + [""]
        }
        let category = CardView.title(card.category)
        lines.append(paint(fit("── card \(number) of \(total) · \(category) " + String(repeating: "─", count: max(0, 40 - category.count)), width), .dim))
        for (index, line) in CardView.describe(card, thresholds: thresholds, now: now).enumerated() {
            lines.append(index == 0 ? "  " + paint(fit(line, width - 2), .bold) : "  " + fit(line, width - 2))
        }
        lines += ["", "  " + flash, ""]
        let tally = "deleted \(session.deletedCards.count) · \(humanBytes(session.bytesToFree)) to free · ≈ \(grouped(xp.xp(for: session))) XP"
        lines.append("  " + fit(tally, width - 2))
        lines.append("  " + paint(fit("← h d delete   → l k keep   u undo   q quit   Ctrl-C abandon", width - 2), .dim))
        emit("\u{1B}[H" + lines.map { $0 + "\u{1B}[K" }.joined(separator: "\n") + "\u{1B}[J")
    }

    /// The card's photo drawn by chafa, once per card; nil for other kinds, small screens and failures.
    private func thumbnail(_ card: Card, columns: Int, rows: Int) -> [String]? {
        guard card.item.kind.rawValue == "photo", columns >= 16, rows >= 6, let path = card.item.rawPath.exactString else { return nil }
        if let cached = thumbnails[card.item.rawPath] { return cached.isEmpty ? nil : cached }
        let lines = Thumbnail.render(path, columns: columns, rows: rows, color: paint.enabled) ?? []
        thumbnails[card.item.rawPath] = lines
        return lines.isEmpty ? nil : lines
    }

    private func fit(_ text: String, _ width: Int) -> String {
        text.count <= width ? text : String(text.prefix(max(1, width - 1))) + "…"
    }

    private func emit(_ text: String) {
        print(text, terminator: "")
        fflush(nil)
    }
}

/// ANSI colours and weights, or nothing at all when colour is off (`NO_COLOR`, not a terminal).
struct Paint {
    enum Style: String {
        case bold = "1", dim = "2", red = "31", green = "32", yellow = "33", cyan = "36"
    }

    let enabled: Bool

    var reset: String { enabled ? "\u{1B}[0m" : "" }

    func callAsFunction(_ text: String, _ styles: Style...) -> String {
        guard enabled, !styles.isEmpty else { return text }
        return "\u{1B}[" + styles.map(\.rawValue).joined(separator: ";") + "m" + text + "\u{1B}[0m"
    }
}
