import Foundation

/// How many XP a round is worth before the streak multiplier.
public struct XPRules: Codable, Sendable, Equatable {
    /// XP per photo actually moved to the trash.
    public var perPhotoDeleted: Int
    /// XP for finishing a round in which at least one photo was reviewed.
    public var perRound: Int
    /// Bytes freed that earn one bonus step (100 MiB).
    public var bonusBytesStep: Int
    /// XP per whole bonus step of bytes freed.
    public var perBonusStep: Int

    public init(perPhotoDeleted: Int, perRound: Int, bonusBytesStep: Int, perBonusStep: Int) {
        self.perPhotoDeleted = perPhotoDeleted
        self.perRound = perRound
        self.bonusBytesStep = bonusBytesStep
        self.perBonusStep = perBonusStep
    }
}

/// The XP arithmetic: a round's base XP and the streak multiplier.
public enum XP {
    /// Base XP for a round: nothing when nothing was reviewed; otherwise per-delete XP, the round
    /// bonus, a bonus per whole step of bytes freed, and the defeated boss's reward (0 if none).
    /// Sums and products hold at `Int.max` rather than trap.
    public static func forRound(reviewed: Int, deleted: Int, bytesFreed: Int, bossReward: Int, rules: XPRules) -> Int {
        guard reviewed > 0 else { return 0 }
        let steps = rules.bonusBytesStep > 0 ? max(0, bytesFreed) / rules.bonusBytesStep : 0
        return max(0, deleted).saturatingMultiply(rules.perPhotoDeleted).saturatingAdd(rules.perRound)
            .saturatingAdd(steps.saturatingMultiply(rules.perBonusStep)).saturatingAdd(max(0, bossReward))
    }

    /// The ladder's rung for a streak of `streakDays` counting today: day 1 is the first rung, the last rung holds
    /// from then on. An empty ladder or a streak below 1 gives 1.
    public static func multiplier(streakDays: Int, ladder: [Double]) -> Double {
        guard !ladder.isEmpty else { return 1 }
        return ladder[min(max(streakDays, 1), ladder.count) - 1]
    }

    /// `xp` times `multiplier`, rounded down (held within `Int`; a NaN multiplier gives 0).
    public static func applying(multiplier: Double, to xp: Int) -> Int {
        Int.saturating(Double(xp) * multiplier)
    }
}
