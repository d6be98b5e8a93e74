import Foundation
import Testing

/// A folder the scanning user cannot read is an error of that scan, and the files indexed in it stay: an
/// unreadable folder is not an empty one.
@Suite struct UnreadableFolderTests {
    /// `photos` with `locked/a.bin` and `b.bin`, all open to the other user (who owns nothing here: the home and its
    /// state must be open to it); its path.
    static func photos(_ clean: CleanBinary) throws -> String {
        let photos = clean.home + "/photos"
        try FileManager.default.createDirectory(atPath: photos + "/locked", withIntermediateDirectories: true)
        try Data("first".utf8).write(to: URL(fileURLWithPath: photos + "/locked/a.bin"))
        try Data("second".utf8).write(to: URL(fileURLWithPath: photos + "/b.bin"))
        for path in [clean.home, photos, photos + "/locked"] { chmod(path, 0o777) }
        for path in [photos + "/b.bin", photos + "/locked/a.bin"] { chmod(path, 0o644) }
        return photos
    }

    @Test func anUnreadableFolderIsReportedAndItsIndexedFilesAreKept() throws {
        let clean = try CleanBinary()
        defer {
            chmod(clean.home + "/photos/locked", 0o755)
            clean.removeHome()
        }
        let photos = try Self.photos(clean)

        let first = try CleanBinary.object(try clean.runAsOtherUser(["scan", photos, "--json"]))
        #expect(first["files"] as? Int == 2)
        #expect(first["errorCount"] as? Int == 0)

        chmod(photos + "/locked", 0)
        let second = try CleanBinary.object(try clean.runAsOtherUser(["scan", photos, "--json"]))
        #expect(second["errorCount"] as? Int == 1)
        let errors = try #require(second["errors"] as? [[String: Any]])
        #expect((errors.first?["path"] as? String)?.hasSuffix("/locked") == true)
        #expect(second["removed"] as? Int == 0)
        #expect(second["files"] as? Int == 2)
    }

    /// A scan that cannot read a folder and a file: the rest is indexed, the folder and the file are named apart on
    /// stderr (not stdout), 3 (issue 53: it was 0, and the folder was called a file);
    /// `--json` lists both.
    @Test func aScanThatCouldNotReadAFolderOrAFileExits3AndSaysWhichOnStderr() throws {
        let clean = try CleanBinary()
        defer {
            chmod(clean.home + "/photos/locked", 0o755)
            clean.removeHome()
        }
        let photos = try Self.photos(clean)
        try Data("third".utf8).write(to: URL(fileURLWithPath: photos + "/c.bin"))
        chmod(photos + "/c.bin", 0)
        chmod(photos + "/locked", 0)

        let human = try clean.runAsOtherUser(["scan", photos])
        #expect(human.status == 3, "\(human.status) \(human.stderr)")
        #expect(human.stdout.contains("Scanned \(photos)") && !human.stdout.contains("could not be read"), "\(human.stdout)")
        #expect(human.stderr.contains("clean: 1 folder could not be read:\n  \(photos)/locked: "), "\(human.stderr)")
        #expect(human.stderr.contains("clean: 1 file could not be read:\n  \(photos)/c.bin: "), "\(human.stderr)")

        let json = try clean.runAsOtherUser(["scan", photos, "--json"])
        #expect(json.status == 3)
        let document = try CleanBinary.object(json)
        #expect(document["errorCount"] as? Int == 2)
        #expect(document["files"] as? Int == 1)
    }
}
