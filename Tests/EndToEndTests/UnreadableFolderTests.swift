import Foundation
import Testing

/// A folder the scanning user cannot read is an error of that scan, and the files indexed in it stay: an
/// unreadable folder is not an empty one. Run as root (CI), the scan runs as `nobody` through setpriv(1),
/// since root reads every folder.
@Suite struct UnreadableFolderTests {
    private func scan(_ clean: CleanBinary, _ folder: String) throws -> [String: Any] {
        let process = Process()
        if getuid() == 0 {
            // A copy in the open home: CI's clone lies in a folder only root may enter.
            let copy = clean.home + "/clean"
            if !FileManager.default.fileExists(atPath: copy) {
                try FileManager.default.copyItem(atPath: CleanBinary.executable.path, toPath: copy)
            }
            process.executableURL = URL(fileURLWithPath: "/usr/bin/setpriv")
            process.arguments = ["--reuid=65534", "--regid=65534", "--clear-groups", copy, "scan", folder, "--json"]
        } else {
            process.executableURL = CleanBinary.executable
            process.arguments = ["scan", folder, "--json"]
        }
        process.environment = clean.environment
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any], "scan printed no JSON")
    }

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
        // The scanning user (nobody, under root) owns nothing here: the home and its state must be open to it.
        for path in [clean.home, photos, photos + "/locked"] { chmod(path, 0o777) }
        for path in [photos + "/b.bin", photos + "/locked/a.bin"] { chmod(path, 0o644) }

        let first = try scan(clean, photos)
        #expect(first["files"] as? Int == 2)
        #expect(first["errorCount"] as? Int == 0)

        chmod(photos + "/locked", 0)
        let second = try scan(clean, photos)
        #expect(second["errorCount"] as? Int == 1)
        let errors = try #require(second["errors"] as? [[String: Any]])
        #expect((errors.first?["path"] as? String)?.hasSuffix("/locked") == true)
        #expect(second["removed"] as? Int == 0)
        #expect(second["files"] as? Int == 2)
    }
}
