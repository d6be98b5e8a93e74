import Foundation
import Testing

/// A player with a 12-day streak at stake, a boss down and five achievements, written straight into the
/// database with the sqlite3 tool (until `clean round` can play the days in).
@Suite(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/sqlite3"), "needs /usr/bin/sqlite3"))
struct SeasonedPlayerTests {
    static func seasonedPlayer() throws -> CleanBinary {
        let clean = try CleanBinary.atFixedTime()
        #expect(try clean.run(["rest-day", "none"]).status == 0)  // creates the profile row
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/sqlite3")
        process.arguments = [clean.home + "/state/library.sqlite", """
            UPDATE player SET profile = json_set(profile,
              '$.totalXP', 2600, '$.freezesRemaining', 0, '$.lastFreezeRefillWeek', '2026-03-02',
              '$.streak', json('{"current":12,"longest":15,"lastActiveDay":"2026-03-01"}'),
              '$.dayRecords', json('{"2026-02-24":"completed","2026-02-25":"completed","2026-02-26":"frozen",
                                     "2026-02-27":"completed","2026-02-28":"completed","2026-03-01":"completed"}'),
              '$.photosReviewed', 1200, '$.photosDeleted', 150, '$.bytesFreed', 1500000000, '$.roundsCompleted', 30,
              '$.bossProgress', json('{"screenshots":50,"old":40}'), '$.bossDefeats', json('{"screenshots":"2026-02-20T18:00:00Z"}'),
              '$.achievementsUnlocked', json('{"first-steps":"2026-02-10T18:00:00Z","getting-started":"2026-02-15T18:00:00Z",
                "boss-slayer":"2026-02-20T18:00:00Z","week-warrior":"2026-02-21T18:00:00Z","gigabyte-club":"2026-02-28T18:00:00Z"}'))
            """]
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        return clean
    }

    @Test func theHomeScreenShowsLevelStreakNudgeAndTheDefeatedBoss() throws {
        let clean = try Self.seasonedPlayer()
        defer { clean.removeHome() }
        let screen = try clean.run([]).stdout
        let lines = screen.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines[0] == "Level 3 · Photo Organizer                                  Mon 2 Mar 2026, 19:30")
        #expect(lines[1] == "[████░░░░░░░░░░░░░░░░░░░░]  20%  2,600 XP · 2,400 to go to level 4 Storage Ninja")
        #expect(lines[3].hasPrefix("Streak 12 days · longest 15 days   Freezes left 0 · back to 3 on "))
        #expect(lines[5] == "   ■    ■    ❄    ■    ■    ■    □     r rest    v vacation  □ today")
        #expect(lines[6] == "Your 12-day streak ends at midnight: one round keeps it.")
        #expect(screen.contains("\n  Blast from the Past  [███░░░░░]   40/100  +500 XP       0 · hard  old\n"))
        #expect(screen.contains("\n  ✓ defeated: The Screenshot Purge\n"))
        #expect(screen.contains("\nAchievements 5 of 19 · latest Gigabyte Club (Sat 28 Feb) · clean achievements\n"))
        #expect(!screen.contains("The Screenshot Purge ["))
    }

    @Test func noNudgeBeforeTheEvening() throws {
        var clean = try Self.seasonedPlayer()
        defer { clean.removeHome() }
        clean.environment["SWIPECLEAN_NOW"] = "2026-03-02T17:59:00+01:00"
        #expect(!(try clean.run([]).stdout.contains("ends at midnight")))
    }

    @Test func theProfileHasTheTotals() throws {
        let clean = try Self.seasonedPlayer()
        defer { clean.removeHome() }
        let profile = try CleanBinary.object(try clean.run(["profile", "--json"]))
        #expect(profile["level"] as? Int == 3)
        #expect(profile["levelTitle"] as? String == "Photo Organizer")
        #expect(profile["levelProgress"] as? Double == 0.2)
        #expect(profile["currentStreak"] as? Int == 12)
        #expect(profile["longestStreak"] as? Int == 15)
        #expect(profile["bossesDefeated"] as? Int == 1)
        #expect(profile["achievementsUnlocked"] as? Int == 5)
        let states = (profile["calendar"] as? [[String: String]] ?? []).map { $0["state"] ?? "" }
        #expect(states == ["completed", "completed", "frozen", "completed", "completed", "completed", "today"])
        let text = try clean.run(["profile"]).stdout
        #expect(text.contains("\nDeleted   150 files           Bosses defeated  1 of 6\n"))
        #expect(text.contains("\nFreed     1.5 GB              Achievements     5 of 19"))
    }

    @Test func achievementsShowUnlockedWithDatesAndProgress() throws {
        let clean = try Self.seasonedPlayer()
        defer { clean.removeHome() }
        let text = try clean.run(["achievements"]).stdout
        #expect(text.hasPrefix("Achievements: 5 of 19 unlocked · bronze 3/5 silver 2/6 gold 0/6 platinum 0/2\n"))
        // Never shown before: every unlocked one is new, once.
        #expect(text.contains("\nUnlocked\n  ✓ First Steps       bronze   Delete 1 file               2026-02-10 NEW\n"))
        #expect(!(try clean.run(["achievements"]).stdout.contains("NEW")))
        #expect(text.contains("\n    Photo Purger      silver   Delete 1,000 files          [█░░░░░░░] 150/1,000\n"))
        #expect(text.contains("\n    Space Maker       gold     Free 10.0 GB                [█░░░░░░░] 1.5 GB\n"))
        let list = try CleanBinary.array(try clean.run(["achievements", "--json"]))
        let first = try #require(list.first)
        #expect(first["unlocked"] as? Bool == true)
        #expect(first["unlockedAt"] as? String == "2026-02-10T19:00:00+01:00")
        #expect(list.filter { $0["unlocked"] as? Bool == true }.count == 5)
        let purger = try #require(list.first { $0["id"] as? String == "photo-purger" })
        #expect(purger["progress"] as? Int == 150)
        #expect(purger["unlockedAt"] is NSNull)
    }
}
