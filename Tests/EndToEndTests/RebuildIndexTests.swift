import Foundation
import Testing

/// The way back from a damaged or lost index (Docs/safety.md, "Rebuilding the index"): move it aside,
/// `clean scan` the folders, `clean trash adopt --from` the old file. The trash is listed, restorable
/// and emptiable again, and the profile comes back when the old file still holds it.
@Suite struct RebuildIndexTests {
    let fm = FileManager.default

    enum Loss: String, CaseIterable { case movedAside, overwrittenInTheMiddle }

    @Test(arguments: Loss.allCases)
    func theTrashAndTheProfileSurviveARebuiltIndex(_ loss: Loss) throws {
        var clean = try CleanBinary()
        defer { clean.removeHome() }
        let (library, trash) = try TrashEmptyAndTamperTests.trashedLibrary(&clean)
        let before = try CleanBinary.object(try clean.run(["profile", "--json"]))
        #expect(before["totalXP"] as? Int ?? 0 > 0)
        let trashed = try fm.contentsOfDirectory(atPath: trash + "/files").sorted()
        #expect(trashed.count == 2)

        let database = clean.home + "/state/library.sqlite"
        for suffix in ["-wal", "-shm"] { try? fm.removeItem(atPath: database + suffix) }
        if loss == .overwrittenInTheMiddle {
            let handle = try #require(FileHandle(forUpdatingAtPath: database))
            let size = try handle.seekToEnd()
            try handle.seek(toOffset: 4096)
            handle.write(Data(repeating: 0xA5, count: Int(size) - 8192))
            try handle.close()
        }
        try fm.moveItem(atPath: database, toPath: database + ".damaged")
        #expect(try clean.run(["scan", library, "--quiet"]).status == 0)
        #expect(try clean.run(["trash", "list", "--json"]).stdout.trimmingCharacters(in: .whitespacesAndNewlines) == "[]")

        let run = try clean.run(["trash", "adopt", "--from", database + ".damaged", "--json"])
        #expect(run.status == 0, "\(run.stderr)")
        let adopted = try CleanBinary.object(run)
        #expect(adopted["adopted"] as? Int == 2)
        #expect(adopted["bytes"] as? Int == 2 * 47_975)
        #expect(adopted["profileCarried"] as? Bool == (loss == .movedAside), "\(adopted)")
        // Nothing in the trash changed; a second adoption finds nothing new.
        #expect(try fm.contentsOfDirectory(atPath: trash + "/files").sorted() == trashed)
        #expect(try CleanBinary.object(try clean.run(["trash", "adopt", "--json"]))["adopted"] as? Int == 0)

        let after = try CleanBinary.object(try clean.run(["profile", "--json"]))
        if loss == .movedAside {
            #expect(after["totalXP"] as? Int == before["totalXP"] as? Int)
            #expect(after["bytesFreed"] as? Int == before["bytesFreed"] as? Int)
        } else {
            #expect(after["totalXP"] as? Int ?? -1 == 0)
        }
        let list = try #require(try JSONSerialization.jsonObject(with: Data(try clean.run(["trash", "list", "--json"]).stdout.utf8)) as? [[String: Any]])
        #expect(list.count == 2)
        let first = try #require(list.first?["id"] as? Int)
        let path = try #require(list.first?["originalPath"] as? String)
        #expect(try clean.run(["restore", String(first)]).status == 0)
        #expect(fm.fileExists(atPath: path))
        let restoredProfile = try CleanBinary.object(try clean.run(["profile", "--json"]))
        // A carried-over profile counted the file: the restore takes its bytes back; a new one never counted it.
        #expect(restoredProfile["bytesFreed"] as? Int == (loss == .movedAside ? (before["bytesFreed"] as? Int ?? 0) - 47_975 : 0))
        let empty = try clean.run(["trash", "empty", "--all", "--yes", "--json"])
        #expect(try CleanBinary.object(empty)["purged"] as? Int == 1, "\(empty.stderr)")
        #expect(try fm.contentsOfDirectory(atPath: trash + "/files").isEmpty)
    }
}
