import Foundation
import Testing

/// A player over several simulated days, driven through the line protocol of DESIGN.md, checked
/// on disk, in the trash and in `clean profile --json` against numbers worked out by hand.
@Suite(.serialized) struct PlayAcrossDaysTests {
    /// A small phone library: a photo and its backup copy, a screenshot, two more old photos.
    static func makeLibrary(_ clean: CleanBinary) throws -> String {
        let library = clean.home + "/phone"
        let files = [
            ("Apple iPhone 4.jpg", "DCIM/100APPLE/IMG_0001.JPG"), ("Apple iPhone 4.jpg", "Backup/IMG_0001.JPG"),
            ("Issue 62.png", "Pictures/Screenshots/Screenshot_20240105-101010.png"),
            ("HTC Desire.jpg", "DCIM/100APPLE/IMG_0002.JPG"), ("Sony Cybershot (2).jpg", "DCIM/100APPLE/IMG_0003.JPG"),
        ]
        for (source, target) in files {
            let path = library + "/" + target
            try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try FileManager.default.copyItem(atPath: CleanBinary.corpus + "/" + source, toPath: path)
        }
        // No challenges: their XP depends on which ones the date picks; this test checks the core rules.
        try FileManager.default.createDirectory(atPath: clean.home + "/config/swipeclean", withIntermediateDirectories: true)
        try "[player]\ntier = \"free\"\n\n[game]\ndaily_challenges = 0\nweekly_challenges = 0\n".write(toFile: clean.home + "/config/swipeclean/config.toml", atomically: true, encoding: .utf8)
        return library
    }

    static func json(_ run: CleanBinary.Run) throws -> [String: Any] {
        #expect(run.status == 0, "\(run.stderr)")
        return try CleanBinary.object(run)
    }

