import Deck
import FileSystem
import Foundation
import Library
import Play

/// What the player did while a card was on the table.
enum InputEvent: Equatable {
    case command(PlayerCommand)
    /// The wait timed out: nothing was pressed (the countdown moves on).
    case timeTick
    /// Stdin closed (a script ran out of lines).
    case endOfInput
    /// Ctrl-C on a terminal: quit without confirming.
    case interrupt
    /// A line or key that means nothing; shown back to the player.
    case unknown(String)
    /// A way to look at the card (a terminal's `o`, Enter and `z`): changes nothing in the round.
    case view(CardViewing)
    /// A terminal's `1`…`9` on a group card: mark or unmark that member to keep.
    case mark(Int)
}

/// Looking closer at a card on a terminal.
enum CardViewing: Equatable {
    /// `o`: the file in the desktop's viewer.
    case open
    /// Enter or `z`: the picture over the whole terminal until any key.
    case fullScreen
}

/// Where the decisions come from: lines of a script, or keys of a terminal.
protocol PlayerInput {
    /// The next event, waiting at most `timeout` seconds (nil: as long as it takes).
    mutating func next(timeout: Double?) -> InputEvent
    /// The answer to "Move these to the trash?": true only for y/yes.
    mutating func confirms() -> Bool
}

/// Where the round is shown: lines on stdout (stderr with --json), or a redrawn terminal screen.
protocol PlayScreen {
    func show(_ card: Card, number: Int, total: Int, session: RoundSession, secondsLeft: Double?)
    /// A second went by without a key.
    func tick(session: RoundSession, secondsLeft: Double?)
    func feedback(_ feedback: Feedback, session: RoundSession)
    func unknown(_ input: String)
    /// Shows the card another way; true when the view now waits for any key before the card comes back.
    func view(_ viewing: CardViewing, card: Card) -> Bool
    /// Play is over (time up, cards out, quit, Ctrl-C): the batch and, when one is needed, the question.
    func done(_ end: PlayEnd)
    func say(_ text: String)
    /// The members of the group card on the table marked to keep (a terminal shows them; a script has no marks).
    func marks(_ marked: Set<Int64>)
}

extension PlayScreen {
    func marks(_ marked: Set<Int64>) {}
}

/// How play ended, for the screen that asks about the batch.
struct PlayEnd {
    var timeUp: Bool
    /// Cards decided (kept or deleted).
    var reviewed: Int
    /// Files those cards hold (a group card's members each count): what `reviewed` in the round's report counts.
    var files = 0
    /// Cards left for a later round (`s`).
    var skipped = 0
    /// The batch to move (`BatchSummary`), nil when nothing was deleted.
    var summary: String?
    /// Why nothing will move (Ctrl-C).
    var notice: String?
    /// Why play ended before the queue did (the index could not be read any more).
    var problem: String?
    /// "Move N cards (…) to the trash? [y/N]" when an answer is needed.
    var question: String?
}

/// The line protocol of DESIGN.md: one decision per line on stdin. What was shown is flushed before each line is
/// read, so a program driving clean line by line sees the card it answers.
struct LineInput: PlayerInput {
    mutating func next(timeout: Double?) -> InputEvent {
        fflush(nil)
        guard let line = readLine() else { return .endOfInput }
        return PlayerCommand(line: line).map(InputEvent.command) ?? .unknown(line)
    }

    mutating func confirms() -> Bool {
        fflush(nil)
        let answer = readLine()?.trimmingCharacters(in: .whitespaces).lowercased()
        return answer == "y" || answer == "yes"
    }
}

/// The cards and answers as plain lines, for scripts (and `--json`, on stderr).
struct LineScreen: PlayScreen {
    let screen: Screen
    let thresholds: Thresholds
    let now: Date

    func show(_ card: Card, number: Int, total: Int, session: RoundSession, secondsLeft: Double?) {
        screen.say(CardView.render(card, number: number, total: total, session: session, secondsLeft: secondsLeft,
                                   thresholds: thresholds, now: now))
    }

    func tick(session: RoundSession, secondsLeft: Double?) {}

    func view(_ viewing: CardViewing, card: Card) -> Bool { false }

    func feedback(_ feedback: Feedback, session: RoundSession) {
        switch feedback {
        case .deleted(let c): screen.say("  ✗ delete " + (CardView.groupOutcome(c, session: session) ?? "· \(humanBytes(c.bytes))"))
        case .kept(let c): screen.say(c.group.map { "  ✓ keep all \($0.members.count)" } ?? "  ✓ keep")
        case .skipped: screen.say("  → skip: decide later")
        case .undone(let c): screen.say("  ↶ undone: \(RawPath(bytes: c.item.rawPath.lastComponent))")
        case .undoRefused(let why), .refused(let why): screen.say("  \(why)")
        case .nothingToUndo: screen.say("  nothing to undo")
        case .quit, .noCard: break
        }
    }

    func unknown(_ input: String) {
        screen.say("  ? '\(input)': answer d (delete), k (keep), keep 2 3 (on a group: those stay), s (skip), u (undo) or q (quit)")
    }

    func done(_ end: PlayEnd) {
        if end.timeUp { screen.say("⏱ Time's up!") }
        for text in [end.problem, end.summary, end.notice, end.question].compactMap({ $0 }) { screen.say(text) }
    }

    func say(_ text: String) { screen.say(text) }
}

extension PlayLoop {
    /// Single keys and a redrawn screen when stdin and stdout are a terminal (and not --json);
    /// the line protocol otherwise. The raw mode, when there is one, is the caller's to restore.
    func makeIO(_ round: RoundDriver) -> (any PlayerInput, any PlayScreen, RawMode?) {
        if !options.json, Terminal.stdinIsTTY, Terminal.stdoutIsTTY, let terminal = RawMode.enter() {
            let title = opening.bossTitle.map { "boss battle: \($0)" } ?? opening.seconds.map { "\(Int($0))-second round" } ?? "round"
            let screen = TerminalScreen(terminal: terminal, title: title, style: .forStdout(environment: context.environment),
                                        bell: context.configuration.play.bell, thresholds: play.thresholds, now: play.now,
                                        xpEstimate: { round.xpEstimate })
            return (TerminalInput(), screen, terminal)
        }
        return (LineInput(), LineScreen(screen: Screen(json: options.json), thresholds: play.thresholds, now: play.now), nil)
    }
}
