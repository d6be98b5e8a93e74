import Foundation
import Testing

/// Bad shots through the built binary: `clean scan`, then `items --filter bad-shots --json`, the scan's
/// count, `boss list`, and the boss played from a script, on small copies of real photos (`Fixtures/quality`).
@Suite struct BadShotCommandTests {
    static let quality = URL(fileURLWithPath: CleanBinary.corpus).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("quality").path

    static func library(_ clean: CleanBinary) throws -> String {
        let library = clean.home + "/phone"
        try FileManager.default.createDirectory(atPath: library, withIntermediateDirectories: true)
        for name in try FileManager.default.contentsOfDirectory(atPath: quality) where name.hasSuffix(".jpg") {
            try FileManager.default.copyItem(atPath: quality + "/" + name, toPath: library + "/" + name)
        }
        return library
    }

    @Test func scanFlagsEachBadShotAndNoKeeper() throws {
        let clean = try CleanBinary()
        defer { clean.removeHome() }
        let library = try Self.library(clean)
        let scan = try clean.run(["scan", library, "--json", "--quiet"])
        #expect(scan.status == 0, "\(scan.stderr)")
        #expect(try CleanBinary.object(scan)["badShots"] as? Int == 9)
        let lines = try clean.run(["items", "--filter", "bad-shots", "--json"]).stdout.split(separator: "\n")
        var flagged: [String: String] = [:]
        for line in lines {
            let item = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            flagged[URL(fileURLWithPath: item["path"] as! String).lastPathComponent] = item["badShot"] as? String
        }
        #expect(flagged == ["blurry-gauss0.jpg": "blurry", "blurry-shaken1.jpg": "blurry", "dark-under0.jpg": "dark",
                            "dark-pocket.jpg": "dark", "overexposed-over1.jpg": "overexposed", "accidental-pocket.jpg": "accidental",
                            "blurry-smeared.jpg": "blurry", "blurry-shaken.jpg": "blurry", "blurry-shortshake.jpg": "blurry"])
        // Every item says whether it is one: null for the keepers.
        let all = try clean.run(["items", "--json"]).stdout.split(separator: "\n")
        #expect(all.count == 16)
        #expect(all.allSatisfy { $0.contains("\"badShot\":") })
    }

    /// A shaken frame beside a sharp copy of its scene at another size (`blurry-shaken1.jpg`, 480×360, is a shaken copy
    /// of the 640×480 `IMG_20190714_183512.jpg`): the two are one similar group, but were never measured at one size,
    /// so the shaken one keeps its own verdict (blurry) and does not take the sharp one's.
    @Test func aShakenFrameBesideASharpCopyOfAnotherSizeStaysABadShot() throws {
        let clean = try CleanBinary()
        defer { clean.removeHome() }
        let library = try Self.library(clean)
        let camera = URL(fileURLWithPath: Self.quality).deletingLastPathComponent().appendingPathComponent("phone/DCIM/Camera/IMG_20190714_183512.jpg")
        try FileManager.default.copyItem(atPath: camera.path, toPath: library + "/IMG_20190714_183512.jpg")
        #expect(try clean.run(["scan", library, "--quiet"]).status == 0)
        var items: [String: [String: Any]] = [:]
        for line in try clean.run(["items", "--json"]).stdout.split(separator: "\n") {
            let item = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            items[URL(fileURLWithPath: item["path"] as! String).lastPathComponent] = item
        }
        let shaken = try #require(items["blurry-shaken1.jpg"]), sharp = try #require(items["IMG_20190714_183512.jpg"])
        #expect(shaken["similarGroup"] as? Int != nil && shaken["similarGroup"] as? Int == sharp["similarGroup"] as? Int,
                "one similar group: \(shaken) \(sharp)")
        #expect(shaken["badShot"] as? String == "blurry", "\(shaken)")
        #expect(sharp["badShot"] is NSNull, "\(sharp)")
    }

    @Test func theBossIsListedAndPlayed() throws {
        let clean = try CleanBinary()
        defer { clean.removeHome() }
        let library = try Self.library(clean)
        #expect(try clean.run(["scan", library, "--quiet"]).status == 0)
        let list = try clean.run(["boss", "list"])
        #expect(list.stdout.contains("The Blur Hunter (clean boss bad-shots)"), "\(list.stdout)")
        #expect(list.stdout.contains("9 cards ready"), "\(list.stdout)")
        let played = try clean.run(["boss", "bad-shots"], input: String(repeating: "k\n", count: 9))
        #expect(played.status == 0, "\(played.stderr)")
        // Each card says why in words.
        for words in ["fainter along one direction than across it (the camera moved)", "almost black:", "washed out:",
                      "taken by accident: 100 % of it is black",
                      "smeared: at least three quarters of the frame are equally soft"] {
            #expect(played.stdout.contains(words), "\(words): \(played.stdout)")
        }
    }
    /// Deleted bad shots have their row in every report: `report --json` (`byCategory.badShots`, and byCategory sums
    /// to filesDeleted), the terminal's "By kind" and the HTML page (the web app's report page is that page).
    @Test func deletedBadShotsHaveTheirRowInEveryReport() throws {
        let clean = try CleanBinary()
        defer { clean.removeHome() }
        let library = try Self.library(clean)
        #expect(try clean.run(["scan", library, "--quiet"]).status == 0)
        let played = try CleanBinary.object(clean.run(["boss", "bad-shots", "--json"], input: String(repeating: "d\n", count: 9) + "y\n"))
        #expect(played["deleted"] as? Int == 9)
        let bytes = try #require(played["bytesFreed"] as? Int)
        let report = try CleanBinary.object(clean.run(["report", "--json"]))
        let byCategory = try #require(report["byCategory"] as? [String: [String: Int]])
        #expect(byCategory["badShots"] == ["files": 9, "bytes": bytes])
        #expect(byCategory.values.reduce(0) { $0 + $1["files"]! } == report["filesDeleted"] as? Int)
        #expect(byCategory.values.reduce(0) { $0 + $1["bytes"]! } == report["bytesFreed"] as? Int)
        let text = try clean.run(["report"]).stdout
        #expect(text.contains("\n  bad shots             9 files"), "\(text)")
        let file = clean.home + "/report.html"
        #expect(try clean.run(["report", "--html", file]).status == 0)
        let html = try String(contentsOfFile: file, encoding: .utf8)
        #expect(html.contains("data-category=\"badShots\" data-files=\"9\" data-bytes=\"\(bytes)\""))
        #expect(html.contains(">Bad shots</text>"))
    }

    /// A burst (`Fixtures/burst`): the frame out of focus beside two sharp ones is a bad shot, and its card says so.
    @Test func theSoftFrameOfABurstIsDealtWithItsReason() throws {
        let clean = try CleanBinary()
        defer { clean.removeHome() }
        let burst = URL(fileURLWithPath: Self.quality).deletingLastPathComponent().appendingPathComponent("burst").path
        let library = clean.home + "/burst"
        try FileManager.default.copyItem(atPath: burst, toPath: library)
        let scan = try clean.run(["scan", library, "--json", "--quiet"])
        #expect(try CleanBinary.object(scan)["badShots"] as? Int == 1)
        let played = try clean.run(["boss", "bad-shots"], input: "k\n")
        #expect(played.status == 0, "\(played.stderr)")
        #expect(played.stdout.contains("frame-3.jpg"), "\(played.stdout)")
        #expect(played.stdout.contains("blurry beside its neighbours: a similar photo taken with it is sharp, and this one is only"),
                "\(played.stdout)")
    }

    /// Bad shots are a queue of rounds too: a round deals every one of them (after any other category a file has).
    @Test func aRoundDealsTheBadShots() throws {
        let clean = try CleanBinary()
        defer { clean.removeHome() }
        let library = try Self.library(clean)
        #expect(try clean.run(["scan", library, "--quiet"]).status == 0)
        let played = try clean.run(["round", "--dry-run"], input: String(repeating: "k\n", count: 20))
        #expect(played.status == 0, "\(played.stderr)")
        for name in ["blurry-gauss0.jpg", "blurry-shaken1.jpg", "dark-under0.jpg", "dark-pocket.jpg", "overexposed-over1.jpg",
                     "accidental-pocket.jpg", "blurry-smeared.jpg", "blurry-shaken.jpg", "blurry-shortshake.jpg"] {
            #expect(played.stdout.contains(name), "\(name) not dealt: \(played.stdout)")
        }
        #expect(played.stdout.contains("bad shot"), "\(played.stdout)")
    }
}
