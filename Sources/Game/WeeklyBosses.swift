import Foundation

/// A weekly boss of the pool: one is chosen each Monday, and its progress starts again each week.
public struct WeeklyBossDefinition: Codable, Sendable, Equatable {
    /// Its name in the profile's history (it is fought as `clean boss weekly`).
    public var name: String
    public var title: String
    /// The one-line story shown with it.
    public var story: String
    /// The files it deals.
    public var filter: BossFilter
    /// Confirmed deletions that defeat it, unless the library holds fewer (see `WeeklyBosses.target`).
    public var target: Int
    /// XP added to the round that defeats it (before the multipliers).
    public var xpReward: Int

    public init(name: String, title: String, story: String, filter: BossFilter, target: Int, xpReward: Int) {
        self.name = name
        self.title = title
        self.story = story
        self.filter = filter
        self.target = target
        self.xpReward = xpReward
    }
}

/// The weekly boss being fought: its week, its progress that week, and when it fell.
public struct WeeklyBossProgress: Codable, Sendable, Equatable {
    public var week: BossWeek
    public var name: String
    public var progress: Int
    public var defeatedAt: Date?

    public init(week: BossWeek, name: String, progress: Int = 0, defeatedAt: Date? = nil) {
        self.week = week
        self.name = name
        self.progress = progress
        self.defeatedAt = defeatedAt
    }
}

/// A weekly boss the player defeated, kept in the profile's history.
public struct WeeklyBossDefeat: Codable, Sendable, Equatable {
    public var week: BossWeek
    public var name: String
    public var title: String
    public var defeatedAt: Date

    public init(week: BossWeek, name: String, title: String, defeatedAt: Date) {
        self.week = week
        self.name = name
        self.title = title
        self.defeatedAt = defeatedAt
    }
}

/// This week's boss as the player sees it.
public struct WeeklyBossStatus: Sendable, Equatable {
    public var boss: WeeklyBossDefinition
    public var week: BossWeek
    public var target: Int
    /// Confirmed deletions this week (capped at the target).
    public var progress: Int
    public var defeatedAt: Date?
    public var defeated: Bool { defeatedAt != nil }
}

/// The rules of weekly bosses: which one this week, its target, its defeat.
public enum WeeklyBosses {
    /// This week's boss. A boss already fought this week stays. Otherwise the pool cycles with the week's serial
    /// number: a boss whose cards depend on the week ("this week N years ago") comes in its own slot of the cycle
    /// when it has cards that week; every other week the bosses that can deal cards (`dealable` by name) and do not
    /// depend on the week take turns, so consecutive weeks bring different bosses. Nil when none can deal.
    public static func choose(for week: BossWeek, pool: [WeeklyBossDefinition], dealable: [String: Int],
                              progress: WeeklyBossProgress?) -> WeeklyBossDefinition? {
        if let progress, progress.week == week, let fought = pool.first(where: { $0.name == progress.name }) { return fought }
        func canDeal(_ boss: WeeklyBossDefinition) -> Bool { (dealable[boss.name] ?? 0) > 0 }
        guard !pool.isEmpty else { return nil }
        let slot = pool[turn(week, of: pool.count)]
        if slot.filter.dependsOnWeek && canDeal(slot) { return slot }
        let steady = pool.filter { !$0.filter.dependsOnWeek && canDeal($0) }
        guard !steady.isEmpty else { return pool.first(where: canDeal) }
        return steady[turn(week, of: steady.count)]
    }

    /// The week's place in a cycle of `count`.
    static func turn(_ week: BossWeek, of count: Int) -> Int {
        ((week.serial % count) + count) % count
    }

    /// The target adapted to the library: the definition's, but never more than the cards the boss had this
    /// week (those still dealable plus those already deleted toward it), and at least 1.
    public static func target(_ boss: WeeklyBossDefinition, remaining: Int, progress: Int) -> Int {
        max(1, min(boss.target, max(0, remaining).saturatingAdd(max(0, progress))))
    }

    /// The progress this week's `boss` has, from the stored progress (which may be an earlier week's or another boss's).
    public static func progress(of boss: WeeklyBossDefinition, in week: BossWeek, stored: WeeklyBossProgress?) -> WeeklyBossProgress {
        if let stored, stored.week == week, stored.name == boss.name { return stored }
        return WeeklyBossProgress(week: week, name: boss.name)
    }

    /// The status to show, `remaining` being the cards the boss can deal now.
    public static func status(of boss: WeeklyBossDefinition, in week: BossWeek, stored: WeeklyBossProgress?, remaining: Int) -> WeeklyBossStatus {
        let current = progress(of: boss, in: week, stored: stored)
        let target = target(boss, remaining: remaining, progress: current.progress)
        return WeeklyBossStatus(boss: boss, week: week, target: target, progress: min(current.progress, target),
                                defeatedAt: current.defeatedAt)
    }

    /// After `confirmed` deletions toward `boss` in a battle of `week`, with `remaining` cards left to deal: the new
    /// progress, and the defeat if this battle reached the target. A battle of a week before the stored one
    /// (a clock gone back, a batch confirmed late) changes nothing.
    public static func record(confirmed: Int, toward boss: WeeklyBossDefinition, in week: BossWeek, remaining: Int, at now: Date,
                              stored: WeeklyBossProgress?) -> (progress: WeeklyBossProgress?, defeat: WeeklyBossDefeat?) {
        if let stored, week < stored.week { return (stored, nil) }
        var current = progress(of: boss, in: week, stored: stored)
        guard confirmed > 0 else { return (stored?.week == week && stored?.name == boss.name ? stored : current, nil) }
        current.progress = current.progress.saturatingAdd(confirmed)
        guard current.defeatedAt == nil, current.progress >= target(boss, remaining: remaining, progress: current.progress) else {
            return (current, nil)
        }
        current.defeatedAt = now
        return (current, WeeklyBossDefeat(week: week, name: boss.name, title: boss.title, defeatedAt: now))
    }
}
