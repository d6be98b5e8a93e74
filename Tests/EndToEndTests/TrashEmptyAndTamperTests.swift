import Foundation
import Glibc
import Testing

/// `clean trash empty`, `trash list` and `restore` through the built binary, with the trash
/// shared with another program and tampered with by hand.
@Suite struct TrashEmptyAndTamperTests {
    let fm = FileManager.default

    /// Three screenshots scanned on 2 March 2026; two deleted in the screenshots boss, one kept.
    /// Returns the library folder and the trash folder.
    static func trashedLibrary(_ clean: inout CleanBinary) throws -> (library: String, trash: String) {
        let library = clean.home + "/phone"
        let shots = library + "/Pictures/Screenshots"
        try FileManager.default.createDirectory(atPath: shots, withIntermediateDirectories: true)
        for day in 1...3 {
            try FileManager.default.copyItem(atPath: CleanBinary.corpus + "/Issue 62.png", toPath: shots + "/Screenshot_2024010\(day)-101010.png")
        }
        clean.environment["SWIPECLEAN_NOW"] = "2026-03-02T19:30:00+01:00"
        #expect(try clean.run(["scan", library, "--quiet"]).status == 0)
        let first = try clean.run(["boss", "screenshots", "--json", "--yes"], input: "d\nd\nk\n")
        #expect(first.status == 0, "\(first.stderr)")
        return (library, clean.home + "/state/Trash")
    }

