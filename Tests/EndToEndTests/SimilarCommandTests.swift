import Foundation
import Testing

/// The similar-photos contract on the command line: scan --json `similar`, items fields and filter, --no-similar.
@Suite struct SimilarCommandTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fixtures/similar").path

    @Test func scanFindsTheGroupsAndItemsListThemWithTheirKeptPhoto() throws {
        let clean = try CleanBinary()
        defer { clean.removeHome() }
        let library = clean.home + "/library"
        try FileManager.default.createDirectory(atPath: library, withIntermediateDirectories: true)
        for folder in ["iphone4", "nexus4"] {
            try FileManager.default.copyItem(atPath: Self.fixtures + "/" + folder, toPath: library + "/" + folder)
        }
        let off = try clean.run(["scan", library, "--json", "--no-similar"])
        #expect(off.status == 0, "\(off.stderr)")
        let offSummary = try CleanBinary.object(off)
        #expect((offSummary["similar"] as? [String: Int]) == ["groups": 0, "files": 0, "reclaimableBytes": 0])
        #expect(offSummary["photosFingerprinted"] as? Int == 0)

        let scan = try clean.run(["scan", library, "--json"])
        #expect(scan.status == 0, "\(scan.stderr)")
        let summary = try CleanBinary.object(scan)
        #expect(summary["photosFingerprinted"] as? Int == 18)
        let similar = try #require(summary["similar"] as? [String: Int])
        #expect(similar["groups"] == 2 && similar["files"] == 18)

        let items = try clean.run(["items", "--filter", "similar", "--json"])
        #expect(items.status == 0)
        let lines = try items.stdout.split(separator: "\n").map { try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]) }
        #expect(lines.count == 18)
        var reclaimable = 0
        for item in lines {
            let hash = try #require(item["perceptualHash"] as? String)
            #expect(hash.count == 16 && hash.allSatisfy(\.isHexDigit))
            let group = try #require(item["similarGroup"] as? Int)
            // The group is named by its kept photo, a member from the same folder.
            let kept = try #require(lines.first { $0["id"] as? Int == group })
            let folder = { (path: Any?) in (path as? String)?.split(separator: "/").dropLast().last }
            #expect(folder(kept["path"]) == folder(item["path"]))
            if item["id"] as? Int != group { reclaimable += try #require(item["size"] as? Int) }
        }
        #expect(similar["reclaimableBytes"] == reclaimable)

        let warm = try CleanBinary.object(try clean.run(["scan", library, "--json"]))
        #expect(warm["photosFingerprinted"] as? Int == 0)
        #expect(warm["similar"] as? [String: Int] == similar)
    }

    @Test func aDistanceOutOfRangeIsRefusedByName() throws {
        let clean = try CleanBinary()
        defer { clean.removeHome() }
        try FileManager.default.createDirectory(atPath: clean.home + "/config/swipeclean", withIntermediateDirectories: true)
        try "[similar]\nmax_distance = 40\n".write(toFile: clean.home + "/config/swipeclean/config.toml", atomically: true, encoding: .utf8)
        let run = try clean.run(["scan", clean.home])
        #expect(run.status == 1)
        #expect(run.stderr.contains("similar.max_distance"), "\(run.stderr)")
    }

    /// iphone4's nine photos scanned; returns the library folder and the path of the photo the group card
    /// suggests keeping (the `[keep]` rule's: a dry run's ★ line names it).
    static func scanned(_ clean: CleanBinary) throws -> (library: String, kept: String) {
        let library = clean.home + "/library"
        try FileManager.default.createDirectory(atPath: library, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: Self.fixtures + "/iphone4", toPath: library + "/iphone4")
        #expect(try clean.run(["scan", library, "--quiet"]).status == 0)
        let dry = try clean.run(["boss", "similar", "--dry-run"])
        let starred = (dry.stdout + dry.stderr).split(separator: "\n").first { $0.contains("1 ★ ") }
        if let name = starred?.split(separator: "★ ").last?.split(separator: " ").first {
            return (library, library + "/iphone4/" + name)
        }
        let items = try clean.run(["items", "--filter", "similar", "--json"]).stdout.split(separator: "\n")
            .map { try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]) }
        let keptID = try #require(items.first?["similarGroup"] as? Int)
        let kept = try #require(items.first { $0["id"] as? Int == keptID }?["path"] as? String)
        return (library, kept)
    }

    /// The nine photos are one group card: every member listed, the suggested one first; `d` keeps it alone.
    @Test func theSimilarBossDealsTheGroupAsOneCardAndMovesAllButTheSuggested() throws {
        var clean = try CleanBinary()
        defer { clean.removeHome() }
        clean.environment["SWIPECLEAN_NOW"] = "2026-03-02T19:30:00+01:00"
        let (library, kept) = try Self.scanned(clean)
        let list = try #require(try JSONSerialization.jsonObject(with: Data(clean.run(["boss", "list", "--json"]).stdout.utf8)) as? [[String: Any]])
        let boss = try #require(list.first { $0["name"] as? String == "similar" })
        #expect(boss["available"] as? Int == 1, "one group card")
        #expect(boss["title"] as? String == "Seeing Double")

        let played = try clean.run(["boss", "similar"], input: "d\ny\n")
        #expect(played.status == 0, "\(played.stderr)")
        let shown = played.stdout + played.stderr
        let keptURL = URL(fileURLWithPath: kept)
        #expect(shown.contains("9 similar photos: choose which stay"), "\(shown)")
        #expect(shown.contains("1 ★ \(keptURL.lastPathComponent)  in \(keptURL.deletingLastPathComponent().path)"), "\(shown)")
        #expect(shown.contains("✗ delete 8 of 9, keep 1"), "\(shown)")
        let left = try FileManager.default.contentsOfDirectory(atPath: library + "/iphone4")
        #expect(left == [String(kept.split(separator: "/").last!)])
        let report = try CleanBinary.object(try clean.run(["report", "--json"]))
        let similar = try #require((report["byCategory"] as? [String: [String: Int]])?["similar"])
        #expect(similar["files"] == 8)
    }

    @Test func aCopyStaysWhenItsKeptPhotoChangedBeforeTheConfirmation() throws {
        var clean = try CleanBinary()
        defer { clean.removeHome() }
        clean.environment["SWIPECLEAN_NOW"] = "2026-03-02T19:30:00+01:00"
        let (library, kept) = try Self.scanned(clean)
        let played = try clean.run(["boss", "similar", "--json"], input: "d\nq\nn\n")
        #expect(try CleanBinary.object(played)["pending"] as? Bool == true)
        // The kept photo is edited (new bytes, new mtime) after the cards were dealt.
        try Data(repeating: 7, count: 10).write(to: URL(fileURLWithPath: kept))
        let run = try clean.run(["pending", "confirm", "--json"])
        #expect(run.status == 0, "\(run.stderr)")
        let round = try #require((try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [[String: Any]])?.first)
        #expect(round["deleted"] as? Int == 0)
        let skipped = try #require(round["skipped"] as? [[String: Any]])
        // The group card kept that photo alone: with it changed, nothing of the group moves.
        #expect(skipped.count == 8)
        for skip in skipped { #expect((skip["reason"] as? String)?.contains("changed since it was dealt; nothing of this group moves") == true, "\(skip)") }
        #expect(try FileManager.default.contentsOfDirectory(atPath: library + "/iphone4").count == 9)
    }

    /// A similar group kept whole (`k`) is not dealt again, long after the days a kept photo rests, while its
    /// photos are those kept; a photo that joins the group deals it again, whole.
    @Test func aSimilarGroupKeptWholeComesBackOnlyWhenAPhotoJoinsIt() throws {
        var clean = try CleanBinary()
        defer { clean.removeHome() }
        clean.environment["SWIPECLEAN_NOW"] = "2026-03-02T19:30:00+01:00"
        let library = clean.home + "/library"
        try FileManager.default.createDirectory(atPath: library + "/iphone4", withIntermediateDirectories: true)
        let names = try FileManager.default.contentsOfDirectory(atPath: Self.fixtures + "/iphone4").sorted()
        for name in names.dropLast() {
            try FileManager.default.copyItem(atPath: Self.fixtures + "/iphone4/" + name, toPath: library + "/iphone4/" + name)
        }
        #expect(try clean.run(["scan", library, "--quiet"]).status == 0)
        let played = try clean.run(["boss", "similar", "--json"], input: "k\n")
        #expect(played.status == 0, "\(played.stderr)")
        func available() throws -> Int? {
            let list = try #require(try JSONSerialization.jsonObject(with: Data(clean.run(["boss", "list", "--json"]).stdout.utf8)) as? [[String: Any]])
            return list.first { $0["name"] as? String == "similar" }?["available"] as? Int
        }
        #expect(try available() == 0)
        clean.environment["SWIPECLEAN_NOW"] = "2026-06-01T19:30:00+01:00"  // 91 days on
        #expect(try clean.run(["scan", library, "--quiet"]).status == 0)
        #expect(try available() == 0, "kept whole, unchanged: not dealt again")
        try FileManager.default.copyItem(atPath: Self.fixtures + "/iphone4/" + names.last!, toPath: library + "/iphone4/" + names.last!)
        #expect(try clean.run(["scan", library, "--quiet"]).status == 0)
        #expect(try available() == 1, "a photo joined: the group is dealt again")
        let again = try clean.run(["boss", "similar", "--dry-run"], input: "q\n")
        #expect(again.stdout.contains("\(names.count) similar photos: choose which stay"), "\(again.stdout)")
    }
}
