import Foundation

/// Everything the game remembers about the player, as one value the round end replaces whole.
public struct Profile: Codable, Sendable, Equatable {
    // MARK: - Progress

    /// All XP ever earned; restores do not take it back.
    public var totalXP: Int
    /// The streak, replaced only by `Streak.advance`.
    public var streak: Streak
    public var freezesRemaining: Int
    /// The first day of the calendar week of the last freeze refill; nil before the first.
    public var lastFreezeRefillWeek: Day?
    /// Past days the streak moved over: completed, frozen, rest, vacation. A day without a record was missed.
    public var dayRecords: [Day: DayState]

    // MARK: - Counters

    public var photosReviewed: Int
    /// Net of restores.
    public var photosDeleted: Int
    /// Net of restores.
    public var bytesFreed: Int
    /// Rounds with at least one photo reviewed.
    public var roundsCompleted: Int
    /// Rounds completed on each day (for the marathon achievement).
    public var roundsPerDay: [Day: Int]
    /// Rounds that ended before `Rules.earlyRoundHour`.
    public var earlyRounds: Int
    /// Rounds that ended at or after `Rules.lateRoundHour`.
    public var lateRounds: Int
    /// The most days completed within one calendar week so far.
    public var mostDaysCompletedInOneWeek: Int

    // MARK: - Bosses, achievements, challenges

    /// Confirmed deletions toward each boss, by name, kept across sessions.
    public var bossProgress: [String: Int]
    /// When each defeated boss fell, by name.
    public var bossDefeats: [String: Date]
    /// Names of every boss ever fought.
    public var bossesFoughtEver: Set<String>
    /// The weekly boss fought most recently: its week, progress and defeat (progress starts again each week).
    public var weeklyBoss: WeeklyBossProgress?
    /// Every weekly boss defeated, oldest first.
    public var weeklyBossDefeats: [WeeklyBossDefeat]
    /// When each unlocked achievement was unlocked, by id.
    public var achievementsUnlocked: [String: Date]
    /// Today's and this week's challenge progress (bosses fought this week included).
    public var challenges: ChallengeProgress

    // MARK: - Settings that shape the streak

    /// The weekly rest day, numbered as `Calendar` does (1 Sunday … 7 Saturday); nil for none.
    public var restWeekday: Int?
    public var vacation: Vacation?

    public init(totalXP: Int = 0, streak: Streak = .none, freezesRemaining: Int = 0, lastFreezeRefillWeek: Day? = nil,
                dayRecords: [Day: DayState] = [:], photosReviewed: Int = 0, photosDeleted: Int = 0, bytesFreed: Int = 0,
                roundsCompleted: Int = 0, roundsPerDay: [Day: Int] = [:], earlyRounds: Int = 0, lateRounds: Int = 0,
                mostDaysCompletedInOneWeek: Int = 0, bossProgress: [String: Int] = [:], bossDefeats: [String: Date] = [:],
                bossesFoughtEver: Set<String> = [], achievementsUnlocked: [String: Date] = [:],
                challenges: ChallengeProgress = ChallengeProgress(), restWeekday: Int? = nil, vacation: Vacation? = nil,
                weeklyBoss: WeeklyBossProgress? = nil, weeklyBossDefeats: [WeeklyBossDefeat] = []) {
        self.totalXP = totalXP
        self.streak = streak
        self.freezesRemaining = freezesRemaining
        self.lastFreezeRefillWeek = lastFreezeRefillWeek
        self.dayRecords = dayRecords
        self.photosReviewed = photosReviewed
        self.photosDeleted = photosDeleted
        self.bytesFreed = bytesFreed
        self.roundsCompleted = roundsCompleted
        self.roundsPerDay = roundsPerDay
        self.earlyRounds = earlyRounds
        self.lateRounds = lateRounds
        self.mostDaysCompletedInOneWeek = mostDaysCompletedInOneWeek
        self.bossProgress = bossProgress
        self.bossDefeats = bossDefeats
        self.bossesFoughtEver = bossesFoughtEver
        self.achievementsUnlocked = achievementsUnlocked
        self.challenges = challenges
        self.restWeekday = restWeekday
        self.vacation = vacation
        self.weeklyBoss = weeklyBoss
        self.weeklyBossDefeats = weeklyBossDefeats
    }

    /// A first-time player: level 1, 0 XP, no streak, the tier's weekly freezes.
    public static func newPlayer(tier: Tier, rules: Rules) -> Profile {
        Profile(freezesRemaining: rules.tiers.limits(for: tier).freezesPerWeek)
    }

    // MARK: - Derived

    /// Days in the stored streak (see `Streak.standing` for whether it still holds today).
    public var currentStreak: Int { streak.current }
    public var longestStreak: Int { streak.longest }
    public var lastActiveDay: Day? { streak.lastActiveDay }
    /// Every defeat counts: each boss of the rules once, and each weekly boss every week it falls.
    public var bossesDefeated: Int { bossDefeats.count.saturatingAdd(weeklyBossDefeats.count) }

    /// Level, title and progress toward the next level.
    public func level(rules: Rules) -> LevelStatus {
        Levels.status(forXP: totalXP, levels: rules.levels)
    }

    /// The streak the player still holds on `today` before playing (0 once it can no longer be saved).
    public func standingStreak(on today: Day) -> Int {
        Streak.standing(streak, on: today, freezesAvailable: freezesRemaining, restWeekday: restWeekday, vacation: vacation)
    }

    // MARK: - Transformations

    /// The profile after restoring `files` trashed files of `bytes` bytes: deletions and bytes freed go back
    /// down (never below 0), and so does the progress of the day and week they were deleted in, when that is
    /// still the challenges' period (`deletedOn`, weeks by `calendar`: `Challenges.restoring`); XP,
    /// achievements, bosses and challenges already completed stay.
    public func applyingRestore(files: Int, bytes: Int, deletedOn: Day? = nil, calendar: Calendar? = nil) -> Profile {
        var profile = self
        profile.photosDeleted = max(0, photosDeleted.saturatingSubtract(max(0, files)))
        profile.bytesFreed = max(0, bytesFreed.saturatingSubtract(max(0, bytes)))
        if let deletedOn, let calendar {
            profile.challenges = Challenges.restoring(files: files, bytes: bytes, deletedOn: deletedOn, calendar: calendar, progress: challenges)
        }
        return profile
    }

    /// The profile viewed on `now`: freezes refilled to the tier's cap if a new calendar week has begun.
    public func renewingFreezes(now: Date, calendar: Calendar, rules: Rules, tier: Tier) -> Profile {
        let refill = Freezes.refill(remaining: freezesRemaining, lastRefillWeek: lastFreezeRefillWeek,
                                    on: Day(now, in: calendar), calendar: calendar,
                                    cap: rules.tiers.limits(for: tier).freezesPerWeek)
        var profile = self
        profile.freezesRemaining = refill.remaining
        profile.lastFreezeRefillWeek = refill.lastRefillWeek
        return profile
    }
}
