import Foundation
import Testing

/// A folder the scanning user cannot read is an error of that scan, and the files indexed in it stay: an
/// unreadable folder is not an empty one.
@Suite struct UnreadableFolderTests {
    @Test func anUnreadableFolderIsReportedAndItsIndexedFilesAreKept() throws {
        let clean = try CleanBinary()
        defer {
            chmod(clean.home + "/photos/locked", 0o755)
            clean.removeHome()
        }
        let photos = clean.home + "/photos"
        try FileManager.default.createDirectory(atPath: photos + "/locked", withIntermediateDirectories: true)
        try Data("first".utf8).write(to: URL(fileURLWithPath: photos + "/locked/a.bin"))
        try Data("second".utf8).write(to: URL(fileURLWithPath: photos + "/b.bin"))
        // The scanning user owns nothing here: the home and its state must be open to it.
        for path in [clean.home, photos, photos + "/locked"] { chmod(path, 0o777) }
        for path in [photos + "/b.bin", photos + "/locked/a.bin"] { chmod(path, 0o644) }

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
}
