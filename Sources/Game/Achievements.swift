import Foundation

/// The shelf an achievement is shown on.
public enum AchievementCategory: String, Codable, Sendable, CaseIterable {
    case milestones, consistency, volume, challenges, variety, timing, storage
}

/// How hard an achievement is.
public enum AchievementTier: String, Codable, Sendable, CaseIterable {
    case bronze, silver, gold, platinum
}

/// The profile number an achievement watches.
public enum AchievementMetric: String, Codable, Sendable, CaseIterable {
    /// Photos moved to the trash, net of restores.
    case photosDeleted
    /// Bytes freed, net of restores.
    case bytesFreed
    /// The longest streak, in days.
    case streak
    /// Bosses defeated, weekly ones included.
    case bossesDefeated
    /// Weekly bosses defeated.
    case weeklyBossesDefeated
    /// The level number reached.
    case level
    /// Rounds completed (with at least one photo reviewed).
    case roundsCompleted
    /// Different bosses fought at least once.
    case bossKindsFought
    /// Rounds that ended before `Rules.earlyRoundHour`.
    case earlyRounds
    /// Rounds that ended at or after `Rules.lateRoundHour`.
    case lateRounds
    /// The most days completed within one calendar week.
    case daysCompletedInOneWeek
    /// The most rounds completed on one day.
    case roundsInOneDay
}

/// One achievement: unlocked once its metric reaches `required`.
public struct AchievementDefinition: Codable, Sendable, Equatable {
    /// Stable kebab-case identifier, e.g. "first-steps".
    public var id: String
    public var title: String
    public var category: AchievementCategory
    public var tier: AchievementTier
    public var metric: AchievementMetric
    public var required: Int

    public init(id: String, title: String, category: AchievementCategory, tier: AchievementTier,
                metric: AchievementMetric, required: Int) {
        self.id = id
        self.title = title
        self.category = category
        self.tier = tier
        self.metric = metric
        self.required = required
    }
}

/// An achievement unlocked by a round.
public struct UnlockedAchievement: Codable, Sendable, Equatable {
    public var id: String
    public var title: String
    public var unlockedAt: Date
}

/// One line of `clean achievements --json`.
public struct AchievementStatus: Codable, Sendable, Equatable {
    public var id: String
    public var title: String
    public var category: AchievementCategory
    public var tier: AchievementTier
    public var metric: AchievementMetric
    public var required: Int
    /// The metric's value, capped at `required`.
    public var progress: Int
    public var unlocked: Bool
    /// Null while locked (written out, not left away, so every line has the same fields).
    public var unlockedAt: Date?

    private enum CodingKeys: String, CodingKey {
        case id, title, category, tier, metric, required, progress, unlocked, unlockedAt
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(title, forKey: .title)
        try container.encode(category, forKey: .category)
        try container.encode(tier, forKey: .tier)
        try container.encode(metric, forKey: .metric)
        try container.encode(required, forKey: .required)
        try container.encode(progress, forKey: .progress)
        try container.encode(unlocked, forKey: .unlocked)
        try container.encode(unlockedAt, forKey: .unlockedAt)
    }
}

/// Evaluating and listing achievements; the list itself is `Rules.achievements`.
public enum Achievements {
    /// The current value of `metric` for `profile`.
    public static func value(of metric: AchievementMetric, in profile: Profile, rules: Rules) -> Int {
        switch metric {
        case .photosDeleted: profile.photosDeleted
        case .bytesFreed: profile.bytesFreed
        case .streak: profile.longestStreak
        case .bossesDefeated: profile.bossesDefeated
        case .weeklyBossesDefeated: profile.weeklyBossDefeats.count
        case .level: Levels.status(forXP: profile.totalXP, levels: rules.levels).number
        case .roundsCompleted: profile.roundsCompleted
        case .bossKindsFought: profile.bossesFoughtEver.count
        case .earlyRounds: profile.earlyRounds
        case .lateRounds: profile.lateRounds
        case .daysCompletedInOneWeek: profile.mostDaysCompletedInOneWeek
        case .roundsInOneDay: profile.roundsPerDay.values.max() ?? 0
        }
    }

    /// Achievements whose metric has reached the requirement and that were not unlocked before, in rules order,
    /// dated `now`. Already unlocked ones are never returned again.
    public static func newlyUnlocked(in profile: Profile, at now: Date, rules: Rules) -> [UnlockedAchievement] {
        rules.achievements
            .filter { profile.achievementsUnlocked[$0.id] == nil && value(of: $0.metric, in: profile, rules: rules) >= $0.required }
            .map { UnlockedAchievement(id: $0.id, title: $0.title, unlockedAt: now) }
    }

    /// Every achievement in rules order with its progress and unlock date.
    public static func list(for profile: Profile, rules: Rules) -> [AchievementStatus] {
        rules.achievements.map { definition in
            let unlockedAt = profile.achievementsUnlocked[definition.id]
            let value = value(of: definition.metric, in: profile, rules: rules)
            return AchievementStatus(id: definition.id, title: definition.title, category: definition.category,
                                     tier: definition.tier, metric: definition.metric, required: definition.required,
                                     progress: unlockedAt != nil ? definition.required : min(value, definition.required),
                                     unlocked: unlockedAt != nil, unlockedAt: unlockedAt)
        }
    }
}
