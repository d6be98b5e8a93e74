import Foundation
import Testing

/// Issue 15's honest words: what sits in the trash is "recoverable" until purged and "freed for good"
/// after; the home screen says what the trash holds and when it goes; `trash.auto_empty_days`;
/// `trash empty --dry-run`; local times and sizes in `pending`; "did you mean …?".
@Suite struct HonestWordsTests {
    /// The fixtures scanned at the fixed time and the duplicates boss played with `--yes`: three group
    /// cards of two copies each, `d` keeping the suggested (camera) copy; the three backup copies
    /// (222.2 KB with the screenshot's) move to the trash.
    static func trashedCopies(_ config: String = "") throws -> CleanBinary {
        let clean = try CleanBinary.atFixedTime()
        if !config.isEmpty {
            try FileManager.default.createDirectory(atPath: clean.home + "/config/swipeclean", withIntermediateDirectories: true)
            try config.write(toFile: clean.home + "/config/swipeclean/config.toml", atomically: true, encoding: .utf8)
        }
        #expect(try clean.run(["scan", try clean.copyOfTheFixtures(), "--quiet"]).status == 0)
        let play = try clean.run(["boss", "duplicates", "--yes"], input: "d\nd\nd\n")
        #expect(play.status == 0, "\(play.stderr)")
        #expect(play.stdout.contains("Round over: reviewed 3 cards (6 files) · kept 3 · deleted 3\n226.1 KB moved to the trash (recoverable)\n"), "\(play.stdout)")
        #expect(!play.stdout.contains("freed"), "\(play.stdout)")
        return clean
    }

    @Test func theHomeScreenSaysWhatTheTrashHoldsAndThatOnlyTrashEmptyEmptiesIt() throws {
        let clean = try Self.trashedCopies()
        defer { clean.removeHome() }
        let home = try clean.run([]).stdout
        #expect(home.contains("\nTrash  3 files, 226.1 KB, recoverable · kept until `clean trash empty`\n"), "\(home)")
    }