    func trashList(_ clean: CleanBinary) throws -> [[String: Any]] {
        let run = try clean.run(["trash", "list", "--json"])
        #expect(run.status == 0, "\(run.stderr)")
        return try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [[String: Any]])
    }

    /// A trash entry rewritten in place with other bytes of the same size, its modification time set back: its change
    /// time tells (issue 53: it was restored without a word), so it is never restored nor deleted, and listed as changed.
    @Test func anEntryRewrittenInPlaceWithItsTimeSetBackIsNotRestored() throws {
        var clean = try CleanBinary()
        defer { clean.removeHome() }
        let (library, trash) = try Self.trashedLibrary(&clean)
        let entries = try trashList(clean)
        let entry = try #require(entries.first)
        let id = try #require(entry["id"] as? Int), original = try #require(entry["originalPath"] as? String)
        let inTrash = trash + "/files/" + (original as NSString).lastPathComponent
        var before = stat()
        #expect(stat(inTrash, &before) == 0)
        var bytes = try Data(contentsOf: URL(fileURLWithPath: inTrash))
        bytes[bytes.count / 2] ^= 0xFF
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: inTrash))
        try handle.write(contentsOf: bytes)
        try handle.close()
        // The modification time set back to the nanosecond, as `touch -d` with the old time would.
        var times = [before.st_atim, before.st_mtim]
        #expect(utimensat(AT_FDCWD, inTrash, &times, 0) == 0)
        #expect(try fm.attributesOfItem(atPath: inTrash)[.size] as? Int == bytes.count)

        let restore = try clean.run(["restore", String(id)])
        #expect(restore.status != 0, "\(restore.stdout)")
        #expect(restore.stderr.contains("changed in place"), "\(restore.stderr)")
        #expect(!fm.fileExists(atPath: original) && fm.fileExists(atPath: inTrash))
        let listed = try trashList(clean).first { $0["id"] as? Int == id }
        #expect(listed?["changedOutside"] as? Bool == true)
        _ = library
    }

    @Test func emptyByAgeAndAllCountsWhatItDeletesAndLeavesAnotherProgramsEntries() throws {
        var clean = try CleanBinary()
        defer { clean.removeHome() }
        let (_, trash) = try Self.trashedLibrary(&clean)
        #expect(try trashList(clean).count == 2)
        // Another program's entry in the same trash, deleted long ago.
        try "theirs".write(toFile: trash + "/files/theirs.txt", atomically: false, encoding: .utf8)
        try "[Trash Info]\nPath=/home/u/theirs.txt\nDeletionDate=2020-01-01T00:00:00\n".write(toFile: trash + "/info/theirs.txt.trashinfo", atomically: false, encoding: .utf8)

        // Ten days later: nothing is older than 30 days, and the question is never asked.
        clean.environment["SWIPECLEAN_NOW"] = "2026-03-12T19:30:00+01:00"
        var run = try clean.run(["trash", "empty"], input: "y\n")
        #expect(run.status == 0)
        #expect(run.stdout.contains("Nothing has been in the trash more than 30 days."))
        // --older-than 5: both are; the question counts them, a no deletes nothing.
        run = try clean.run(["trash", "empty", "--older-than", "5"], input: "n\n")
        #expect(run.stdout.contains("Delete 2 files (") && run.stdout.contains("Nothing deleted."), "\(run.stdout)")
        #expect(try trashList(clean).count == 2)
        run = try clean.run(["trash", "empty", "--older-than", "5", "--json"], input: "y\n")
        #expect(run.status == 0, "\(run.stderr)")
        let emptied = try CleanBinary.object(run)
        #expect(emptied["purged"] as? Int == 2)
        #expect(emptied["bytesPurged"] as? Int == 2 * 47_975)
        #expect(try trashList(clean).isEmpty)
        #expect(try fm.contentsOfDirectory(atPath: trash + "/files") == ["theirs.txt"])
        #expect(try fm.contentsOfDirectory(atPath: trash + "/info") == ["theirs.txt.trashinfo"])
        let report = try CleanBinary.object(try clean.run(["report", "--json"]))
        #expect(report["bytesPurged"] as? Int == 2 * 47_975)

        // --all with nothing of clean's left: another program's entry still stays.
        run = try clean.run(["trash", "empty", "--all", "--yes"])
        #expect(run.status == 0)
        #expect(run.stdout.contains("The trash is empty."))
        #expect(fm.fileExists(atPath: trash + "/files/theirs.txt"))
    }

    @Test func emptyAllTakesEverythingOfClean() throws {
        var clean = try CleanBinary()
        defer { clean.removeHome() }
        _ = try Self.trashedLibrary(&clean)
        let run = try clean.run(["trash", "empty", "--all", "--yes"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("Deleted 2 files for good"), "\(run.stdout)")
        #expect(try trashList(clean).isEmpty)
    }

    @Test func aSymlinkPlantedInTheTrashIsNotRestoredAndNotFollowed() throws {
        var clean = try CleanBinary()
        defer { clean.removeHome() }
        let (library, trash) = try Self.trashedLibrary(&clean)
        let entries = try trashList(clean)
        let entry = try #require(entries.first)
        let id = try #require(entry["id"] as? Int)
        let original = try #require(entry["originalPath"] as? String)
        let name = (original as NSString).lastPathComponent
        let secret = clean.home + "/secret.txt"
        try "not a photo".write(toFile: secret, atomically: false, encoding: .utf8)
        try fm.removeItem(atPath: trash + "/files/" + name)
        try fm.createSymbolicLink(atPath: trash + "/files/" + name, withDestinationPath: secret)

        let listed = try clean.run(["trash", "list"])
        #expect(listed.stderr.contains("was changed outside clean"), "\(listed.stderr)")
        #expect(listed.stdout.contains("(changed outside clean: cannot be restored)"))
        let restore = try clean.run(["restore", String(id)])
        #expect(restore.status == 1)
        #expect(restore.stderr.contains("the trashed copy of '\(original)' was changed outside clean"), "\(restore.stderr)")
        #expect(restore.stderr.contains("left where it is"))
        #expect(!fm.fileExists(atPath: original))
        #expect((try? fm.destinationOfSymbolicLink(atPath: trash + "/files/" + name)) == secret)
        // Emptying leaves it too, and the file it points to is untouched.
        let empty = try clean.run(["trash", "empty", "--all", "--yes"])
        #expect(empty.stderr.contains("was changed outside clean"))
        #expect(try String(contentsOfFile: secret, encoding: .utf8) == "not a photo")
        #expect(fm.fileExists(atPath: library + "/Pictures/Screenshots/Screenshot_20240103-101010.png"))
    }

    @Test func aDamagedTrashInfoIsListedRepairedRestoredAndPurgeable() throws {
        var clean = try CleanBinary()
        defer { clean.removeHome() }
        let (_, trash) = try Self.trashedLibrary(&clean)
        let entries = try trashList(clean)
        let first = try #require(entries.first), second = try #require(entries.last)
        let names = try #require(try fm.contentsOfDirectory(atPath: trash + "/info").sorted())
        for info in names {
            try "[Trash Info]\nPath=../../x\nDeletionDate=2026-03-02T19:30:00\n".write(toFile: trash + "/info/" + info, atomically: false, encoding: .utf8)
        }
        let listed = try clean.run(["trash", "list"])
        #expect(listed.stderr.contains("was damaged"), "\(listed.stderr)")
        #expect(listed.stderr.contains("rewritten from the index"))
        #expect(!listed.stderr.contains("removed from the trash"))
        #expect(try trashList(clean).count == 2)
        for info in names {
            #expect(!(try String(contentsOfFile: trash + "/info/" + info, encoding: .utf8)).contains("../../x"))
        }
        // Damaged again, then restored straight away: the index's path is used.
        for info in names {
            try "[Trash Info]\nPath=%2Fetc%2Fpasswd\nDeletionDate=2026-03-02T19:30:00\n".write(toFile: trash + "/info/" + info, atomically: false, encoding: .utf8)
        }
        let restore = try clean.run(["restore", String(try #require(first["id"] as? Int))])
        #expect(restore.status == 0, "\(restore.stderr)")
        #expect(fm.fileExists(atPath: try #require(first["originalPath"] as? String)))
        // And the other one is purged by trash empty, whatever its .trashinfo said.
        let empty = try clean.run(["trash", "empty", "--all", "--yes", "--json"])
        #expect(try CleanBinary.object(empty)["purged"] as? Int == 1, "\(empty.stderr)")
        #expect(!fm.fileExists(atPath: try #require(second["originalPath"] as? String)))
        #expect(try fm.contentsOfDirectory(atPath: trash + "/files").isEmpty)
        #expect(try fm.contentsOfDirectory(atPath: trash + "/info").isEmpty)
        let again = try clean.run(["restore", String(try #require(second["id"] as? Int))])
        #expect(again.stderr.contains("deleted for good by `clean trash empty`"))
    }

    @Test func aFileRemovedFromTheTrashByAnotherProgramIsNotSaidToBeEmptied() throws {
        var clean = try CleanBinary()
        defer { clean.removeHome() }
        let (_, trash) = try Self.trashedLibrary(&clean)
        let entry = try #require(try trashList(clean).first)
        let name = ((try #require(entry["originalPath"] as? String)) as NSString).lastPathComponent
        try fm.removeItem(atPath: trash + "/files/" + name)
        let listed = try clean.run(["trash", "list"])
        #expect(listed.stderr.contains("removed from the trash outside clean"))
        let restore = try clean.run(["restore", String(try #require(entry["id"] as? Int))])
        #expect(restore.status == 1)
        #expect(!restore.stderr.contains("clean trash empty"), "\(restore.stderr)")
        #expect(restore.stderr.contains("outside clean"))
    }
}
