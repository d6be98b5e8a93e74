import Deck
import Game
import Library
import Play

/// `GET /api/v1/home`: the profile plus what the home screen shows: the level to come, the nudge,
/// challenges, bosses with the cards each can deal, and what to clean next.
package struct HomeDocument: Encodable {
    struct Challenge: Encodable {
        let title: String
        let period: String
        let metric: String
        let progress: Int
        let target: Int
        let xpReward: Int
        let completed: Bool
    }

    let profile: ProfileDocument
    let nextLevelTitle: String?
    let freezesPerWeek: Int
    let freezesRenewOn: String
    let nudge: String?
    let hasLibrary: Bool
    let challenges: [Challenge]
    /// The configured bosses, then this week's (`weekly`), as `boss list --json` has them.
    let bosses: [BossDocument]
    /// What to play next, as the terminal says it (`clean boss NAME`).
    let suggestion: String
    /// The same as data: the boss to fight and what it deals; null when no boss can deal (see `hasLibrary`).
    let next: NextSuggestion?

    /// The home of the player `view` with the bosses of `board`.
    package init(context: AppContext, player view: PlayerView, board: BossBoard) {
        let today = Day(context.now, in: context.calendar)
        profile = ProfileDocument(view)
        nextLevelTitle = view.level.nextLevelXP.flatMap { next in view.rules.levels.first { $0.xpRequired == next }?.title }
        freezesPerWeek = view.rules.tiers.limits(for: view.tier).freezesPerWeek
        freezesRenewOn = today.startOfWeek(in: context.calendar).adding(days: 7).description
        nudge = Nudge.evening(view.profile, now: context.now, calendar: context.calendar, rules: view.rules)?.message
        hasLibrary = board.hasLibrary
        challenges = Challenges.list(for: view.profile, on: today, calendar: context.calendar, rules: view.rules).map { c in
            Challenge(title: c.title, period: c.period.rawValue, metric: c.metric.rawValue, progress: c.progress, target: c.target,
                      xpReward: c.xpReward, completed: c.completed)
        }
        bosses = BossDocument.list(board, calendar: context.calendar)
        suggestion = HomeSuggestion.words(board)
        next = board.next
    }
}

/// What to clean next, in one line, as the terminal says it (the home screen's last line, the home document's
/// `suggestion`); the page words `next` itself.
package enum HomeSuggestion {
    package static func words(_ board: BossBoard) -> String {
        guard board.hasLibrary else { return "scan your Pictures folder: `clean scan`, or another: `clean scan DIR`." }
        guard let next = board.next else { return "nothing to clean in the index right now. Scan another folder: `clean scan DIR`." }
        return "\(next.what), \(ByteCount.human(next.bytes)): `clean boss \(next.boss)`"
    }
}
