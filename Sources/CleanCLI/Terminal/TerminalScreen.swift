#if canImport(Glibc)
import Deck
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import FileSystem
import Foundation
import Library
import Media
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
    private var pictures: [String: Picture?] = [:]
    private var descriptions: [Int64: [String]] = [:]
    /// The card whose pixel-protocol picture is on screen now (drawn once, not every second).
    private var pictureOnScreen: Int64?
    /// The group card's members marked to keep.
    private var marked: Set<Int64> = []

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

    func marks(_ marked: Set<Int64>) {
        self.marked = marked
    }

    func tick(session: RoundSession, secondsLeft: Double?) {
        self.secondsLeft = secondsLeft
        draw()
    }

    func feedback(_ feedback: Feedback, session: RoundSession) {
        switch feedback {
        case .deleted(let c):
            flash = style.bold(style.red("✗ DELETE  " + (CardView.groupOutcome(c, session: session) ?? "\(CardView.name(c)) · \(humanBytes(c.bytes))")))
            if bell { emit("\u{07}") }
        case .kept(let c): flash = style.bold(style.green("✓ KEEP  " + (c.group.map { "all \($0.members.count)" } ?? CardView.name(c))))
        case .skipped(let c): flash = style.bold(style.cyan("→ LATER  \(CardView.name(c)): dealt again in a later round"))
        case .undone(let c): flash = style.bold(style.yellow("↶ UNDONE  \(CardView.name(c)): decide again"))
        case .undoRefused(let why), .refused(let why): flash = style.yellow(why)
        case .nothingToUndo: flash = style.dim("nothing to undo")
        case .quit, .noCard: flash = ""
        }
    }

    func unknown(_ input: String) {
        flash = style.yellow("? \(input): ← h d delete · → l k keep · s skip · u undo · q quit")
    }

    /// The done screen, on the shell's screen so it stays in the scrollback: why play ended, the
    /// batch, and the question with the only keys that answer it.
    func done(_ end: PlayEnd) {
        terminal.leaveAlternateScreen()
        let later = end.skipped > 0 ? ", \(end.skipped) for later" : ""
        let files = end.files != end.reviewed ? " (\(plural(end.files, "file")))" : ""
        let headline = (end.timeUp ? "⏱ Time's up! " : "") + "Done: \(plural(end.reviewed, "card")) decided\(files)\(later)."
        say(style.bold(end.timeUp ? style.yellow(headline) : headline))
        if let problem = end.problem { say(style.yellow(problem)) }
        for text in [end.summary, end.notice].compactMap({ $0 }) { say(text) }
        guard let question = end.question else { return }
        say(style.dim("y moves them · n, Esc or Enter: not now (they wait in `clean pending`)"))
        say(style.bold(question))
    }

    func say(_ text: String) { emit(text + "\n") }

    /// `o` opens the file in the desktop's viewer; Enter or `z` draws its picture (a video's poster
    /// frame) over the whole terminal until any key.
    func view(_ viewing: CardViewing, card: Card) -> Bool {
        guard let path = card.item.rawPath.exactString else {
            flash = style.yellow("this file's name is not UTF-8: no viewer can be handed it")
            return false
        }
        switch viewing {
        case .open:
            flash = style.dim(Helpers.open(path))
            return false
        case .fullScreen:
            let size = Terminal.size ?? (80, 24)
            guard let picture = self.picture(card, columns: max(16, size.columns - 1), rows: max(6, size.rows - 2)) else {
                flash = style.yellow(noPicture(card))
                return false
            }
            var out = "\u{1B}[2J\u{1B}[H"
            switch picture {
            case .symbols(let lines): out += lines.map { $0 + (style.color ? "\u{1B}[0m" : "") }.joined(separator: "\n")
            case .graphics(let bytes, let rows): out += bytes + "\u{1B}[\(rows + 1);1H"
            }
            emit(out + "\n" + style.dim(truncated("\(CardView.name(card)) · any key: back to the card", size.columns - 1)))
            pictureOnScreen = nil
            return true
        }
    }

    /// Why Enter/z shows nothing for this card.
    private func noPicture(_ card: Card) -> String {
        if Thumbnail.chafa == nil { return "no picture: chafa is not installed (apt-get install chafa)" }
        if card.item.kind.rawValue == "video" && Poster.ffmpeg == nil { return "no poster frame: ffmpeg is not installed (apt-get install ffmpeg)" }
        return "no picture for this file"
    }

    // MARK: - Drawing

    /// The header, the picture in the space the text leaves, the card, the flash, the tally and the keys.
    private func draw() {
        guard let (card, number, total) = card, let session else { return }
        terminal.enterAlternateScreen()
        let size = Terminal.size ?? (80, 24)
        let width = max(20, size.columns - 1)
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
        let top = [header, ""]
        var body: [String] = []
        let category = CardView.title(card.category)
        body.append(style.dim(truncated("── card \(number) of \(total) · \(category) " + String(repeating: "─", count: max(0, 40 - category.count)), width)))
        for (index, line) in described(card).enumerated() {
            body.append(index == 0 ? "  " + style.bold(truncated(line, width - 2)) : "  " + truncated(line, width - 2))
        }
        body += ["", "  " + flash, ""]
        let tally = "deleted \(session.deletedCards.count) · \(humanBytes(session.bytesToFree)) to free · ≈ \(grouped(xpEstimate())) XP"
        body.append("  " + truncated(tally, width - 2))
        let keys = card.group == nil ? "← h d delete  → l k keep  s later  u undo  q quit  o open  z view"
                                      : "1…9 mark to keep  ← h d delete the unmarked  → l k keep all  s later  u undo  q quit"
        body.append("  " + style.dim(truncated(keys, width - 2)))

        let room = size.rows - top.count - body.count - 1
        var out = "\u{1B}[H" + top.map { $0 + "\u{1B}[K" }.joined(separator: "\n") + "\n"
        switch room >= 6 && width >= 18 ? picture(card, columns: width - 2, rows: room) : nil {
        case .symbols(let lines)?:
            out += lines.map { "  " + $0 + (style.color ? "\u{1B}[0m" : "") + "\u{1B}[K\n" }.joined() + "\u{1B}[K\n"
            pictureOnScreen = nil
        case .graphics(let bytes, let rows)?:
            // Drawn once per card (a redraw each second would flicker); the text around it is redrawn.
            if pictureOnScreen != card.id {
                out += "\u{1B}[J\u{1B}[3G" + bytes
                pictureOnScreen = card.id
            }
            out += "\u{1B}[\(top.count + rows + 2);1H"
        case nil:
            pictureOnScreen = nil
        }
        emit(out + body.map { $0 + "\u{1B}[K" }.joined(separator: "\n") + "\u{1B}[J")
    }

    /// The card's lines (its video's duration read once, not every second).
    private func described(_ card: Card) -> [String] {
        if let group = card.group { return CardView.describe(group, card: card, now: now, marked: marked) }
        if let cached = descriptions[card.id] { return cached }
        let lines = CardView.describe(card, thresholds: thresholds, now: now)
        descriptions[card.id] = lines
        return lines
    }

    /// The card's photo, or its video's poster frame, drawn by chafa at this size, once per card and
    /// size; for a group card its members side by side, numbered, as many as fit. Nil for other kinds,
    /// without chafa (or ffmpeg for a video) and on any failure.
    private func picture(_ card: Card, columns: Int, rows: Int) -> Picture? {
        let key = "\(card.id) \(columns)x\(rows)"
        if let cached = pictures[key] { return cached }
        var picture: Picture?
        if let group = card.group, GroupPictures.fitting(group.members.count, columns: columns) > 1, rows >= 4 {
            let shown = Array(group.members.prefix(GroupPictures.fitting(group.members.count, columns: columns)))
            let width = GroupPictures.cellWidth(shown.count, columns: columns)
            let drawn = shown.map { member -> [String]? in
                if case .symbols(let lines)? = self.picture(of: member.item, columns: width, rows: rows - 1, symbols: true) { return lines }
                return nil
            }
            let labels = shown.enumerated().map { index, member in "\(index + 1)\(member.suggested ? " ★" : "")" }
            if drawn.contains(where: { $0 != nil }) {
                var lines = GroupPictures.sideBySide(drawn, labels: labels, width: width, reset: style.color ? "\u{1B}[0m" : "")
                if shown.count < group.members.count { lines[lines.count - 1] += "  +\(group.members.count - shown.count) more" }
                picture = .symbols(lines)
            }
        } else {
            picture = self.picture(of: card.item, columns: columns, rows: rows, symbols: false)
        }
        pictures[key] = .some(picture)
        return picture
    }

    /// One file's photo or its video's poster frame, drawn by chafa.
    private func picture(of item: ItemRecord, columns: Int, rows: Int, symbols: Bool) -> Picture? {
        guard let path = item.rawPath.exactString else { return nil }
        switch item.kind.rawValue {
        case "photo":
            return Thumbnail.render(path, columns: columns, rows: rows, color: style.color, symbols: symbols)
        case "video":
            return Poster.frame(of: item.rawPath).flatMap { Thumbnail.render($0, columns: columns, rows: rows, color: style.color, symbols: symbols) }
        default:
            return nil
        }
    }

    private func emit(_ text: String) {
        print(text, terminator: "")
        fflush(nil)
    }
}
