import Deck
import FileSystem
import Foundation
import Game
import Library
import Play

/// Play opened for one round or boss battle: the index, the trash and the rules under the one-mover lock (held
/// until `lock` is released), with what it deals. What `clean round`, `clean boss NAME` and the web's
/// `POST /api/v1/rounds` start from.
package struct PlayOpening {
    /// The configuration, clock and state paths play was opened in.
    package let context: AppContext
    package let play: PlayContext
    /// The one-round lock: dropping the last reference releases it.
    package let lock: AnyObject
    /// What is played (this week's boss resolved to its name in the pool).
    package let kind: RoundKind
    /// The queue dealt: nil for a round (every kind of candidate) or this week's boss (its own filter).
    package let category: CardCategory?
    /// How long play lasts: `play.round_seconds` for a round, nil (untimed) for a boss.
    package let seconds: Double?
    /// The round's title for the screens: the boss's title, or nil for a round.
    package let bossTitle: String?
}

/// Why play could not open, worded once for both front-ends.
package enum PlayRefusal: Error, Equatable, CustomStringConvertible {
    /// No boss of that name in the rules: the names there are.
    case unknownBoss(String, choices: [String])
    /// This week has no boss: no boss of the pool has a card in this library.
    case noWeeklyBoss
    /// Another clean holds the one-mover lock (a restore, an empty, a batch moving).
    case moverBusy(home: String)
    /// A round is in play already, in another terminal or the web app.
    case roundInPlay(home: String)
    /// A scan is writing the index now: a round would deal from half of it.
    case scanRunning(home: String)

    package var description: String { words(on: .terminal) }

    package func words(on front: PlayFront) -> String {
        switch self {
        case .unknownBoss(let name, let choices):
            // The web's error repeats nothing of the request (issue 52).
            let named = front == .terminal ? " '\(name)'" : ""
            return "unknown boss\(named); choose \(choices.joined(separator: ", ")) or \(BossStanding.weeklyName)"
        case .noWeeklyBoss:
            let hint = front == .terminal ? " (`clean scan DIR` first, or see `clean boss list`)" : ""
            return "no weekly boss this week: no boss of the pool has a card in this library\(hint)"
        case .moverBusy(let home):
            return front == .terminal ? MoverBusy(home: home).description
                : "a round is already running: another clean is moving files; wait for it to finish and try again"
        case .roundInPlay(let home):
            return front == .terminal ? "a round is already in play for \(home) (in another terminal or `clean web`); finish it there first"
                : "a round is already running (in a terminal or another tab); finish it there first"
        case .scanRunning(let home):
            return "a scan is indexing \(front == .terminal ? home : "your folders") now; play once it has finished "
                + "(a round now would deal from half of the index)"
        }
    }
}

extension AppService {
    /// Opens play for a round (`boss` nil), a configured boss's battle or this week's (`weekly`): takes the one-mover
    /// lock and finishes what a crash left first (reported on stderr), then resolves what is dealt. The lock is taken
    /// before anything is dealt, so a round never deals from an index another clean is changing.
    package func openRound(boss: String?) throws -> PlayOpening {
        let context = try context()
        let (play, lock) = try context.openRoundPlay()
        guard let boss else {
            return PlayOpening(context: context, play: play, lock: lock, kind: .round, category: nil,
                               seconds: Double(context.configuration.play.roundSeconds), bossTitle: nil)
        }
        if boss == BossStanding.weeklyName {
            guard let name = try play.weeklyBossName(), let weekly = play.rules.weeklyBosses.first(where: { $0.name == name }) else {
                throw PlayRefusal.noWeeklyBoss
            }
            return PlayOpening(context: context, play: play, lock: lock, kind: .weekly(name), category: nil, seconds: nil, bossTitle: weekly.title)
        }
        guard let known = play.boss(named: boss) else { throw PlayRefusal.unknownBoss(boss, choices: play.rules.bosses.map(\.name)) }
        return PlayOpening(context: context, play: play, lock: lock, kind: .boss(boss), category: CardCategory(known.category), seconds: nil,
                           bossTitle: known.title)
    }
}

extension PlayOpening {
    /// How long a confirmed batch waits for a clean moving files now (a restore, an empty) before it waits in
    /// `clean pending` instead: a minute (`SWIPECLEAN_MOVER_WAIT_SECONDS` for tests).
    var moverWait: Double { context.environment["SWIPECLEAN_MOVER_WAIT_SECONDS"].flatMap(Double.init) ?? 60 }

    /// Ends play through `driver` (`RoundDriver.finish`): a batch that moves does so under the one-mover lock, waiting
    /// for a clean moving files now to finish; one that cannot get it in time is kept pending (said on stderr).
    /// `except`: files of the batch the player took out of it at the confirmation; they count as kept.
    package func finish(_ driver: RoundDriver, confirmed: Bool, except: Set<Int64> = []) throws -> RoundReport {
        if !except.isEmpty { driver.session.keep(except: except) }
        guard driver.confirmation(answer: confirmed) == .yes, !driver.deletedCards.isEmpty else {
            return try driver.finish(confirmed: confirmed)
        }
        guard let mover = try context.waitForMoverLock(seconds: moverWait) else {
            AppLog.warn("clean: another clean kept moving files for \(Int(moverWait)) s; nothing moved, the batch waits in `clean pending`")
            driver.interrupt()
            return try driver.finish(confirmed: false)
        }
        return try withExtendedLifetime(mover) { try driver.finish(confirmed: confirmed) }
    }
}
