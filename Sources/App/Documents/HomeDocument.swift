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

    struct Boss: Encodable {
        let name: String
        let title: String
        let target: Int
        let progress: Int
        let defeated: Bool
        let xpReward: Int
        let available: Int
        let difficulty: String
        let bytes: Int64
    }

    let profile: ProfileDocument
    let nextLevelTitle: String?
    let freezesPerWeek: Int
    let freezesRenewOn: String
    let nudge: String?
    let hasLibrary: Bool
    let challenges: [Challenge]
    let bosses: [Boss]
    let suggestion: String

    package init(context: AppContext) throws {
        let view = try PlayerView(context: context)
        let today = Day(context.now, in: context.calendar)
        let piles = try dealablePiles(context: context)
        profile = ProfileDocument(view)
        nextLevelTitle = view.level.nextLevelXP.flatMap { next in view.rules.levels.first { $0.xpRequired == next }?.title }
        freezesPerWeek = view.rules.tiers.limits(for: view.tier).freezesPerWeek
        freezesRenewOn = today.startOfWeek(in: context.calendar).adding(days: 7).description
        nudge = Nudge.evening(view.profile, now: context.now, calendar: context.calendar, rules: view.rules)?.message
        hasLibrary = try context.existingLibrary() != nil
        challenges = Challenges.list(for: view.profile, on: today, calendar: context.calendar, rules: view.rules).map { c in
            Challenge(title: c.title, period: c.period.rawValue, metric: c.metric.rawValue, progress: c.progress, target: c.target,
                      xpReward: c.xpReward, completed: c.completed)
        }
        bosses = Bosses.list(for: view.profile, rules: view.rules).map { b in
            let pile = piles[b.name]
            return Boss(name: b.name, title: b.title, target: b.target, progress: b.progress, defeated: b.defeated, xpReward: b.xpReward,
                        available: pile?.count ?? 0,
                        difficulty: BossDifficulty.of(target: b.target, progress: b.progress, dealable: pile?.count ?? 0).rawValue,
                        bytes: pile?.bytes ?? 0)
        }
        suggestion = HomeSuggestion.words(piles, bosses: view.rules.bosses, hasLibrary: hasLibrary)
    }
}

/// What to clean next, in one line (the home screen's last line, the home page's suggestion).
package enum HomeSuggestion {
    package static func words(_ piles: [String: CardTally], bosses: [BossDefinition], hasLibrary: Bool) -> String {
        guard hasLibrary else {
            return "start with `clean scan` (your Pictures folder), or `clean scan DIR` for another, such as a mounted phone's DCIM folder."
        }
        let ordered = bosses.compactMap { boss in piles[boss.name].map { (boss: boss.name, tally: $0) } }
        guard let best = NextBoss.best(ordered) else {
            return "nothing to clean in the index right now. Scan another folder: `clean scan DIR`."
        }
        let noun = bosses.first { $0.name == best.boss }.map { CardReason.title(CardCategory($0.category)) } ?? "card"
        return "\(Words.count(best.cards, noun)), \(ByteCount.human(best.bytes)): `clean boss \(best.boss)`"
    }
}