    @Test func emptyDryRunShowsWhatWouldGoAndDeletesNothing() throws {
        let clean = try Self.trashedCopies()
        defer { clean.removeHome() }
        let dry = try clean.run(["trash", "empty", "--all", "--dry-run"])
        #expect(dry.status == 0)
        #expect(dry.stdout.hasPrefix("Dry run: 3 files (226.1 KB) would be deleted for good:\n"), "\(dry.stdout)")
        #expect(dry.stdout.hasSuffix("Nothing deleted.\n"))
        let json = try CleanBinary.object(try clean.run(["trash", "empty", "--all", "--dry-run", "--json"]))
        let listed = try CleanBinary.array(try clean.run(["trash", "list", "--json"]))
        #expect(listed.count == 3, "nothing was deleted")
        #expect(json["dryRun"] as? Bool == true && json["purged"] as? Int == 0)
        #expect(json["wouldPurgeBytes"] as? Int == listed.reduce(0) { $0 + ($1["size"] as? Int ?? 0) })
        #expect((json["wouldPurge"] as? [[String: Any]])?.compactMap { $0["id"] as? Int }.sorted()
                == listed.compactMap { $0["id"] as? Int }.sorted())
        let real = try clean.run(["trash", "empty", "--all", "--yes"])
        #expect(real.stdout == "Deleted 3 files for good: 226.1 KB freed for good.\n", "\(real.stdout)")
        // --yes with --dry-run: the dry run wins (issue 53), so it says what would go; here nothing is left.
        let both = try clean.run(["trash", "empty", "--all", "--yes", "--dry-run"])
        #expect(both.status == 0 && !both.stdout.contains("Deleted"), "\(both.stdout) \(both.stderr)")
    }

    @Test func autoEmptyPurgesPastItsDaysAtTheStartOfAnyCommandAndSaysSo() throws {
        var clean = try Self.trashedCopies("[trash]\nauto_empty_days = 1\n")
        defer { clean.removeHome() }
        let home = try clean.run([]).stdout
        #expect(home.contains("\nTrash  3 files, 226.1 KB, recoverable · the oldest goes for good Tue 3 Mar\n"), "\(home)")
        // Less than a day later nothing goes.
        clean.environment["SWIPECLEAN_NOW"] = "2026-03-03T19:00:00+01:00"
        let early = try clean.run(["profile"])
        #expect(early.stderr.isEmpty, "\(early.stderr)")
        #expect(try CleanBinary.array(try clean.run(["trash", "list", "--json"])).count == 3)
        // A day and a minute later any command (here `profile --json`) empties first and says so on stderr.
        clean.environment["SWIPECLEAN_NOW"] = "2026-03-03T19:31:00+01:00"
        let later = try clean.run(["profile", "--json"])
        #expect(later.status == 0)
        #expect(later.stderr == "clean: trash.auto_empty_days = 1: 3 files (226.1 KB) in the trash more than 1 day deleted, freed for good\n",
                "\(later.stderr)")
        #expect(try CleanBinary.object(later)["level"] != nil, "stdout stays one JSON document")
        #expect(try CleanBinary.array(try clean.run(["trash", "list", "--json"])).isEmpty)
        let report = try CleanBinary.object(try clean.run(["report", "--json"]))
        #expect(report["bytesPurged"] as? Int == report["bytesFreed"] as? Int)
        #expect(!(try clean.run([]).stdout.contains("\nTrash ")))
    }

    @Test func autoEmptyIsOffByDefaultAndHasARange() throws {
        let clean = try Self.trashedCopies()
        defer { clean.removeHome() }
        var later = clean
        later.environment["SWIPECLEAN_NOW"] = "2027-03-03T19:31:00+01:00"
        #expect(try later.run(["profile"]).stderr.isEmpty)
        #expect(try CleanBinary.array(try later.run(["trash", "list", "--json"])).count == 3)
        let shown = try clean.run(["config"]).stdout
        #expect(shown.contains("auto_empty_days = 0"), "\(shown)")
        let refused = try clean.run(["config", "set", "trash.auto_empty_days", "4000"])
        #expect(refused.status == 64 && refused.stderr.contains("trash.auto_empty_days"), "a value out of range is a usage error: \(refused.stderr)")
    }

    @Test func pendingShowsLocalTimesTitlesAndSizes() throws {
        let clean = try CleanBinary.atFixedTime()
        defer { clean.removeHome() }
        let library = try clean.copyOfTheFixtures()
        #expect(try clean.run(["scan", library, "--quiet"]).status == 0)
        #expect(try clean.run(["boss", "duplicates"], input: "d\nq\nn\n").status == 0)
        let pending = try clean.run(["pending"]).stdout
        #expect(pending.hasPrefix("Round 1 · Double Trouble · Mon 2 Mar 2026, 19:30: 1 card to delete, "), "\(pending)")
        #expect(pending.contains(/\n +[0-9.]+ KB  \//), "\(pending)")
    }

    @Test(arguments: [(["scna"], "did you mean `clean scan`?"), (["achievments"], "did you mean `clean achievements`?"),
                      (["boss", "screenshot"], "did you mean `clean boss screenshots`?"),
                      (["boss", "duplicate"], "did you mean `clean boss duplicates`?"),
                      (["frobnicate"], "unknown command 'frobnicate'; choose one of: scan, items")])
    func aMistypedCommandOrBossGetsASuggestion(arguments: [String], expected: String) throws {
        let clean = try CleanBinary()
        defer { clean.removeHome() }
        let run = try clean.run(arguments)
        #expect(run.status == 64, "a usage error")
        #expect(run.stderr.contains(expected), "\(run.stderr)")
        #expect(run.stdout.isEmpty)
        #expect(clean.filesUnderHome().isEmpty)
    }
}
