import Testing
@testable import Game

@Suite struct LevelTests {
    static let thresholds = [
        (1, "Data Hoarder", 0), (2, "Digital Declutterer", 500), (3, "Photo Organizer", 2_000),
        (4, "Storage Ninja", 5_000), (5, "Digital Janitor", 10_000), (6, "Cleanup Veteran", 25_000), (7, "Zen Master", 50_000),
    ]

    /// Every threshold: one XP short is the level below, the threshold and one more are the level.
    @Test(arguments: thresholds)
    func levelStartsExactlyAtItsThreshold(number: Int, title: String, xp: Int) {
        let levels = Rules.defaults.levels
        if xp > 0 { #expect(Levels.status(forXP: xp - 1, levels: levels).number == number - 1) }
        #expect(Levels.status(forXP: xp, levels: levels).number == number)
        #expect(Levels.status(forXP: xp, levels: levels).title == title)
        #expect(Levels.status(forXP: xp + 1, levels: levels).number == number)
    }

    @Test func progressAt3200IsTwoFifthsOfTheWayToStorageNinja() {
        let status = Levels.status(forXP: 3_200, levels: Rules.defaults.levels)
        #expect(status.number == 3)
        #expect(status.progress == 0.4)           // (3,200 − 2,000) / (5,000 − 2,000)
        #expect(status.xpToNextLevel == 1_800)
        #expect(status.nextLevelXP == 5_000)
    }

    @Test(arguments: [50_000, 50_001, 1_000_000])
    func maxLevelIsAlwaysFullProgress(xp: Int) {
        let status = Levels.status(forXP: xp, levels: Rules.defaults.levels)
        #expect(status.number == 7 && status.isMaxLevel)
        #expect(status.progress == 1.0)
        #expect(status.xpToNextLevel == 0)
    }

    @Test(arguments: [0, 499, 500])
    func aSingleLevelNeverDividesByZero(xp: Int) {
        let status = Levels.status(forXP: xp, levels: [LevelDefinition(title: "Only", xpRequired: 0)])
        #expect(status.number == 1 && status.title == "Only" && status.progress == 1.0)
    }

    /// Two equal thresholds (B and C at 500): reaching them is the later level, C, whose way to D (1,000) is 500 XP;
    /// progress stays finite and within 0…1.
    @Test(arguments: [(0, 1, 0.0), (499, 1, 0.998), (500, 3, 0.0), (750, 3, 0.5), (1_000, 4, 1.0)])
    func equalThresholdsNeverDivideByZero(xp: Int, number: Int, progress: Double) {
        let levels = [LevelDefinition(title: "A", xpRequired: 0), LevelDefinition(title: "B", xpRequired: 500),
                      LevelDefinition(title: "C", xpRequired: 500), LevelDefinition(title: "D", xpRequired: 1_000)]
        let status = Levels.status(forXP: xp, levels: levels)
        #expect(status.number == number)
        #expect(abs(status.progress - progress) < 1e-9)
    }

    @Test func noLevelsAtAllIsOneUntitledLevel() {
        #expect(Levels.status(forXP: 123, levels: []) ==
            LevelStatus(number: 1, title: "", xpRequired: 0, nextLevelXP: nil, progress: 1, xpToNextLevel: 0))
    }

    @Test func unsortedLevelsAreReadInXPOrder() {
        let levels = [LevelDefinition(title: "High", xpRequired: 1_000), LevelDefinition(title: "Low", xpRequired: 0)]
        #expect(Levels.status(forXP: 10, levels: levels).title == "Low")
        #expect(Levels.status(forXP: 1_000, levels: levels).number == 2)
    }
}
