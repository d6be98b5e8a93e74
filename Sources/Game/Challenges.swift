import Foundation

/// How long a challenge lasts: one calendar day, or one calendar week (starting on `calendar.firstWeekday`).
public enum ChallengePeriod: String, Codable, Sendable, CaseIterable {
    case daily, weekly
}

/// What a challenge counts within its period.
public enum ChallengeMetric: String, Codable, Sendable, CaseIterable {
    case photosDeleted, photosReviewed, bytesFreed, roundsCompleted
    /// Different bosses fought.
    case bossesFought
    /// Rounds that ended before `Rules.earlyRoundHour` (the early bird).
    case earlyRounds
    /// Days a round kept a streak that skipping the day would have cost a freeze or ended (protect your streak).
    case streakDaysKept
}

/// When a round ended, as the challenges see it.
public struct RoundMoment: Sendable, Equatable {
    /// Before `Rules.earlyRoundHour`.
    public var early: Bool
    /// The first round of a day on which the player's streak was at stake (`Profile.stake(on:)`).
    public var keptStreak: Bool

    public init(early: Bool = false, keptStreak: Bool = false) {
        self.early = early
        self.keptStreak = keptStreak
    }
}

/// One goal of the challenge pool.
public struct ChallengeDefinition: Codable, Sendable, Equatable {
    /// Stable kebab-case identifier.
    public var id: String
    public var title: String
    public var period: ChallengePeriod
    public var metric: ChallengeMetric
    public var target: Int
    /// XP added once when completed (not multiplied by the streak).
    public var xpReward: Int

    public init(id: String, title: String, period: ChallengePeriod, metric: ChallengeMetric, target: Int, xpReward: Int) {
        self.id = id
        self.title = title
        self.period = period
        self.metric = metric
        self.target = target
        self.xpReward = xpReward
    }
}

/// What was done within one day or one week, starting on `start`.
public struct PeriodProgress: Codable, Sendable, Equatable {
    /// The day the period starts on; nil before anything was recorded.
    public var start: Day?
    public var photosDeleted = 0
    public var photosReviewed = 0
    public var bytesFreed = 0
    public var roundsCompleted = 0
    public var earlyRounds = 0
    public var streakDaysKept = 0
    /// Names of the bosses fought in the period.
    public var bossesFought: Set<String> = []
    /// Ids of the challenges completed in the period.
    public var completed: Set<String> = []

    public init(start: Day? = nil) {
        self.start = start
    }

    /// The value `metric` has reached in this period.
    public func value(of metric: ChallengeMetric) -> Int {
        switch metric {
        case .photosDeleted: photosDeleted
        case .photosReviewed: photosReviewed
        case .bytesFreed: bytesFreed
        case .roundsCompleted: roundsCompleted
        case .bossesFought: bossesFought.count
        case .earlyRounds: earlyRounds
        case .streakDaysKept: streakDaysKept
        }
    }
}

/// Today's and this week's progress.
public struct ChallengeProgress: Codable, Sendable, Equatable {
    public var daily = PeriodProgress()
    public var weekly = PeriodProgress()

    public init(daily: PeriodProgress = PeriodProgress(), weekly: PeriodProgress = PeriodProgress()) {
        self.daily = daily
        self.weekly = weekly
    }
}

/// A challenge as the home screen shows it.
public struct ChallengeStatus: Codable, Sendable, Equatable {
    public var id: String
    public var title: String
    public var period: ChallengePeriod
    public var metric: ChallengeMetric
    public var target: Int
    /// Progress in the current period, capped at the target.
    public var progress: Int
    public var xpReward: Int
    public var completed: Bool
}

/// Daily and weekly challenges: picked from the pool by the date alone, counted at round end.
public enum Challenges {
    /// The challenges active on `day`: `rules.dailyChallenges` from the daily pool chosen by the day, and
    /// `rules.weeklyChallenges` from the weekly pool chosen by the week. Same date, same challenges.
    public static func active(on day: Day, calendar: Calendar, rules: Rules) -> [ChallengeDefinition] {
        let daily = rules.challenges.filter { $0.period == .daily }
        let weekly = rules.challenges.filter { $0.period == .weekly }
        let weekNumber = day.startOfWeek(in: calendar).julianDayNumber / 7
        return pick(daily, count: rules.dailyChallenges, key: day.julianDayNumber)
            + pick(weekly, count: rules.weeklyChallenges, key: weekNumber)
    }

