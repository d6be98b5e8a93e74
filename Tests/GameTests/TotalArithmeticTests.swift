import Foundation
import Testing
@testable import Game

/// No number reaching the rules can trap: sums and products hold at the ends of Int (issue 14, item 6).
@Suite struct TotalArithmeticTests {
    static let now = ISO8601DateFormatter().date(from: "2026-03-02T19:30:00Z")!
    static var utc: Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar
    }

    @Test(arguments: [
        (2, 3, 6), (Int.max, 2, Int.max), (Int.min, 2, Int.min), (Int.max, -2, Int.min), (-3, -4, 12), (0, Int.max, 0),
    ])
    func productsSaturate(a: Int, b: Int, product: Int) {
        #expect(a.saturatingMultiply(b) == product)
    }

    @Test(arguments: [(1, 2, 3), (Int.max, 1, Int.max), (Int.min, -1, Int.min), (Int.max, Int.min, -1)])
    func sumsSaturate(a: Int, b: Int, sum: Int) {
        #expect(a.saturatingAdd(b) == sum)
    }

    @Test(arguments: [
        (100, 1.5, 150), (Int.max, 1e308, Int.max), (Int.max, 2.0, Int.max), (-5, Double.infinity, Int.min),
        (7, Double.nan, 0), (10, -1e308, Int.min), (3, 0.5, 1),
    ])
    func theMultiplierHoldsWithinInt(xp: Int, multiplier: Double, result: Int) {
        #expect(XP.applying(multiplier: multiplier, to: xp) == result)
    }

    @Test func extremeXPRulesGiveTheLargestXPInsteadOfTrapping() {
        let rules = XPRules(perPhotoDeleted: .max, perRound: .max, bonusBytesStep: 1, perBonusStep: .max)
        #expect(XP.forRound(reviewed: 3, deleted: 3, bytesFreed: .max, bossReward: .max, rules: rules) == .max)
    }

    @Test func aRoundEndWithEveryNumberAtItsEndDoesNotTrap() {
        var rules = Rules.defaults
        rules.xp = XPRules(perPhotoDeleted: .max, perRound: .max, bonusBytesStep: 1, perBonusStep: .max)
        rules.multiplierLadder = [1e308]
        rules.bosses = rules.bosses.map { var boss = $0; boss.target = 1; boss.xpReward = .max; return boss }
        rules.challenges = rules.challenges.map { var challenge = $0; challenge.target = 1; challenge.xpReward = .max; return challenge }
        rules.levels = [LevelDefinition(title: "low", xpRequired: .min), LevelDefinition(title: "high", xpRequired: .max)]
        var profile = Profile.newPlayer(tier: .free, rules: rules)
        profile.totalXP = .max - 10
        profile.photosDeleted = .max
        profile.bytesFreed = .max
        let round = RoundResult(reviewed: .max, kept: 0, deleted: .max, bytesFreed: .max, kind: .boss("screenshots"), confirmedTowardBoss: .max)
        let outcome = RoundEnd.apply(profile, round, now: Self.now, calendar: Self.utc, rules: rules, tier: .free)
        #expect(outcome.profile.totalXP == .max)
        #expect(outcome.profile.photosDeleted == .max)
        #expect(outcome.profile.bytesFreed == .max)
        #expect(outcome.events.roundXP == .max)
        #expect(outcome.events.xpEarned == .max)
        #expect(outcome.events.bossDefeated?.name == "screenshots")
        #expect(outcome.events.level.number == 2)
        // And again on top: still held, still no trap.
        let again = RoundEnd.apply(outcome.profile, round, now: Self.now, calendar: Self.utc, rules: rules, tier: .free)
        #expect(again.profile.totalXP == .max)
    }

    @Test func levelsAtTheEndsOfIntStillGiveAStatus() {
        let levels = [LevelDefinition(title: "a", xpRequired: .min), LevelDefinition(title: "b", xpRequired: .max)]
        let status = Levels.status(forXP: 0, levels: levels)
        #expect(status.number == 1)
        #expect(status.xpToNextLevel == .max)
        #expect(abs(status.progress - 0.5) < 1e-9)
        #expect(Levels.status(forXP: .min, levels: levels).xpToNextLevel == .max)
    }

    @Test func aRestoreBiggerThanEverythingStopsAtZero() {
        var profile = Profile()
        profile.photosDeleted = 5
        profile.bytesFreed = .min + 1
        let restored = profile.applyingRestore(files: .max, bytes: .max)
        #expect(restored.photosDeleted == 0)
        #expect(restored.bytesFreed == 0)
    }
}
