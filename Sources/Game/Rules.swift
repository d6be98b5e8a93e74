import Foundation

/// Every number of the game, with the shipped values in `defaults` (mirrored by `[game]` in Config/swipeclean.toml).
///
/// Encoded by the settings module with JSONEncoder's `.convertToSnakeCase`, so names are plain lowerCamelCase
/// words: no digits, no acronyms but a leading `xp`.
public struct Rules: Codable, Sendable, Equatable {
    /// XP of a round before the multiplier.
    public var xp: XPRules
    /// Multiplier by streak day counting today: the first entry on day 1, the last from then on. `[1]` turns it off.
    public var multiplierLadder: [Double]
    /// Local hour from which the evening nudge shows (18: from 18:00).
    public var eveningNudgeHour: Int
    /// A round ending before this local hour counts as early.
    public var earlyRoundHour: Int
    /// A round ending at or after this local hour counts as late.
    public var lateRoundHour: Int
    /// Challenges active each day, picked from the daily pool.
    public var dailyChallenges: Int
    /// Challenges active each week, picked from the weekly pool.
    public var weeklyChallenges: Int
    /// What free and pro allow.
    public var tiers: TierRules
    /// Levels by cumulative XP.
    public var levels: [LevelDefinition]
    public var achievements: [AchievementDefinition]
    public var bosses: [BossDefinition]
    /// The pool a boss is chosen from each Monday (`clean boss weekly`).
    public var weeklyBosses: [WeeklyBossDefinition]
    /// Seasonal XP events, multiplying a round's XP after the streak multiplier.
    public var events: [XPEvent]
    /// The pool daily and weekly challenges are picked from.
    public var challenges: [ChallengeDefinition]

    public init(xp: XPRules, multiplierLadder: [Double], eveningNudgeHour: Int, earlyRoundHour: Int, lateRoundHour: Int,
                dailyChallenges: Int, weeklyChallenges: Int, tiers: TierRules, levels: [LevelDefinition],
                achievements: [AchievementDefinition], bosses: [BossDefinition], challenges: [ChallengeDefinition],
                weeklyBosses: [WeeklyBossDefinition] = [], events: [XPEvent] = []) {
        self.xp = xp
        self.multiplierLadder = multiplierLadder
        self.eveningNudgeHour = eveningNudgeHour
        self.earlyRoundHour = earlyRoundHour
        self.lateRoundHour = lateRoundHour
        self.dailyChallenges = dailyChallenges
        self.weeklyChallenges = weeklyChallenges
        self.tiers = tiers
        self.levels = levels
        self.achievements = achievements
        self.bosses = bosses
        self.weeklyBosses = weeklyBosses
        self.events = events
        self.challenges = challenges
    }
}