    @Test func threeDaysWithAFreezeARestoreAndNoXPForDeletingTheSameContentAgain() throws {
        var clean = try CleanBinary()
        defer { clean.removeHome() }
        clean.environment["TZ"] = "Europe/Berlin"
        let library = try Self.makeLibrary(clean)
        let fm = FileManager.default

        // Day 1, Monday 2026-03-02: scan, then the duplicates boss: delete the backup copy.
        clean.environment["SWIPECLEAN_NOW"] = "2026-03-02T19:30:00+01:00"
        #expect(try clean.run(["scan", library, "--quiet"]).status == 0)
        // One group card of two copies: `d` keeps the suggested (camera) copy and deletes the other; after it
        // the cards have run out, so the next line answers the confirmation. Both files count as reviewed.
        let boss = try Self.json(clean.run(["boss", "duplicates", "--json"], input: "d\ny\n"))
        #expect(boss["reviewed"] as? Int == 2 && boss["kept"] as? Int == 1 && boss["deleted"] as? Int == 1 && boss["confirmed"] as? Bool == true)
        #expect(boss["xpEarned"] as? Int == 51)                        // 1 deleted + 50 for the round, ×1 on day 1
        #expect(boss["achievementsUnlocked"] as? [String] == ["First Steps"])
        #expect(!fm.fileExists(atPath: library + "/Backup/IMG_0001.JPG"))
        #expect(fm.fileExists(atPath: library + "/DCIM/100APPLE/IMG_0001.JPG"))   // the camera copy is the one kept
        let trash = try #require(try JSONSerialization.jsonObject(with: Data(clean.run(["trash", "list", "--json"]).stdout.utf8)) as? [[String: Any]])
        #expect(trash.count == 1)
        #expect(trash.first?["originalPath"] as? String == library + "/Backup/IMG_0001.JPG")
        #expect(trash.first?["category"] as? String == "duplicates")
        #expect(try fm.contentsOfDirectory(atPath: clean.home + "/state/Trash/files") == ["IMG_0001.JPG"])

        // Day 2: a round: delete the screenshot (dealt first), keep the largest old photo, quit, confirm.
        clean.environment["SWIPECLEAN_NOW"] = "2026-03-03T20:00:00+01:00"
        let round = try Self.json(clean.run(["round", "--json"], input: "d\nk\nq\ny\n"))
        #expect(round["reviewed"] as? Int == 2 && round["kept"] as? Int == 1 && round["deleted"] as? Int == 1)
        #expect(round["xpEarned"] as? Int == 76)                        // 51 × 1.5 on day 2, rounded down
        #expect(round["currentStreak"] as? Int == 2)
        #expect(!fm.fileExists(atPath: library + "/Pictures/Screenshots/Screenshot_20240105-101010.png"))

        // Day 3 missed. Day 4: the freeze covers it; delete the next old photo (the kept one is not dealt again).
        clean.environment["SWIPECLEAN_NOW"] = "2026-03-05T19:00:00+01:00"
        let day4 = try Self.json(clean.run(["round", "--json"], input: "d\nq\ny\n"))
        #expect(day4["xpEarned"] as? Int == 102)                        // 51 × 2 on streak day 3
        #expect(day4["currentStreak"] as? Int == 3)
        #expect(day4["freezeUsed"] as? Bool == true)
        #expect(!fm.fileExists(atPath: library + "/DCIM/100APPLE/IMG_0002.JPG"))
        #expect(fm.fileExists(atPath: library + "/DCIM/100APPLE/IMG_0001.JPG"))
        var profile = try Self.json(clean.run(["profile", "--json"]))
        #expect(profile["totalXP"] as? Int == 229)
        #expect(profile["currentStreak"] as? Int == 3)
        #expect(profile["streakFreezesRemaining"] as? Int == 0)
        #expect(profile["photosDeleted"] as? Int == 3)
        #expect(profile["bytesFreed"] as? Int == 338_025 + 47_975 + 166_987)
        #expect(profile["roundsCompleted"] as? Int == 3)
        let states = try #require(profile["calendar"] as? [[String: String]]).suffix(4).map { $0["state"] }
        #expect(states == ["completed", "completed", "frozen", "completed"])
        let bosses = try #require(try JSONSerialization.jsonObject(with: Data(clean.run(["boss", "list", "--json"]).stdout.utf8)) as? [[String: Any]])
        #expect(bosses.first { $0["name"] as? String == "duplicates" }?["progress"] as? Int == 1)

        // Restore day 1's round: the file is back, the stats lose it, the XP stays.
        let restore = try Self.json(clean.run(["restore", "--round", "1", "--json"]))
        #expect((restore["restored"] as? [Int])?.count == 1)
        #expect(fm.fileExists(atPath: library + "/Backup/IMG_0001.JPG"))
        profile = try Self.json(clean.run(["profile", "--json"]))
        #expect(profile["totalXP"] as? Int == 229)
        #expect(profile["photosDeleted"] as? Int == 2)
        #expect(profile["bytesFreed"] as? Int == 47_975 + 166_987)

        // Deleting the same content again counts in the stats but earns no XP for it: only the round's 50 × 2.
        let again = try Self.json(clean.run(["boss", "duplicates", "--json"], input: "d\ny\n"))
        #expect(again["deleted"] as? Int == 1)
        #expect(again["recycled"] as? Int == 1)
        #expect(again["xpEarned"] as? Int == 100)
        profile = try Self.json(clean.run(["profile", "--json"]))
        #expect(profile["totalXP"] as? Int == 329)
        #expect(profile["photosDeleted"] as? Int == 3)
        let report = try Self.json(clean.run(["report", "--json"]))
        #expect(report["bytesFreed"] as? Int == 338_025 + 47_975 + 166_987)
        #expect(report["filesRestored"] as? Int == 1)
        #expect(report["bytesInTrash"] as? Int == 338_025 + 47_975 + 166_987)
    }

