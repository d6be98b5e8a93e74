import Foundation

/// How a profile is stored: a JSON object with a `version`, every field optional on the way in.
///
/// Version 1 is the unversioned JSON of the first release. A field missing from a stored profile (one
/// written before the field existed) takes its new player's value, so adding a field never breaks a
/// database; a profile from a newer release than this one is refused rather than half read.
extension Profile {
    /// The version this release writes.
    public static let storedVersion = 2

    enum CodingKeys: String, CodingKey {
        case version
        case totalXP, streak, freezesRemaining, lastFreezeRefillWeek, dayRecords
        case photosReviewed, photosDeleted, bytesFreed, roundsCompleted, roundsPerDay
        case earlyRounds, lateRounds, mostDaysCompletedInOneWeek
        case bossProgress, bossDefeats, bossesFoughtEver, achievementsUnlocked, challenges
        case restWeekday, vacation
        case weeklyBoss, weeklyBossDefeats
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let version = try c.decodeIfPresent(Int.self, forKey: .version) ?? 1
        guard version <= Self.storedVersion else {
            throw DecodingError.dataCorruptedError(
                forKey: .version, in: c,
                debugDescription: "the profile was written by a newer SwipeClean (profile version \(version); "
                    + "this one reads up to \(Self.storedVersion)): update clean")
        }
        func value<T: Decodable>(_ key: CodingKeys, _ fallback: T) throws -> T {
            try c.decodeIfPresent(T.self, forKey: key) ?? fallback
        }
        self.init(
            totalXP: try value(.totalXP, 0),
            streak: try value(.streak, .none),
            freezesRemaining: try value(.freezesRemaining, 0),
            lastFreezeRefillWeek: try c.decodeIfPresent(Day.self, forKey: .lastFreezeRefillWeek),
            dayRecords: try value(.dayRecords, [:]),
            photosReviewed: try value(.photosReviewed, 0),
            photosDeleted: try value(.photosDeleted, 0),
            bytesFreed: try value(.bytesFreed, 0),
            roundsCompleted: try value(.roundsCompleted, 0),
            roundsPerDay: try value(.roundsPerDay, [:]),
            earlyRounds: try value(.earlyRounds, 0),
            lateRounds: try value(.lateRounds, 0),
            mostDaysCompletedInOneWeek: try value(.mostDaysCompletedInOneWeek, 0),
            bossProgress: try value(.bossProgress, [:]),
            bossDefeats: try value(.bossDefeats, [:]),
            bossesFoughtEver: try value(.bossesFoughtEver, []),
            achievementsUnlocked: try value(.achievementsUnlocked, [:]),
            challenges: try value(.challenges, ChallengeProgress()),
            restWeekday: try c.decodeIfPresent(Int.self, forKey: .restWeekday),
            vacation: try c.decodeIfPresent(Vacation.self, forKey: .vacation),
            weeklyBoss: try c.decodeIfPresent(WeeklyBossProgress.self, forKey: .weeklyBoss),
            weeklyBossDefeats: try value(.weeklyBossDefeats, []))
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(Self.storedVersion, forKey: .version)
        try c.encode(totalXP, forKey: .totalXP)
        try c.encode(streak, forKey: .streak)
        try c.encode(freezesRemaining, forKey: .freezesRemaining)
        try c.encodeIfPresent(lastFreezeRefillWeek, forKey: .lastFreezeRefillWeek)
        try c.encode(dayRecords, forKey: .dayRecords)
        try c.encode(photosReviewed, forKey: .photosReviewed)
        try c.encode(photosDeleted, forKey: .photosDeleted)
        try c.encode(bytesFreed, forKey: .bytesFreed)
        try c.encode(roundsCompleted, forKey: .roundsCompleted)
        try c.encode(roundsPerDay, forKey: .roundsPerDay)
        try c.encode(earlyRounds, forKey: .earlyRounds)
        try c.encode(lateRounds, forKey: .lateRounds)
        try c.encode(mostDaysCompletedInOneWeek, forKey: .mostDaysCompletedInOneWeek)
        try c.encode(bossProgress, forKey: .bossProgress)
        try c.encode(bossDefeats, forKey: .bossDefeats)
        try c.encode(bossesFoughtEver, forKey: .bossesFoughtEver)
        try c.encode(achievementsUnlocked, forKey: .achievementsUnlocked)
        try c.encode(challenges, forKey: .challenges)
        try c.encodeIfPresent(restWeekday, forKey: .restWeekday)
        try c.encodeIfPresent(vacation, forKey: .vacation)
        try c.encodeIfPresent(weeklyBoss, forKey: .weeklyBoss)
        try c.encode(weeklyBossDefeats, forKey: .weeklyBossDefeats)
    }
}

/// A period's progress as stored: every field optional on the way in, so a new counter reads as 0.
extension PeriodProgress {
    enum CodingKeys: String, CodingKey {
        case start, photosDeleted, photosReviewed, bytesFreed, roundsCompleted, earlyRounds, streakDaysKept, bossesFought, completed
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(start: try c.decodeIfPresent(Day.self, forKey: .start))
        photosDeleted = try c.decodeIfPresent(Int.self, forKey: .photosDeleted) ?? 0
        photosReviewed = try c.decodeIfPresent(Int.self, forKey: .photosReviewed) ?? 0
        bytesFreed = try c.decodeIfPresent(Int.self, forKey: .bytesFreed) ?? 0
        roundsCompleted = try c.decodeIfPresent(Int.self, forKey: .roundsCompleted) ?? 0
        earlyRounds = try c.decodeIfPresent(Int.self, forKey: .earlyRounds) ?? 0
        streakDaysKept = try c.decodeIfPresent(Int.self, forKey: .streakDaysKept) ?? 0
        bossesFought = try c.decodeIfPresent(Set<String>.self, forKey: .bossesFought) ?? []
        completed = try c.decodeIfPresent(Set<String>.self, forKey: .completed) ?? []
    }
}

/// Both periods as stored; a missing one starts empty.
extension ChallengeProgress {
    enum CodingKeys: String, CodingKey { case daily, weekly }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(daily: try c.decodeIfPresent(PeriodProgress.self, forKey: .daily) ?? PeriodProgress(),
                  weekly: try c.decodeIfPresent(PeriodProgress.self, forKey: .weekly) ?? PeriodProgress())
    }
}
