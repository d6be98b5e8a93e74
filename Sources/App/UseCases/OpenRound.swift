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
    /// The one-mover lock: dropping the last reference releases it.
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
    /// Another clean holds the one-mover lock (a round in play, a restore, an empty).
    case moverBusy(home: String)

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
        }
    }
}

extension AppService {
    /// Opens play for a round (`boss` nil), a configured boss's battle or this week's (`weekly`): takes the one-mover
    /// lock and finishes what a crash left first (reported on stderr), then resolves what is dealt. The lock is taken
    /// before anything is dealt, so a round never deals from an index another clean is changing.
    package func openRound(boss: String?) throws -> PlayOpening {
        let context = try context()
        let play: PlayContext, lock: ProcessLock
        do {
            (play, lock) = try context.openPlay()
        } catch is MoverBusy {
            throw PlayRefusal.moverBusy(home: context.home)
        }
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