    @Test func aDeclinedBatchMovesNothingAndWaitsInPending() throws {
        var clean = try CleanBinary()
        defer { clean.removeHome() }
        let library = try Self.makeLibrary(clean)
        clean.environment["SWIPECLEAN_NOW"] = "2026-03-02T19:30:00+01:00"
        #expect(try clean.run(["scan", library, "--quiet"]).status == 0)
        let declined = try Self.json(clean.run(["boss", "duplicates", "--json"], input: "d\nn\n"))
        #expect(declined["confirmed"] as? Bool == false)
        #expect(declined["pending"] as? Bool == true)
        #expect(FileManager.default.fileExists(atPath: library + "/Backup/IMG_0001.JPG"))
        let pending = try #require(try JSONSerialization.jsonObject(with: Data(clean.run(["pending", "--json"]).stdout.utf8)) as? [[String: Any]])
        #expect(pending.count == 1)
        // End of input at the question is a no as well; a dry run records nothing.
        let dry = try Self.json(clean.run(["round", "--dry-run", "--json"], input: "d\nq\n"))
        #expect(dry["dryRun"] as? Bool == true && dry["confirmed"] as? Bool == false)
        #expect(FileManager.default.fileExists(atPath: library + "/Pictures/Screenshots/Screenshot_20240105-101010.png"))
        let confirmed = try clean.run(["pending", "confirm", "--json"])
        #expect(confirmed.status == 0)
        #expect(!FileManager.default.fileExists(atPath: library + "/Backup/IMG_0001.JPG"))
        let profile = try Self.json(clean.run(["profile", "--json"]))
        #expect(profile["photosDeleted"] as? Int == 1)
    }

    @Test func aFileChangedAfterTheScanIsSkippedNotMoved() throws {
        var clean = try CleanBinary()
        defer { clean.removeHome() }
        let library = try Self.makeLibrary(clean)
        clean.environment["SWIPECLEAN_NOW"] = "2026-03-02T19:30:00+01:00"
        #expect(try clean.run(["scan", library, "--quiet"]).status == 0)
        // The screenshot is deleted in a boss battle, then changed behind the player's back before the batch is confirmed.
        let round = try clean.run(["boss", "screenshots", "--json"], input: "d\nn\n")
        #expect(round.status == 0)
        let screenshot = library + "/Pictures/Screenshots/Screenshot_20240105-101010.png"
        try Data("edited".utf8).write(to: URL(fileURLWithPath: screenshot))
        let confirm = try #require(try JSONSerialization.jsonObject(with: Data(clean.run(["pending", "confirm", "--json"]).stdout.utf8)) as? [[String: Any]])
        #expect(confirm.first?["deleted"] as? Int == 0)
        #expect((confirm.first?["skipped"] as? [[String: Any]])?.count == 1)
        #expect(try Data(contentsOf: URL(fileURLWithPath: screenshot)) == Data("edited".utf8))
    }

    @Test func anEmptyQueueSaysWhatToDoAndPlaysNoRound() throws {
        let clean = try CleanBinary()
        defer { clean.removeHome() }
        let run = try clean.run(["round"], input: "d\n")
        #expect(run.status == 0)
        #expect(run.stdout.contains("No candidates to deal right now"))
        #expect(run.stdout.contains("clean scan"))
    }
}

@Suite struct InterruptedRoundTests {
    /// A crash right after "yes" (the round marked moving, nothing moved yet) is finished by the
    /// next command that shows the stats: the files move and the round is credited once.
    @Test func theNextStartFinishesAConfirmedRoundThatACrashInterrupted() throws {
        try #require(FileManager.default.isExecutableFile(atPath: "/usr/bin/sqlite3"),
                     "sqlite3 is missing: sudo apt-get install -y sqlite3 (or make setup)")
        var clean = try CleanBinary()
        defer { clean.removeHome() }
        let library = try PlayAcrossDaysTests.makeLibrary(clean)
        clean.environment["SWIPECLEAN_NOW"] = "2026-03-02T19:30:00+01:00"
        #expect(try clean.run(["scan", library, "--quiet"]).status == 0)
        #expect(try clean.run(["boss", "duplicates"], input: "d\nn\n").status == 0)
        let sqlite = Process()
        sqlite.executableURL = URL(fileURLWithPath: "/usr/bin/sqlite3")
        sqlite.arguments = [clean.home + "/state/library.sqlite", "UPDATE round SET status = 'moving'"]
        try sqlite.run()
        sqlite.waitUntilExit()
        #expect(sqlite.terminationStatus == 0)
        for _ in 0..<2 {  // twice: credited once
            let profile = try PlayAcrossDaysTests.json(clean.run(["profile", "--json"]))
            #expect(profile["photosDeleted"] as? Int == 1)
            #expect(profile["totalXP"] as? Int == 51)
        }
        #expect(!FileManager.default.fileExists(atPath: library + "/Backup/IMG_0001.JPG"))
    }
}
