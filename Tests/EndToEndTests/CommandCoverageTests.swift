import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// Commands no other end-to-end test ran (issue 16, item 5): every `items --filter`, `pending discard`, the
/// free tier's daily undo allowance across rounds, and the one-mover lock, on a scanned copy of Fixtures/phone.
@Suite struct CommandCoverageTests {
    private func scanned() throws -> (CleanBinary, [String: Any]) {
        let clean = try CleanBinary.atFixedTime()
        let phone = try clean.copyOfTheFixtures(withBigVideo: true)
        let scan = try CleanBinary.object(try clean.run(["scan", phone, "--json"]))
        return (clean, scan)
    }

    private func lines(_ run: CleanBinary.Run) throws -> [[String: Any]] {
        try run.stdout.split(separator: "\n").map { line in
            try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        }
    }

    /// Each filter lists as many items as the scan's own summary counts for its category.
    @Test func everyItemsFilterAgreesWithTheScanSummary() throws {
        let (clean, scan) = try scanned()
        defer { clean.removeHome() }
        func count(_ key: String, _ field: String? = nil) throws -> Int {
            let value = try #require(scan[key])
            if let field { return try #require((value as? [String: Any])?[field] as? Int) }
            return try #require(value as? Int)
        }
        let expected: [(String, Int)] = [
            ("all", try count("files")), ("screenshots", try count("screenshots")), ("videos", try count("videos")),
            ("big-videos", try count("bigVideos", "count")), ("old", try count("oldPhotos", "count")),
            ("duplicates", try count("duplicates", "files")), ("similar", try count("similar", "files")),
        ]
        #expect(expected.allSatisfy { $0.1 > 0 }, "the fixture has something in every category: \(expected)")
        for (filter, number) in expected {
            let items = try lines(try clean.run(["items", "--filter", filter, "--json"]))
            #expect(items.count == number, "items --filter \(filter)")
        }
        let screenshots = try lines(try clean.run(["items", "--filter", "screenshots", "--json"]))
        #expect(screenshots.allSatisfy { $0["screenshot"] as? Bool == true })
        let videos = try lines(try clean.run(["items", "--filter", "videos", "--json"]))
        #expect(videos.allSatisfy { $0["kind"] as? String == "video" })
    }

    /// A batch left pending and then discarded moves nothing and leaves nothing pending; the round still counts
    /// as played (its cards were reviewed), as DESIGN.md says of a declined confirmation.
    @Test func pendingDiscardDropsTheBatchAndMovesNothing() throws {
        let (clean, _) = try scanned()
        defer { clean.removeHome() }
        let played = try clean.run(["boss", "screenshots"], input: "d\nd\nn\n")
        #expect(played.status == 0, "\(played.stderr)")
        let pending = try CleanBinary.array(try clean.run(["pending", "--json"]))
        let batch = try #require(pending.first)
        let paths = try #require(batch["toDelete"] as? [String])
        #expect(pending.count == 1 && paths.count == 2)

        let discard = try clean.run(["pending", "discard", "--json"])
        #expect(discard.status == 0, "\(discard.stderr)")
        let report = try #require(try CleanBinary.array(discard).first)
        #expect(report["deleted"] as? Int == 0 && report["confirmed"] as? Bool == false)
        #expect(try CleanBinary.array(try clean.run(["pending", "--json"])).isEmpty)
        #expect(paths.allSatisfy { FileManager.default.fileExists(atPath: $0) })
        #expect(try CleanBinary.array(try clean.run(["trash", "list", "--json"])).isEmpty)
        let profile = try CleanBinary.object(try clean.run(["profile", "--json"]))
        #expect(profile["photosDeleted"] as? Int == 0)
        #expect(profile["photosReviewed"] as? Int == 2)
    }

    /// Three undos a day on the free tier (a setting), counted across rounds: the fourth is refused with the allowance.
    @Test func theFreeTiersUndosAreCountedAcrossTheDaysRounds() throws {
        let (clean, _) = try scanned()
        defer { clean.removeHome() }
        var free = clean
        free.environment["XDG_CONFIG_HOME"] = clean.home + "/free-config"
        try FileManager.default.createDirectory(atPath: clean.home + "/free-config/swipeclean", withIntermediateDirectories: true)
        try Data("[player]\ntier = \"free\"\n".utf8).write(to: URL(fileURLWithPath: clean.home + "/free-config/swipeclean/config.toml"))
        let first = try free.run(["round"], input: "d\nu\nd\nu\nq\nn\n")
        #expect(first.stdout.components(separatedBy: "↶ undone").count - 1 == 2)
        #expect(!first.stdout.contains("No undos left"))
        let second = try free.run(["round"], input: "d\nu\nd\nu\nq\nn\n")
        #expect(second.stdout.components(separatedBy: "↶ undone").count - 1 == 1)
        #expect(second.stdout.contains("No undos left today (3 a day on the free tier); they renew at midnight."))
        // The default is no limits.
        let unlimited = try clean.run(["round"], input: "d\nu\nd\nu\nq\nn\n")
        #expect(unlimited.stdout.components(separatedBy: "↶ undone").count - 1 == 2, "\(unlimited.stderr)")
    }

    /// While another process holds the mover's lock (a restore, an empty), a round is played and its confirmed batch
    /// waits for the lock: it moves once the lock is free, and waits in `clean pending` when it is not in time (issue
    /// 53: a round that moves nothing does not hold the lock, so the trash's commands do not wait on it either).
    @Test func aConfirmedBatchWaitsForAnotherMoverAndMovesOnlyAfterIt() throws {
        var (clean, _) = try scanned()
        defer { clean.removeHome() }
        let fd = open(clean.home + "/state/lock", O_RDWR | O_CREAT, 0o600)
        #expect(fd >= 0)
        defer { close(fd) }
        #expect(flock(fd, LOCK_EX | LOCK_NB) == 0)
        clean.environment["SWIPECLEAN_MOVER_WAIT_SECONDS"] = "1"
        let late = try clean.run(["round", "--json"], input: "d\nq\ny\n")
        #expect(late.stderr.contains("another clean kept moving files for 1 s; nothing moved, the batch waits in `clean pending`"), "\(late.stderr)")
        #expect(try CleanBinary.object(late)["pending"] as? Bool == true)
        #expect(try clean.run(["items", "--json"]).status == 0)
        clean.environment["SWIPECLEAN_MOVER_WAIT_SECONDS"] = String(Int(60 * Slowdown.factor))
        DispatchQueue.global().asyncAfter(deadline: .now() + 2) { flock(fd, LOCK_UN) }
        let started = Date()
        let after = try clean.run(["round", "--json"], input: "d\nq\ny\n")
        #expect(after.status == 0, "\(after.stderr)")
        #expect(try CleanBinary.object(after)["confirmed"] as? Bool == true && Date().timeIntervalSince(started) >= 2)
    }
}
