import Foundation
import Testing
@testable import Game

@Suite struct RulesTests {
    @Test func defaultsRoundTripThroughSnakeCaseJSON() throws {
        let encoder = JSONEncoder()
        encoder.keyEncodingStrategy = .convertToSnakeCase
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        let data = try encoder.encode(Rules.defaults)
        #expect(try decoder.decode(Rules.self, from: data) == Rules.defaults)
    }

    /// The names the settings module and the TOML rely on, spelled as the encoder spells them.
    @Test func snakeCaseKeysAreTheDocumentedOnes() throws {
        let encoder = JSONEncoder()
        encoder.keyEncodingStrategy = .convertToSnakeCase
        let object = try #require(try JSONSerialization.jsonObject(with: encoder.encode(Rules.defaults)) as? [String: Any])
        #expect(Set(object.keys) == ["xp", "multiplier_ladder", "evening_nudge_hour", "early_round_hour", "late_round_hour",
                                     "daily_challenges", "weekly_challenges", "tiers", "levels", "achievements", "bosses", "challenges",
                                     "weekly_bosses", "events"])
        let xp = try #require(object["xp"] as? [String: Any])
        #expect(Set(xp.keys) == ["per_photo_deleted", "per_round", "bonus_bytes_step", "per_bonus_step"])
        let tiers = try #require(object["tiers"] as? [String: [String: Any]])
        #expect(Set(tiers["free"]!.keys) == ["freezes_per_week", "swipe_seconds_per_day", "undos_per_day"])
        #expect(Set(tiers["pro"]!.keys) == ["freezes_per_week"])
        let levels = try #require(object["levels"] as? [[String: Any]])
        #expect(Set(levels[0].keys) == ["title", "xp_required"])
        let bosses = try #require(object["bosses"] as? [[String: Any]])
        #expect(Set(bosses[0].keys) == ["name", "title", "summary", "category", "target", "xp_reward"])
    }

    @Test func shipsTheTenAchievementsOfTheDesignAndMoreInTheSameModel() {
        let byID = Dictionary(uniqueKeysWithValues: Rules.defaults.achievements.map { ($0.id, $0) })
        let shipped: [(String, String, AchievementMetric, Int)] = [
            ("first-steps", "First Steps", .photosDeleted, 1), ("getting-started", "Getting Started", .photosDeleted, 100),
            ("photo-purger", "Photo Purger", .photosDeleted, 1_000), ("gigabyte-club", "Gigabyte Club", .bytesFreed, 1_000_000_000),
            ("week-warrior", "Week Warrior", .streak, 7), ("monthly-master", "Monthly Master", .streak, 30),
            ("year-round", "Year-Round", .streak, 365),
            ("boss-slayer", "Boss Slayer", .bossesDefeated, 1), ("boss-hunter", "Boss Hunter", .bossesDefeated, 5),
            ("zen-master", "Zen Master", .level, 7), ("centurion", "Centurion", .roundsCompleted, 100),
        ]
        for (id, title, metric, required) in shipped {
            #expect(byID[id]?.title == title && byID[id]?.metric == metric && byID[id]?.required == required, "\(id)")
        }
        #expect(byID.count == Rules.defaults.achievements.count, "ids are unique")
        #expect(byID.count >= 16)
        #expect(byID["space-maker"]?.required == 10_000_000_000)
        #expect(byID.keys.allSatisfy { $0.allSatisfy { $0.isLowercase || $0.isNumber || $0 == "-" } })
    }

    @Test func shipsTheSixBossesWorthFiveHundredEach() {
        let bosses = Rules.defaults.bosses.map { ($0.name, $0.target, $0.xpReward) }
        #expect(bosses.map(\.0) == ["screenshots", "videos", "old", "duplicates", "similar", "bad-shots"])
        #expect(bosses.map(\.1) == [50, 10, 100, 25, 50, 30])
        #expect(bosses.allSatisfy { $0.2 == 500 })
    }

    @Test(arguments: [(Tier.free, 1, 300 as Int?, 3 as Int?), (Tier.pro, 3, nil, nil)])
    func tierLimits(tier: Tier, freezes: Int, swipeSeconds: Int?, undos: Int?) {
        let limits = Rules.defaults.tiers.limits(for: tier)
        #expect(limits.freezesPerWeek == freezes && limits.swipeSecondsPerDay == swipeSeconds && limits.undosPerDay == undos)
    }
}
