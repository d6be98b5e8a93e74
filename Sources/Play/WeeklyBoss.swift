import Deck
import Foundation
import Game
import Library

/// This week's boss as a library and a profile make it: which one, its target and progress, the cards it can deal.
public struct WeeklyBossView: Sendable, Equatable {
    public let status: WeeklyBossStatus
    /// Cards it can deal now (counted up to the limit asked for: `cardsCounted`).
    public let cards: Int
    /// Whether `cards` is every card it can deal, not the limit the count stopped at.
    public let cardsCounted: Bool
    /// When the week ends and another boss comes: the next Monday's local midnight.
    public let endsAt: Date
}

/// Finds this week's boss: the rules of `WeeklyBosses` over the index's counts of each pool boss's cards.
public enum WeeklyBossFinder {
    /// This week's boss at `now`, or nil when no boss of the pool can deal a card (or there is no library). Its
    /// cards are counted up to `limit` (nil: all of them).
    public static func thisWeek(library: LibraryDatabase?, profile: Profile, rules: Rules, policy: QueuePolicy,
                                now: Date, calendar: Calendar, countingUpTo limit: Int? = nil) throws -> WeeklyBossView? {
        guard let library, let boss = try boss(library: library, profile: profile, rules: rules, policy: policy, now: now, calendar: calendar)
        else { return nil }
        let week = BossWeek(now, in: calendar)
        let remaining = try library.cardCount(filter: boss.filter.resolved(for: week, in: calendar), policy: policy, upTo: limit)
        return WeeklyBossView(status: WeeklyBosses.status(of: boss, in: week, stored: profile.weeklyBoss, remaining: remaining),
                              cards: remaining, cardsCounted: limit.map { remaining < $0 } ?? true, endsAt: week.end(in: calendar))
    }

    /// This week's boss at `now` without counting its cards (a count reads every path its folder filter names:
    /// a dealing front-end counts them once, with the deck); nil when no boss of the pool can deal a card.
    public static func boss(library: LibraryDatabase, profile: Profile, rules: Rules, policy: QueuePolicy,
                            now: Date, calendar: Calendar) throws -> WeeklyBossDefinition? {
        guard !rules.weeklyBosses.isEmpty else { return nil }
        return try choose(week: BossWeek(now, in: calendar), library: library, profile: profile, rules: rules, policy: policy,
                          calendar: calendar)
    }

    /// The setting that remembers the week's boss once chosen: "WEEK NAME".
    static let choiceSetting = "weeklyBoss.choice"

    /// The boss fought this week; else the one chosen earlier this week while it can still deal; else the
    /// rules' choice, remembered for the week. Choosing needs only whether each boss of the pool can deal (a
    /// query that stops at its first card), but a boss whose filter takes nothing reads the whole index:
    /// at a million files the pool costs seconds, so it is asked once a week, not on every home screen.
    private static func choose(week: BossWeek, library: LibraryDatabase, profile: Profile, rules: Rules, policy: QueuePolicy,
                               calendar: Calendar) throws -> WeeklyBossDefinition? {
        if let stored = profile.weeklyBoss, stored.week == week, let fought = rules.weeklyBosses.first(where: { $0.name == stored.name }) {
            return fought
        }
        let canDeal = { (boss: WeeklyBossDefinition) in try library.hasCard(filter: boss.filter.resolved(for: week, in: calendar), policy: policy) }
        if let remembered = try library.setting(choiceSetting), let space = remembered.firstIndex(of: " "),
           remembered[..<space] == week.description,
           let boss = rules.weeklyBosses.first(where: { $0.name == remembered[remembered.index(after: space)...] }), try canDeal(boss) {
            return boss
        }
        var dealable: [String: Int] = [:]
        for boss in rules.weeklyBosses where try canDeal(boss) { dealable[boss.name] = 1 }
        let chosen = WeeklyBosses.choose(for: week, pool: rules.weeklyBosses, dealable: dealable, progress: profile.weeklyBoss)
        // A read-only state folder cannot remember it: the pool is asked again next time, nothing fails.
        if let chosen { try? library.setSetting(choiceSetting, to: "\(week.description) \(chosen.name)") }
        return chosen
    }
}

extension PlayContext {
    /// The name of this week's boss for the stored player, without counting its cards; nil when there is none.
    public func weeklyBossName() throws -> String? {
        try WeeklyBossFinder.boss(library: library, profile: library.profile() ?? newPlayer, rules: rules, policy: queuePolicy,
                                  now: now, calendar: calendar)?.name
    }

    /// The deck the weekly boss `name` deals this week (nil for a name the rules do not have).
    public func weeklyDeck(_ name: String, order: QueueOrder) throws -> CardDeck? {
        guard let boss = rules.weeklyBosses.first(where: { $0.name == name }) else { return nil }
        return try library.deck(filter: boss.filter.resolved(for: BossWeek(now, in: calendar), in: calendar), policy: queuePolicy, order: order)
    }

    /// Every card the weekly boss `name` deals this week.
    public func weeklyCards(_ name: String, order: QueueOrder) throws -> [Card] {
        try weeklyDeck(name, order: order)?.next(nil) ?? []
    }

    /// How many cards the weekly boss `name` can still deal in the week of `date` (0 for a name the rules no longer have).
    func weeklyRemaining(_ name: String, week date: Date) throws -> Int {
        guard let boss = rules.weeklyBosses.first(where: { $0.name == name }) else { return 0 }
        return try library.cardCount(filter: boss.filter.resolved(for: BossWeek(date, in: calendar), in: calendar), policy: queuePolicy)
    }
}
