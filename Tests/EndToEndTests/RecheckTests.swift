#if canImport(Glibc)
import Glibc
#endif
import Foundation
import Testing

/// The re-check before a move, through the built binary: a file rewritten after the scan is skipped and reported.
@Suite struct RecheckTests {
    @Test func aSameSizeRewriteThatKeepsTheModificationTimeIsSkippedAndReported() throws {
        var clean = try CleanBinary()
        defer { clean.removeHome() }
        clean.environment["SWIPECLEAN_NOW"] = "2026-03-02T19:30:00+01:00"
        let library = clean.home + "/phone"
        let screenshot = library + "/Pictures/Screenshots/Screenshot_20240105-101010.png"
        try FileManager.default.createDirectory(atPath: library + "/Pictures/Screenshots", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: CleanBinary.corpus + "/Issue 62.png", toPath: screenshot)
        #expect(try clean.run(["scan", library, "--quiet"]).status == 0)
        #expect(try clean.run(["boss", "screenshots", "--json"], input: "d\nn\n").status == 0)

        // Rewritten in place with other bytes of the same size, its mtime put back: only ctime tells.
        var before = stat()
        #expect(lstat(screenshot, &before) == 0)
        usleep(20_000)
        var bytes = try Data(contentsOf: URL(fileURLWithPath: screenshot))
        bytes[bytes.count - 1] ^= 0xFF
        let fd = open(screenshot, O_WRONLY)
        #expect(fd >= 0)
        _ = bytes.withUnsafeBytes { pwrite(fd, $0.baseAddress, $0.count, 0) }
        close(fd)
        var times = [timespec(tv_sec: 0, tv_nsec: (1 << 30) - 2), before.st_mtim]
        #expect(utimensat(AT_FDCWD, screenshot, &times, 0) == 0)

        let run = try clean.run(["pending", "confirm", "--json"])
        #expect(run.status == 0, "\(run.stderr)")
        let rounds = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [[String: Any]])
        #expect(rounds.first?["deleted"] as? Int == 0)
        let skipped = try #require(rounds.first?["skipped"] as? [[String: Any]])
        #expect((skipped.first?["reason"] as? String)?.contains("changed since it was dealt") == true, "\(skipped)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: screenshot)) == bytes)
    }

    /// A file deleted by hand between the deal and the confirmation is named as gone (not "changed"),
    /// leaves the index, and is never dealt again.
    @Test func aFileGoneSinceItWasDealtIsNamedSoAndNeverDealtAgain() throws {
        var clean = try CleanBinary()
        defer { clean.removeHome() }
        clean.environment["SWIPECLEAN_NOW"] = "2026-03-02T19:30:00+01:00"
        let shots = clean.home + "/phone/Pictures/Screenshots"
        try FileManager.default.createDirectory(atPath: shots, withIntermediateDirectories: true)
        for day in ["20240105", "20240106"] {
            try FileManager.default.copyItem(atPath: CleanBinary.corpus + "/Issue 62.png", toPath: shots + "/Screenshot_\(day)-101010.png")
        }
        #expect(try clean.run(["scan", clean.home + "/phone", "--quiet"]).status == 0)
        #expect(try clean.run(["boss", "screenshots", "--json"], input: "d\nk\nn\n").status == 0)
        let dealt = try clean.run(["pending", "--json"]).stdout
        let gone = [shots + "/Screenshot_20240105-101010.png", shots + "/Screenshot_20240106-101010.png"].first { dealt.contains($0) }
        let path = try #require(gone, "\(dealt)")
        try FileManager.default.removeItem(atPath: path)

        let run = try clean.run(["pending", "confirm", "--json"])
        #expect(run.status == 0, "\(run.stderr)")
        let rounds = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [[String: Any]])
        let skipped = try #require(rounds.first?["skipped"] as? [[String: Any]])
        #expect((skipped.first?["reason"] as? String)?.contains("gone since it was dealt") == true, "\(skipped)")
        #expect(!(try clean.run(["items", "--json"]).stdout.contains(path)))
        // Not dealt again, even with the kept one's cooldown over (the other card was kept, not this one).
        let next = try clean.run(["boss", "screenshots", "--dry-run"], input: "d\nd\n")
        let name = URL(fileURLWithPath: path).lastPathComponent
        #expect(next.status == 0 && !next.stdout.contains(name) && !next.stderr.contains(name), "\(next.stdout)")
    }
}
