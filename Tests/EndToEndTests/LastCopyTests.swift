import Foundation
import Testing

/// Invariant 3 against links, through the built binary: the kept twin of a duplicate is never
/// the very file that moves, whatever links are planted between the scan and the confirmation.
@Suite struct LastCopyTests {
    /// `DCIM2/y.jpg` (kept) and `Backup2/y.jpg` (its copy), scanned; the copy deleted in the
    /// duplicates boss and the batch left pending. Returns the library folder.
    static func pendingDuplicate(_ clean: CleanBinary) throws -> String {
        let library = clean.home + "/phone"
        for folder in ["DCIM2", "Backup2"] {
            try FileManager.default.createDirectory(atPath: library + "/" + folder, withIntermediateDirectories: true)
            try FileManager.default.copyItem(atPath: CleanBinary.corpus + "/Apple iPhone 4.jpg", toPath: library + "/" + folder + "/y.jpg")
        }
        #expect(try clean.run(["scan", library, "--quiet"]).status == 0)
        let items = try clean.run(["items", "--filter", "duplicates", "--json"]).stdout.split(separator: "\n")
        #expect(items.count == 2)
        let played = try clean.run(["boss", "duplicates", "--json"], input: "d\nn\n")
        #expect(played.status == 0, "\(played.stderr)")
        #expect(try CleanBinary.object(played)["pending"] as? Bool == true)
        return library
    }

    /// Confirms the pending batch and returns its one round object.
    static func confirm(_ clean: CleanBinary) throws -> [String: Any] {
        let run = try clean.run(["pending", "confirm", "--json"])
        #expect(run.status == 0, "\(run.stderr)")
        let rounds = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [[String: Any]])
        return try #require(rounds.first)
    }

    @Test func aKeptFolderReplacedByALinkToTheCopysFolderKeepsTheLastCopy() throws {
        var clean = try CleanBinary()
        defer { clean.removeHome() }
        clean.environment["SWIPECLEAN_NOW"] = "2026-03-02T19:30:00+01:00"
        let library = try Self.pendingDuplicate(clean)
        let fm = FileManager.default
        // DCIM2 now leads to Backup2: "DCIM2/y.jpg" is Backup2/y.jpg itself, the only copy left.
        try fm.removeItem(atPath: library + "/DCIM2")
        try fm.createSymbolicLink(atPath: library + "/DCIM2", withDestinationPath: library + "/Backup2")
        let round = try Self.confirm(clean)
        #expect(round["deleted"] as? Int == 0)
        let skipped = try #require(round["skipped"] as? [[String: Any]])
        #expect(skipped.count == 1)
        #expect((skipped.first?["reason"] as? String)?.contains("last copy") == true, "\(skipped)")
        #expect(fm.fileExists(atPath: library + "/Backup2/y.jpg"))
        let trash = try JSONSerialization.jsonObject(with: Data(clean.run(["trash", "list", "--json"]).stdout.utf8)) as? [Any]
        #expect(trash?.isEmpty == true)
    }

    @Test func aKeptTwinReplacedByALinkToTheCopyKeepsTheLastCopy() throws {
        var clean = try CleanBinary()
        defer { clean.removeHome() }
        clean.environment["SWIPECLEAN_NOW"] = "2026-03-02T19:30:00+01:00"
        let library = try Self.pendingDuplicate(clean)
        let fm = FileManager.default
        try fm.removeItem(atPath: library + "/DCIM2/y.jpg")
        try fm.createSymbolicLink(atPath: library + "/DCIM2/y.jpg", withDestinationPath: "../Backup2/y.jpg")
        let round = try Self.confirm(clean)
        #expect(round["deleted"] as? Int == 0)
        #expect(fm.fileExists(atPath: library + "/Backup2/y.jpg"))
    }

    @Test func aKeptTwinThatIsAHardLinkToTheCopyIsTheSameFileAndKeepsIt() throws {
        var clean = try CleanBinary()
        defer { clean.removeHome() }
        clean.environment["SWIPECLEAN_NOW"] = "2026-03-02T19:30:00+01:00"
        let library = try Self.pendingDuplicate(clean)
        let fm = FileManager.default
        try fm.removeItem(atPath: library + "/DCIM2/y.jpg")
        try fm.linkItem(atPath: library + "/Backup2/y.jpg", toPath: library + "/DCIM2/y.jpg")
        let round = try Self.confirm(clean)
        #expect(round["deleted"] as? Int == 0)
        #expect(fm.fileExists(atPath: library + "/Backup2/y.jpg"))
    }

    @Test func anUntouchedDuplicateStillMoves() throws {
        var clean = try CleanBinary()
        defer { clean.removeHome() }
        clean.environment["SWIPECLEAN_NOW"] = "2026-03-02T19:30:00+01:00"
        let library = try Self.pendingDuplicate(clean)
        let round = try Self.confirm(clean)
        #expect(round["deleted"] as? Int == 1)
        #expect(!FileManager.default.fileExists(atPath: library + "/Backup2/y.jpg"))
        #expect(FileManager.default.fileExists(atPath: library + "/DCIM2/y.jpg"))
    }
}
