import Testing
@testable import Game

@Suite struct XPTests {
    static let mebibyte = 1_048_576

    /// (reviewed, deleted, bytes freed, boss reward, XP): the worked examples of the design.
    @Test(arguments: [
        (5, 2, 3 * 1_024, 0, 52),                   // 2 deletes + 50 for the round
        (30, 30, 30 * 2 * 1_024, 0, 80),            // 30 + 50, small files earn no byte bonus
        (3, 3, 3 * 500 * 1_048_576, 0, 1_553),      // 3 + 50 + 1,500 MiB → 15 whole steps × 100
        (0, 0, 0, 500, 0),                          // nothing reviewed: nothing, boss or not
    ])
    func roundXPMatchesTheWorkedExamples(reviewed: Int, deleted: Int, bytes: Int, bossReward: Int, xp: Int) {
        #expect(XP.forRound(reviewed: reviewed, deleted: deleted, bytesFreed: bytes, bossReward: bossReward,
                            rules: Rules.defaults.xp) == xp)
    }

    /// Only whole 100 MiB steps count: 99.99 MiB earns nothing, 100 MiB earns 100, 199.99 MiB still 100.
    @Test(arguments: [(100 * mebibyte - 1, 50), (100 * mebibyte, 150), (200 * mebibyte - 1, 150), (200 * mebibyte, 250)])
    func byteBonusCountsWholeStepsOnly(bytes: Int, xp: Int) {
        #expect(XP.forRound(reviewed: 1, deleted: 0, bytesFreed: bytes, bossReward: 0, rules: Rules.defaults.xp) == xp)
    }

    @Test func defeatingABossAddsItsReward() {
        // 10 deletes + 50 + 500 for the boss.
        #expect(XP.forRound(reviewed: 12, deleted: 10, bytesFreed: 0, bossReward: 500, rules: Rules.defaults.xp) == 560)
    }

    @Test func theBreakdownNamesEachPartOfTheBaseXP() {
        // 3 deletes, the round, 1,500 MiB → 15 steps, a defeated boss.
        let parts = XP.breakdown(reviewed: 4, deleted: 3, bytesFreed: 1_500 * Self.mebibyte, bossReward: 500, rules: Rules.defaults.xp)
        #expect(parts == XPBreakdown(files: 3, round: 50, size: 1_500, boss: 500))
        #expect(parts.total == 2_053)
        #expect(XP.breakdown(reviewed: 0, deleted: 0, bytesFreed: 0, bossReward: 500, rules: Rules.defaults.xp) == XPBreakdown())
    }

    /// (streak days counting today, multiplier): day 1 1×, day 2 1.5×, … day 5 and later 3×.
    @Test(arguments: [(1, 1.0), (2, 1.5), (3, 2.0), (4, 2.5), (5, 3.0), (6, 3.0), (365, 3.0), (0, 1.0)])
    func multiplierClimbsTheLadder(days: Int, multiplier: Double) {
        #expect(XP.multiplier(streakDays: days, ladder: Rules.defaults.multiplierLadder) == multiplier)
    }

    @Test(arguments: [1, 2, 5, 100])
    func aLadderOfOneTurnsTheMultiplierOff(days: Int) {
        #expect(XP.multiplier(streakDays: days, ladder: [1]) == 1)
        #expect(XP.multiplier(streakDays: days, ladder: []) == 1)
    }

    /// (XP, multiplier, result): rounded down, never up.
    @Test(arguments: [(52, 1.5, 78), (53, 1.5, 79), (51, 2.5, 127), (1_553, 3.0, 4_659), (0, 3.0, 0)])
    func multipliedXPRoundsDown(xp: Int, multiplier: Double, result: Int) {
        #expect(XP.applying(multiplier: multiplier, to: xp) == result)
    }
}
