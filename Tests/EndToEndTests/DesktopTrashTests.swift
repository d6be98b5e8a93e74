import Foundation
import Testing

/// `trash.directory = "desktop"` (issue 15): the FreeDesktop home trash, `$XDG_DATA_HOME/Trash`, so
/// the file manager and trash-cli show the photos; the trash's invariants hold there as in clean's own.
@Suite struct DesktopTrashTests {
    static let trashList = "/usr/bin/trash-list"

    /// `trash-list` with the test's data home: "DATE TIME PATH" per entry.
    static func trashList(_ clean: CleanBinary) throws -> [String] {
        #expect(FileManager.default.isExecutableFile(atPath: trashList), "trash-cli is not installed: sudo apt-get install -y trash-cli (or make setup)")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: trashList)
        process.environment = ["XDG_DATA_HOME": clean.home + "/data", "HOME": clean.home, "PATH": "/usr/bin:/bin"]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init).sorted()
    }

    static func desktopClean() throws -> CleanBinary {
        var clean = try CleanBinary.atFixedTime()
        clean.environment["XDG_DATA_HOME"] = clean.home + "/data"
        try FileManager.default.createDirectory(atPath: clean.home + "/config/swipeclean", withIntermediateDirectories: true)
        try "[trash]\ndirectory = \"desktop\"\n".write(toFile: clean.home + "/config/swipeclean/config.toml", atomically: true, encoding: .utf8)
        return clean
    }

    @Test func trashCLIListsWhatARoundMovedAndRestoreAndEmptyKeepToCleansOwnEntries() throws {
        let clean = try Self.desktopClean()
        defer { clean.removeHome() }
        let phone = try clean.copyOfTheFixtures()
        #expect(try clean.run(["scan", phone, "--quiet"]).status == 0)
        let play = try clean.run(["boss", "duplicates", "--yes", "--json"], input: "d\nd\nd\n")
        #expect(play.status == 0, "\(play.stderr)")
        #expect(try CleanBinary.object(play)["deleted"] as? Int == 3)
        let trashed = try CleanBinary.array(try clean.run(["trash", "list", "--json"])).compactMap { $0["originalPath"] as? String }.sorted()
        #expect(trashed.count == 3)
        #expect(FileManager.default.fileExists(atPath: clean.home + "/data/Trash/info"), "the desktop trash is under XDG_DATA_HOME")
        #expect(!FileManager.default.fileExists(atPath: clean.home + "/state/Trash"), "clean's own trash is not used")

        // trash-list shows exactly the three photos, by their original paths.
        let listed = try Self.trashList(clean)
        #expect(listed.map { String($0.split(separator: " ", maxSplits: 2)[2]) }.sorted() == trashed, "\(listed)")

        // A file the desktop put in the same trash is listed by trash-cli, and `clean trash empty --all` leaves it.
        let mine = clean.home + "/data/Trash"
        try "someone else's".write(toFile: mine + "/files/notes.txt", atomically: true, encoding: .utf8)
        try "[Trash Info]\nPath=\(clean.home)/notes.txt\nDeletionDate=2026-03-01T10:00:00\n"
            .write(toFile: mine + "/info/notes.txt.trashinfo", atomically: true, encoding: .utf8)
        #expect(try Self.trashList(clean).count == 4)

        // Restore one by path: back where it was, gone from trash-list.
        let first = try #require(trashed.first)
        #expect(try clean.run(["restore", first]).status == 0)
        #expect(FileManager.default.fileExists(atPath: first))
        #expect(try Self.trashList(clean).count == 3)

        let emptied = try clean.run(["trash", "empty", "--all", "--yes"])
        #expect(emptied.stdout.hasPrefix("Deleted 2 files for good"), "\(emptied.stdout) \(emptied.stderr)")
        let left = try Self.trashList(clean)
        #expect(left.count == 1 && left[0].hasSuffix("\(clean.home)/notes.txt"), "\(left)")
        #expect(FileManager.default.fileExists(atPath: mine + "/files/notes.txt"))
    }
}
