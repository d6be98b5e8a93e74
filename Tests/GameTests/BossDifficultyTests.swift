import Testing
@testable import Game

/// Issue 14: boss difficulty from the target and what the library can deal.
@Suite struct BossDifficultyTests {
    @Test(arguments: [
        (50, 0, 100, BossDifficulty.easy), (50, 0, 99, .medium), (50, 0, 50, .medium), (50, 0, 49, .hard),
        (50, 40, 20, .easy), (50, 40, 10, .medium), (50, 40, 9, .hard), (10, 10, 0, .easy), (10, 25, 0, .easy),
        (1, 0, 0, .hard), (1, 0, 1, .medium), (1, 0, 2, .easy), (Int.max, 0, 1, .hard), (5, -3, 10, .easy),
    ])
    func difficultyIsWhatIsLeftAgainstTheCards(target: Int, progress: Int, dealable: Int, expected: BossDifficulty) {
        #expect(BossDifficulty.of(target: target, progress: progress, dealable: dealable) == expected)
    }
}
