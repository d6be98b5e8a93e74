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
        breakdown(reviewed: reviewed, deleted: deleted, bytesFreed: bytesFreed, bossReward: bossReward, rules: rules).total
    }

    /// `forRound` part by part, as a round-end screen shows it.
    public static func breakdown(reviewed: Int, deleted: Int, bytesFreed: Int, bossReward: Int, rules: XPRules) -> XPBreakdown {
        guard reviewed > 0 else { return XPBreakdown() }
        let steps = rules.bonusBytesStep > 0 ? max(0, bytesFreed) / rules.bonusBytesStep : 0
        return XPBreakdown(files: max(0, deleted).saturatingMultiply(rules.perPhotoDeleted), round: rules.perRound,
                           size: steps.saturatingMultiply(rules.perBonusStep), boss: max(0, bossReward))
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

/// A round's base XP by where it came from (before the streak multiplier).
public struct XPBreakdown: Codable, Sendable, Equatable {
    /// Per photo moved to the trash (content credited for the first time).
    public var files = 0
    /// For finishing a round in which something was reviewed.
    public var round = 0
    /// Per whole step of bytes freed.
    public var size = 0
    /// The defeated boss's reward.
    public var boss = 0

    public init(files: Int = 0, round: Int = 0, size: Int = 0, boss: Int = 0) {
        self.files = files
        self.round = round
        self.size = size
        self.boss = boss
    }

    public var total: Int { files.saturatingAdd(round).saturatingAdd(size).saturatingAdd(boss) }
}
