import Foundation
import Testing

@Suite struct ProfileAndAchievementsCommandTests {
    static let profileFields = ["totalXP", "level", "levelTitle", "levelProgress", "currentStreak", "longestStreak",
                                "streakFreezesRemaining", "tier", "photosReviewed", "photosDeleted", "bytesFreed",
                                "roundsCompleted", "bossesDefeated", "achievementsUnlocked", "calendar"]
    static let achievementFields = ["id", "title", "category", "tier", "metric", "required", "progress", "unlocked", "unlockedAt"]
    static let shippedAchievements = ["first-steps", "getting-started", "photo-purger", "gigabyte-club", "week-warrior",
                                      "monthly-master", "year-round", "boss-slayer", "boss-hunter", "zen-master", "centurion",
                                      "well-rounded", "early-bird", "night-owl", "perfect-week", "marathon", "weekly-regular",
                                      "weekly-legend", "space-maker"]

    @Test func aNewPlayersProfileAsJSONHasTheDesignFields() throws {
        let clean = try CleanBinary.atFixedTime()
        defer { clean.removeHome() }
        let run = try clean.run(["profile", "--json"])
        #expect(run.status == 0, "\(run.stderr)")
        let profile = try CleanBinary.object(run)
        for key in Self.profileFields { #expect(profile[key] != nil, "profile --json lacks \(key)") }
        #expect(profile["totalXP"] as? Int == 0)
        #expect(profile["level"] as? Int == 1)
        #expect(profile["levelTitle"] as? String == "Data Hoarder")
        // No limits by default (the seeds' free tier is a setting): three freezes a week.
        #expect(profile["tier"] as? String == "pro")
        #expect(profile["streakFreezesRemaining"] as? Int == 3)
        let calendar = profile["calendar"] as? [[String: String]] ?? []
        #expect(calendar.map { $0["date"] ?? "" } == ["2026-02-24", "2026-02-25", "2026-02-26", "2026-02-27", "2026-02-28", "2026-03-01", "2026-03-02"])
        #expect(calendar.map { $0["state"] ?? "" } == ["missed", "missed", "missed", "missed", "missed", "missed", "today"])
    }

    @Test func aNewPlayersProfileAsText() throws {
        let clean = try CleanBinary.atFixedTime()
        defer { clean.removeHome() }
        let run = try clean.run(["profile"])
        #expect(run.status == 0)
        #expect(run.stdout == """
            Level 1 · Data Hoarder  (tier pro)
            [░░░░░░░░░░░░░░░░░░░░░░░░]   0%  0 XP · 500 to go to level 2

            Streak 0 days · longest 0 days · freezes left 3
              Tue  Wed  Thu  Fri  Sat  Sun  Mon
               ·    ·    ·    ·    ·    ·    □

            Reviewed  0 files             Rounds           0
            Deleted   0 files             Bosses defeated  0 of 6
            Freed     0 B                 Achievements     0 of 19

            """)
    }

    @Test func achievementsAsJSONAreTheShippedOnesWithTheDesignFields() throws {
        let clean = try CleanBinary.atFixedTime()
        defer { clean.removeHome() }
        let run = try clean.run(["achievements", "--json"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.hasPrefix("[{\"id\":\"first-steps\",\"title\":\"First Steps\",\"category\":\"milestones\",\"tier\":\"bronze\",\"metric\":\"photosDeleted\",\"required\":1,\"progress\":0,\"unlocked\":false,\"unlockedAt\":null,\"new\":false}"))
        let list = try CleanBinary.array(run)
        #expect(list.map { $0["id"] as? String ?? "" } == Self.shippedAchievements)
        for achievement in list {
            // The design's fields, plus "new" (unlocked since the achievements were last shown).
            #expect(Set(achievement.keys) == Set(Self.achievementFields).union(["new"]))
            #expect(achievement["unlocked"] as? Bool == false)
            #expect(achievement["unlockedAt"] is NSNull)
        }
    }

    @Test func achievementsAsTextHaveASummaryAndShelves() throws {
        let clean = try CleanBinary.atFixedTime()
        defer { clean.removeHome() }
        let run = try clean.run(["achievements"])
        #expect(run.stdout.hasPrefix("Achievements: 0 of 19 unlocked · bronze 0/5 silver 0/6 gold 0/6 platinum 0/2\n"))
        #expect(run.stdout.contains("\nIn progress\n    Zen Master        platinum Reach level 7               [█░░░░░░░] 1/7\n"))
        #expect(run.stdout.contains("\nLocked\n  · First Steps       bronze   Delete 1 file\n"))
        #expect(!run.stdout.contains("\nUnlocked\n"))
    }

    @Test(arguments: [("storage", ["gigabyte-club", "space-maker"]), ("timing", ["early-bird", "night-owl"]),
                      ("consistency", ["week-warrior", "monthly-master", "year-round", "perfect-week"])])
    func aCategoryFiltersTheList(category: String, ids: [String]) throws {
        let clean = try CleanBinary.atFixedTime()
        defer { clean.removeHome() }
        let run = try clean.run(["achievements", "--json", "--category", category])
        #expect(try CleanBinary.array(run).map { $0["id"] as? String ?? "" } == ids)
    }

    @Test func anUnknownCategoryIsAUsageErrorListingTheCategories() throws {
        let clean = try CleanBinary.atFixedTime()
        defer { clean.removeHome() }
        let run = try clean.run(["achievements", "--category", "speed"])
        #expect(run.status == 64)
        #expect(run.stdout.isEmpty)
        #expect(run.stderr.contains("The value 'speed' is invalid for '--category <category>'"))
        for category in ["milestones", "consistency", "volume", "challenges", "variety", "timing", "storage"] {
            #expect(run.stderr.contains(category))
        }
    }

    @Test func viewingCreatesNothingInANewHome() throws {
        let clean = try CleanBinary.atFixedTime()
        defer { clean.removeHome() }
        for arguments in [[], ["profile"], ["profile", "--json"], ["achievements"], ["achievements", "--json"],
                          ["vacation"], ["rest-day"], ["config"]] {
            #expect(try clean.run(arguments).status == 0, "clean \(arguments)")
            #expect(clean.filesUnderHome().isEmpty, "clean \(arguments) wrote \(clean.filesUnderHome())")
        }
    }
}
