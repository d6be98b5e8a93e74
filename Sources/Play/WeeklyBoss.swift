import Foundation
import Game
import Library

/// This week's boss as a library and a profile make it: which one, its target and progress, the cards it can deal.
public struct WeeklyBossView: Sendable, Equatable {
    public let status: WeeklyBossStatus
    /// Cards it can deal now.
    public let cards: Int
    /// When the week ends and another boss comes: the next Monday's local midnight.
    public let endsAt: Date
}

/// Finds this week's boss: the rules of `WeeklyBosses` over the index's counts of each pool boss's cards.
public enum WeeklyBossFinder {
    /// This week's boss at `now`, or nil when no boss of the pool can deal a card (or there is no library).
    public static func thisWeek(library: LibraryDatabase?, profile: Profile, rules: Rules, policy: QueuePolicy,
                                now: Date, calendar: Calendar) throws -> WeeklyBossView? {
        guard let library, !rules.weeklyBosses.isEmpty else { return nil }
        let week = BossWeek(now, in: calendar)
        var counts: [String: Int] = [:]
        func count(_ boss: WeeklyBossDefinition) throws -> Int {
            if let known = counts[boss.name] { return known }
            let found = try library.cardCount(filter: boss.filter.resolved(for: week, in: calendar), policy: policy)
            counts[boss.name] = found
            return found
        }
        if let stored = profile.weeklyBoss, stored.week == week, let fought = rules.weeklyBosses.first(where: { $0.name == stored.name }) {
            _ = try count(fought)   // the boss fought this week stays: no need to count the others
        } else {
            for boss in rules.weeklyBosses { _ = try count(boss) }
        }
        guard let boss = WeeklyBosses.choose(for: week, pool: rules.weeklyBosses, dealable: counts, progress: profile.weeklyBoss)
        else { return nil }
        let remaining = try count(boss)
        return WeeklyBossView(status: WeeklyBosses.status(of: boss, in: week, stored: profile.weeklyBoss, remaining: remaining),
                              cards: remaining, endsAt: week.end(in: calendar))
    }
}

extension PlayContext {
    /// This week's boss for the stored player.
    public func weeklyBoss() throws -> WeeklyBossView? {
        try WeeklyBossFinder.thisWeek(library: library, profile: library.profile() ?? newPlayer, rules: rules, policy: queuePolicy,
                                      now: now, calendar: calendar)
    }

    /// The cards the weekly boss `name` deals this week.
    public func weeklyCards(_ name: String, order: QueueOrder) throws -> [Card] {
        guard let boss = rules.weeklyBosses.first(where: { $0.name == name }) else { return [] }
        return try library.cards(filter: boss.filter.resolved(for: BossWeek(now, in: calendar), in: calendar), policy: queuePolicy, order: order)
    }

    /// How many cards the weekly boss `name` can still deal in the week of `date` (0 for a name the rules no longer have).
    func weeklyRemaining(_ name: String, week date: Date) throws -> Int {
        guard let boss = rules.weeklyBosses.first(where: { $0.name == name }) else { return 0 }
        return try library.cardCount(filter: boss.filter.resolved(for: BossWeek(date, in: calendar), in: calendar), policy: queuePolicy)
    }
}
