import Foundation
import Testing

/// The line protocol of DESIGN.md ("Playing without a terminal"), exactly as scripts see it.
@Suite struct LinePlayTests {
    @Test func oneDecisionPerLineThenOneAnswer() throws {
        let clean = try CleanBinary()
        defer { clean.removeHome() }
        let folder = clean.home + "/library"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        for name in ["a.jpg", "a-copy.jpg"] {
            try FileManager.default.copyItem(atPath: CleanBinary.corpus + "/Apple iPhone 4.jpg", toPath: folder + "/" + name)
        }
        try clean.run(["scan", folder])
        let run = try clean.run(["boss", "duplicates"], input: "x\nd\ny\n")
        #expect(run.status == 0, "\(run.stderr)")
        let card = """
            ── card 1 of 1 · duplicate ───────────────────────────────
              a-copy.jpg
              in \(folder)
              photo · 338.0 KB · 2011-01-13T14:33:39 (exif) · 1296×968 · Apple iPhone 4
              why: duplicate of \(folder)/a.jpg (kept)
              deleted 0 · 0 B to free · 300 s left
              [d] delete  [k] keep  [s] skip  [u] undo  [q] quit
            """
        let expected = [
            card,
            "  ? 'x': answer d (delete), k (keep), s (skip), u (undo) or q (quit)",
            card,
            "  ✗ delete · 338.0 KB",
            "",
            "To move: 1 card, 338.0 KB",
            "  duplicates: 1, 338.0 KB",
            "    338.0 KB  \(folder)/a-copy.jpg",
            "Move 1 card (338.0 KB) to the trash? [y/N]",
            "Round over: reviewed 1 · kept 0 · deleted 1",
            "338.0 KB moved to the trash (recoverable)",
        ].joined(separator: "\n")
        #expect(run.stdout.hasPrefix(expected), "\(run.stdout)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["a.jpg"])
    }
}

/// Issue 14: `--dry-run` used to record a real round (+XP, a streak day) when every decision was keep.
@Suite struct DryRunTests {
    @Test(arguments: ["k\nk\n", "d\nd\n", "d\nk\n", ""])
    func aDryRunRecordsNothingWhateverTheDecisions(input: String) throws {
        let clean = try CleanBinary()
        defer { clean.removeHome() }
        let folder = clean.home + "/library"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        for name in ["a.jpg", "a-copy.jpg", "b.jpg", "b-copy.jpg"] {
            let source = name.hasPrefix("a") ? "Apple iPhone 4.jpg" : "HTC Desire.jpg"
            try FileManager.default.copyItem(atPath: CleanBinary.corpus + "/" + source, toPath: folder + "/" + name)
        }
        try clean.run(["scan", folder])
        let profileBefore = try clean.run(["profile", "--json"]).stdout
        let run = try clean.run(["boss", "duplicates", "--dry-run", "--json"], input: input)
        #expect(run.status == 0, "\(run.stderr)")
        let report = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        #expect(report["confirmed"] as? Bool == false)
        #expect(report["xpEarned"] as? Int == 0)
        #expect(try clean.run(["profile", "--json"]).stdout == profileBefore)
        #expect(try clean.run(["pending", "--json"]).stdout.contains("\"round\"") == false)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).count == 4)
    }
}
