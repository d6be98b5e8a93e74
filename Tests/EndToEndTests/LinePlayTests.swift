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
            // One file time for both: a copy written a tick later would be told apart as "a later copy".
            try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSince1970: 1_700_000_000)], ofItemAtPath: folder + "/" + name)
        }
        try clean.run(["scan", folder])
        let run = try clean.run(["boss", "duplicates"], input: "x\nd\ny\n")
        #expect(run.status == 0, "\(run.stderr)")
        // A duplicate is a group card: every copy, the suggested one first; `d` keeps it alone.
        let card = """
            ── card 1 of 1 · duplicate ───────────────────────────────
              why: 2 copies, byte for byte the same: choose which stay
              1 ★ a.jpg  in \(folder)
                    338.0 KB · 1296×968 · 2011-01-13 · sharpness 3147
                    suggested: the original
              2   a-copy.jpg  in \(folder)
                    338.0 KB · 1296×968 · 2011-01-13 · sharpness 3147 · edited or re-saved
              deleted 0 · 0 B to free
              [d] keep 1, delete the others  [k] keep all  [keep 2 3] keep those
              [s] skip  [u] undo  [q] quit
            """
        let expected = [
            card,
            "  ? 'x': answer d (delete), k (keep), keep 2 3 (on a group: those stay), s (skip), u (undo) or q (quit)",
            card,
            "  ✗ delete 1 of 2, keep 1 · 338.0 KB",
            "",
            "To move: 1 card, 338.0 KB",
            "  duplicates: 1, 338.0 KB",
            "    338.0 KB  \(folder)/a-copy.jpg",
            "Move 1 card (338.0 KB) to the trash? [y/N]",
            "Round over: reviewed 1 card (2 files) · kept 1 · deleted 1",
            "338.0 KB moved to the trash (recoverable)",
        ].joined(separator: "\n")
        #expect(run.stdout.hasPrefix(expected), "\(run.stdout)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["a.jpg"])
    }

    /// A group of three where the player keeps the third (`keep 3`): only members one and two reach the
    /// trash; a keep set that names no member of the group is refused and nothing is recorded.
    @Test func keepNamesTheMembersThatStayOnAGroupCard() throws {
        let clean = try CleanBinary()
        defer { clean.removeHome() }
        let folder = clean.home + "/library"
        for sub in ["DCIM/Camera", "Backup", "WhatsApp"] {
            try FileManager.default.createDirectory(atPath: folder + "/" + sub, withIntermediateDirectories: true)
            try FileManager.default.copyItem(atPath: CleanBinary.corpus + "/Apple iPhone 4.jpg", toPath: folder + "/\(sub)/IMG_0001.jpg")
        }
        try clean.run(["scan", folder])
        let run = try clean.run(["boss", "duplicates", "--yes", "--json"], input: "keep 4\nkeep 0 2\nkeep 3\n")
        #expect(run.status == 0, "\(run.stderr)")
        // The camera copy is suggested and listed first; the others by path.
        #expect(run.stderr.contains("1 ★ IMG_0001.jpg  in \(folder)/DCIM/Camera\n"), "\(run.stderr)")
        #expect(run.stderr.contains("2   IMG_0001.jpg  in \(folder)/Backup\n"), "\(run.stderr)")
        #expect(run.stderr.contains("3   IMG_0001.jpg  in \(folder)/WhatsApp\n"), "\(run.stderr)")
        #expect(run.stderr.components(separatedBy: "This group has 3 members: keep 1 to 3.").count == 3, "\(run.stderr)")
        let round = try CleanBinary.object(run)
        #expect(round["deleted"] as? Int == 2 && round["kept"] as? Int == 1 && round["reviewed"] as? Int == 3, "\(round)")
        let fm = FileManager.default
        #expect(fm.fileExists(atPath: folder + "/WhatsApp/IMG_0001.jpg"))
        #expect(!fm.fileExists(atPath: folder + "/DCIM/Camera/IMG_0001.jpg") && !fm.fileExists(atPath: folder + "/Backup/IMG_0001.jpg"))
        let trash = try #require(try JSONSerialization.jsonObject(with: Data(clean.run(["trash", "list", "--json"]).stdout.utf8)) as? [[String: Any]])
        #expect(Set(trash.compactMap { $0["originalPath"] as? String }) == [folder + "/DCIM/Camera/IMG_0001.jpg", folder + "/Backup/IMG_0001.jpg"])
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
