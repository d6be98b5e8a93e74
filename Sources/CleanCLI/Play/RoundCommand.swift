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
            try PlayCommand.run(options: options, kind: .round) { context in
                (.round, nil, Double(context.configuration.play.roundSeconds))
            }
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
            guard name != "weekly" else {
                return try PlayCommand.run(options: options, kind: .weekly(name)) { context in
                    guard let weekly = try weeklyBossName(context: context, profile: PlayerView(context: context).profile) else {
                        throw CleanError("no weekly boss this week: no boss of the pool has a card in this library (`clean scan DIR` first, or see `clean boss list`)")
                    }
                    return (.weekly(weekly), nil, nil)
                }
            }
            try PlayCommand.run(options: options, kind: .boss(name)) { context in
                guard let boss = context.configuration.game.boss(named: name) else {
                    throw CleanError("unknown boss '\(name)'; choose \(context.configuration.game.bosses.map(\.name).joined(separator: ", "))")
                }
                return (.boss(name), CardCategory(boss.category), nil)
            }
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

/// The shared body of `round` and `boss NAME`: open, play, show the result.
enum PlayCommand {
    /// `deal` gives what is played (this week's boss resolved), its queue (nil: every kind of candidate, or a weekly
    /// boss's filter) and the seconds of play (nil: untimed).
    static func run(options: PlayOptions, kind: RoundKind,
                    deal: (AppContext) throws -> (kind: RoundKind, category: CardCategory?, seconds: Double?)) throws {
        if options.web {
            let path = if case .weekly = kind { "/play?boss=weekly" } else { kind.bossName.map { "/play?boss=\($0)" } ?? "/play" }
            return try WebLauncher.serve(port: 0, open: !options.noOpen, path: path)
        }
        let context = try AppContext()
        let (kind, category, seconds) = try deal(context)
        let (play, lock) = try context.openPlay()
        defer { withExtendedLifetime(lock) {} }
        let (report, nothingToPlay) = try PlayLoop(context: context, play: play, options: options, kind: kind, category: category,
                                                   roundSeconds: seconds).run()
        if options.json {
            try printDocument(RoundMessageDocument(report, message: nothingToPlay == nil ? nil : "nothing to play"))
        } else if nothingToPlay == nil {
            print(RoundOutput.human(report))
        }
    }
}

/// `clean boss list`.
enum BossList {
    static func run(json: Bool) throws {
        let context = try AppContext()
        let view = try PlayerView(context: context)
        let available = try dealableCounts(context: context)
        let bosses = Bosses.list(for: view.profile, rules: view.rules)
        let weekly = try weeklyBoss(context: context, profile: view.profile)
        if json { return try printDocument(BossDocument.list(bosses, available: available, weekly: weekly, calendar: context.calendar)) }
        for boss in bosses {
            let state = boss.defeated ? "defeated" : "\(boss.progress)/\(boss.target)"
            let difficulty = BossDifficulty.of(target: boss.target, progress: boss.progress, dealable: available[boss.name] ?? 0)
            print("\(boss.title) (clean boss \(boss.name)) · \(difficulty.rawValue.capitalized)")
            print("  \(progressBar(Double(min(boss.progress, boss.target)) / Double(max(1, boss.target)), width: 20)) \(state) · +\(boss.xpReward) XP · \(available[boss.name] ?? 0) cards ready")
        }
        if let weekly {
            let status = weekly.status
            let state = status.defeated ? "defeated" : "\(status.progress)/\(status.target)"
            let ends = DayText.short(Day(weekly.endsAt, in: context.calendar))
            let difficulty = BossDifficulty.of(target: status.target, progress: status.progress, dealable: weekly.cards)
            print("This week: \(status.boss.title) (clean boss weekly) · \(difficulty.rawValue.capitalized)")
            print("  " + truncated(status.boss.story, Style.columns - 3))
            print("  \(progressBar(Double(status.progress) / Double(max(1, status.target)), width: 20)) \(state) · +\(status.boss.xpReward) XP · \(weekly.cards) cards ready · a new boss on \(ends)")
        }
    }
}
