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
    /// The cards are done: time is up (`timeUp`), the queue ran out, or the player quit.
    func roundEnded(timeUp: Bool)
    func say(_ text: String)
}

/// The line protocol of DESIGN.md: one decision per line on stdin.
struct LineInput: PlayerInput {
    mutating func next(timeout: Double?) -> InputEvent {
        guard let line = readLine() else { return .endOfInput }
        return PlayerCommand(line: line).map(InputEvent.command) ?? .unknown(line)
    }

    mutating func confirms() -> Bool {
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

    func feedback(_ feedback: Feedback, session: RoundSession) {
        switch feedback {
        case .deleted(let c): screen.say("  ✗ delete · \(humanBytes(c.bytes))")
        case .kept: screen.say("  ✓ keep")
        case .undone(let c): screen.say("  ↶ undone: \(RawPath(bytes: c.item.rawPath.lastComponent))")
        case .undoRefused(let why): screen.say("  \(why)")
        case .nothingToUndo: screen.say("  nothing to undo")
        case .quit, .noCard: break
        }
    }

    func unknown(_ input: String) {
        screen.say("  ? '\(input)': answer d (delete), k (keep), u (undo) or q (quit)")
    }

    func roundEnded(timeUp: Bool) {
        if timeUp { screen.say("⏱ Time's up!") }
    }

    func say(_ text: String) { screen.say(text) }
}

extension PlayLoop {
    /// Single keys and a redrawn screen when stdin and stdout are a terminal (and not --json);
    /// the line protocol otherwise. The raw mode, when there is one, is the caller's to restore.
    func makeIO(_ round: RoundDriver) -> (any PlayerInput, any PlayScreen, RawMode?) {
        if !options.json, Terminal.stdinIsTTY, Terminal.stdoutIsTTY, let terminal = RawMode.enter() {
            let title = kind.bossName.map { "boss battle: \($0)" } ?? roundSeconds.map { "\(Int($0))-second round" } ?? "round"
            let screen = TerminalScreen(terminal: terminal, title: title, style: .forStdout(environment: context.environment),
                                        bell: context.configuration.play.bell, thresholds: play.thresholds, now: play.now,
                                        xpEstimate: { round.xpEstimate })
            return (TerminalInput(), screen, terminal)
        }
        return (LineInput(), LineScreen(screen: Screen(json: options.json), thresholds: play.thresholds, now: play.now), nil)
    }
}