    /// Progress after a round that ended on `day`, and the challenges it completed. Progress of a past day or
    /// week starts over; a round dated before the stored period (a clock that went backwards) changes nothing.
    public static func record(_ round: RoundResult, on day: Day, calendar: Calendar, progress: ChallengeProgress,
                              rules: Rules, moment: RoundMoment = RoundMoment()) -> ChallengeRecord {
        guard round.counts,
              let daily = current(progress.daily, start: day),
              let weekly = current(progress.weekly, start: day.startOfWeek(in: calendar))
        else { return ChallengeRecord(progress: progress, completed: []) }
        var updated = ChallengeProgress(daily: adding(round, moment, to: daily), weekly: adding(round, moment, to: weekly))
        var completed: [ChallengeDefinition] = []
        for challenge in active(on: day, calendar: calendar, rules: rules) {
            let period = challenge.period == .daily ? updated.daily : updated.weekly
            guard !period.completed.contains(challenge.id), period.value(of: challenge.metric) >= challenge.target else { continue }
            completed.append(challenge)
            switch challenge.period {
            case .daily: updated.daily.completed.insert(challenge.id)
            case .weekly: updated.weekly.completed.insert(challenge.id)
            }
        }
        return ChallengeRecord(progress: updated, completed: completed)
    }

    /// Progress after `files` deleted on `deletedOn` (`bytes` in all) were restored: the day's and the week's
    /// deletions and bytes freed go back down (never below 0) when the period they were counted in is the
    /// stored one, so "Free 1 GB this week" counts bytes freed net of restores, as the report does. A
    /// challenge already completed stays completed (its XP stays, as a restore's does).
    public static func restoring(files: Int, bytes: Int, deletedOn: Day, calendar: Calendar, progress: ChallengeProgress) -> ChallengeProgress {
        func less(_ period: PeriodProgress, start: Day) -> PeriodProgress {
            guard period.start == start else { return period }
            var period = period
            period.photosDeleted = max(0, period.photosDeleted.saturatingSubtract(max(0, files)))
            period.bytesFreed = max(0, period.bytesFreed.saturatingSubtract(max(0, bytes)))
            return period
        }
        return ChallengeProgress(daily: less(progress.daily, start: deletedOn),
                                 weekly: less(progress.weekly, start: deletedOn.startOfWeek(in: calendar)))
    }

    /// The challenges active on `day` with the profile's progress in their period.
    public static func list(for profile: Profile, on day: Day, calendar: Calendar, rules: Rules) -> [ChallengeStatus] {
        let daily = current(profile.challenges.daily, start: day) ?? PeriodProgress(start: day)
        let weekly = current(profile.challenges.weekly, start: day.startOfWeek(in: calendar)) ?? PeriodProgress()
        return active(on: day, calendar: calendar, rules: rules).map { challenge in
            let period = challenge.period == .daily ? daily : weekly
            return ChallengeStatus(id: challenge.id, title: challenge.title, period: challenge.period,
                                   metric: challenge.metric, target: challenge.target,
                                   progress: min(period.value(of: challenge.metric), challenge.target),
                                   xpReward: challenge.xpReward, completed: period.completed.contains(challenge.id))
        }
    }

    /// `progress` if it is the period starting on `start`, a fresh one if it is older, nil if it is newer.
    private static func current(_ progress: PeriodProgress, start: Day) -> PeriodProgress? {
        guard let stored = progress.start, stored >= start else { return PeriodProgress(start: start) }
        return stored == start ? progress : nil
    }

    /// `progress` with one more round counted.
    private static func adding(_ round: RoundResult, _ moment: RoundMoment, to progress: PeriodProgress) -> PeriodProgress {
        var progress = progress
        progress.photosDeleted = progress.photosDeleted.saturatingAdd(round.deleted)
        progress.photosReviewed = progress.photosReviewed.saturatingAdd(round.reviewed)
        progress.bytesFreed = progress.bytesFreed.saturatingAdd(round.bytesFreed)
        progress.roundsCompleted += 1
        if let boss = round.kind.bossName { progress.bossesFought.insert(boss) }
        if moment.early { progress.earlyRounds += 1 }
        if moment.keptStreak { progress.streakDaysKept += 1 }
        return progress
    }

    /// `count` consecutive entries of `pool` from a start chosen by mixing `key` (SplitMix64's finalizer):
    /// a pure function of the key, no random generator state.
    private static func pick(_ pool: [ChallengeDefinition], count: Int, key: Int) -> [ChallengeDefinition] {
        guard !pool.isEmpty, count > 0 else { return [] }
        var z = UInt64(bitPattern: Int64(key)) &+ 0x9E37_79B9_7F4A_7C15
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        z ^= z >> 31
        let start = Int(z % UInt64(pool.count))
        return (0..<min(count, pool.count)).map { pool[(start + $0) % pool.count] }
    }
}

/// Challenge progress after a round, with what it completed.
public struct ChallengeRecord: Sendable, Equatable {
    public let progress: ChallengeProgress
    public let completed: [ChallengeDefinition]
}
