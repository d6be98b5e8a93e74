import App
import ArgumentParser
import Foundation
import Game
import Library
import Play
import Settings

extension Clean {
    /// `clean round`: one timed round over the standard queue.
    struct Round: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Play a 60-second round: keep or delete each card, then confirm once.",
            discussion: """
                Deals the clearest and largest candidates first (duplicate copies, big videos, \
                screenshots, old photos). Keys: d delete, k keep, s skip, u undo, q quit (on a terminal \
                also ← → and h l). When the cards, the time or the input run out, the batch is \
                shown and one answer moves it to the trash (y) or keeps it pending (anything else).
                Without a terminal, one decision per line is read from stdin, then one answer:
                  printf 'd\\nk\\nd\\ny\\n' | clean round
                \(terminalPlayHelp)
                Nothing is ever deleted for good here: `clean restore` puts files back.
                """
        )

        @OptionGroup var options: PlayOptions

        func run() throws {
            try PlayCommand.run(options: options, boss: nil)
        }
    }

    /// `clean boss [list]`, `clean boss NAME`: themed, untimed battles.
    struct Boss: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Fight a boss: an untimed battle against one kind of clutter.",
            discussion: """
                NAME is a boss of the configuration's [[game.bosses]]; the shipped ones are screenshots, \
                videos (over the big-video size), old (photos over two years old), duplicates (extra copies) \
                and similar (near-duplicates and bursts). Confirmed deletions count toward the boss's \
                target across battles; reaching it defeats the boss (+500 XP, once).
                `clean boss` or `clean boss list` shows the bosses and how many cards each can deal.
                Keys and input as for `clean round` (see `clean round --help`).
                \(terminalPlayHelp)
                """
        )

        @Argument(help: "list, or a boss: screenshots, videos, old, duplicates, similar, or one added in the config.")
        var name: String = "list"

        @OptionGroup var options: PlayOptions

        /// An unknown name is a usage error listing the bosses of the configuration (a broken config is left to `run`).
        func validate() throws {
            guard name != "list", name != "weekly",
                  let (configuration, _) = try? ConfigLoader.load(environment: ProcessInfo.processInfo.environment),
                  configuration.game.boss(named: name) == nil else { return }
            let names = configuration.game.bosses.map(\.name)
            if let best = DidYouMean.closest(to: name, among: names + ["weekly", "list"]) {
                throw ValidationError("unknown boss '\(name)'; did you mean `clean boss \(best)`?")
            }
            throw ValidationError("unknown boss '\(name)'; choose \(names.joined(separator: ", ")), weekly (or list)")
        }

        func run() throws {
            guard name != "list" else { return try BossList.run(json: options.json) }
            try PlayCommand.run(options: options, boss: name)
        }
    }
}

/// How play works on a terminal, for both commands' help.
private let terminalPlayHelp = """
    On a terminal (stdin and stdout a TTY, no --json) every key acts at once: ← h d delete, \
    → l k keep, s skip (decide later), u undo, q quit, o open in the desktop's viewer, Enter or z \
    the picture full screen; a timed round counts down on screen (play.round_seconds) and \
    ends at zero. Then keys typed ahead are dropped and, on the done screen, y moves the batch; \
    n, Esc or Enter keeps it pending; any other key is ignored. Ctrl-C ends play at \
    once without asking: nothing moves, and the deletes so far are kept as a pending batch \
    (`clean pending`). play.bell = true rings on each delete. With chafa installed \
    (apt-get install chafa), photos show a thumbnail.
    """

/// The shared body of `round` and `boss NAME`: open play through the app, play, show the result.
enum PlayCommand {
    /// `boss`: nil for a round, a configured boss's name or `weekly`.
    static func run(options: PlayOptions, boss: String?) throws {
        if options.web {
            return try WebLauncher.serve(port: 0, open: !options.noOpen, path: boss.map { "/play?boss=\($0)" } ?? "/play")
        }
        let opening = try AppService(environment: ProcessInfo.processInfo.environment).openRound(boss: boss)
        defer { withExtendedLifetime(opening.lock) {} }
        let outcome = try PlayLoop(opening: opening, options: options).run()
        let report = outcome.report
        if options.json {
            try printDocument(RoundMessageDocument(report, message: outcome.nothing == nil ? nil : "nothing to play"))
        } else if outcome.nothing == nil {
            print(RoundOutput.human(report))
        }
        for line in RoundOutput.problems(report) { Terminal.warn(line) }
        try exitStatus(outcome)
    }

    /// 0 when everything asked was done; 1 for a refusal (today's swiping time used up); 130 for Ctrl-C; when the
    /// batch asked to move did not move whole (files not moved or left behind, or it waits in `clean pending`), 3, or 1
    /// when none of it moved.
    static func exitStatus(_ outcome: PlayLoop.Outcome) throws {
        if case .allowanceUsedUp = outcome.nothing { throw ExitCode.failure }
        if outcome.interrupted { throw ExitStatus.interrupted }
        if outcome.askedToMove { try ExitStatus.moved([outcome.report]) }
    }
}

/// `clean boss list`.
enum BossList {
    static func run(json: Bool) throws {
        let (board, calendar) = try AppService(environment: ProcessInfo.processInfo.environment).bossBoard()
        if json { return try printDocument(BossDocument.list(board, calendar: calendar)) }
        for boss in board.bosses {
            let state = boss.defeated ? "defeated" : "\(boss.progress)/\(boss.target)"
            let bar = progressBar(boss.fraction, width: 20)
            if let weekly = boss.weekly {
                let ends = DayText.short(Day(weekly.endsAt, in: calendar))
                print("This week: \(boss.title) (clean boss \(boss.name)) · \(boss.difficulty.rawValue.capitalized)")
                print("  " + fitted(weekly.story, Style.columns - 3))
                print("  \(bar) \(state) · +\(boss.xpReward) XP · \(plural(boss.cards, "card")) ready · a new boss on \(ends)")
            } else {
                print("\(boss.title) (clean boss \(boss.name)) · \(boss.difficulty.rawValue.capitalized)")
                print("  \(bar) \(state) · +\(boss.xpReward) XP · \(plural(boss.cards, "card")) ready")
            }
        }
    }
}
