import Foundation
import Testing

/// The command line's conventions on the built binary (issue 53): 0 only when everything asked was done, 1 for a
/// failure or a refusal, 3 when it was done in part, 64 for a usage error (a value that does not fit included);
/// diagnostics on stderr, results on stdout; `--json` where a command prints data.
@Suite struct CommandLineConventionsTests {
    private func scanned() throws -> (CleanBinary, String) {
        let clean = try CleanBinary.atFixedTime()
        let phone = try clean.copyOfTheFixtures(withBigVideo: false)
        let scan = try clean.run(["scan", phone, "--quiet"])
        #expect(scan.status == 0, "\(scan.stderr)")
        return (clean, phone)
    }

    private func sqlite(_ database: String, _ sql: String) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/sqlite3")
        process.arguments = [database, sql]
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "sqlite3 \(sql)")
    }

    private static func configFile(_ clean: CleanBinary) -> String { clean.home + "/config/swipeclean/config.toml" }

    @Test(arguments: [
        (["help", "bogus"], "unknown command 'bogus'"),
        (["help", "trash", "emptyy"], "unknown command 'emptyy'; did you mean `clean help trash empty`?"),
        (["report", "--since", "yesterday"], "--since 'yesterday' is not a date like 2026-03-01"),
        (["vacation", "start", "--until", "someday"], "--until 'someday' is not a date"),
        (["vacation", "start", "--until", "2026-01-01"], "--until 2026-01-01 is in the past"),
        (["config", "set", "play.bell", "yes"], "'yes' is not a valid play.bell"),
        (["config", "set", "play.rounds", "3"], "unknown setting 'play.rounds'"),
        (["trash", "empty", "--all", "--older-than", "3"], "give --older-than DAYS or --all, not both"),
    ])
    func aUsageErrorExits64WithItsSentenceOnStderrAndChangesNothing(arguments: [String], words: String) throws {
        let clean = try CleanBinary.atFixedTime()
        defer { clean.removeHome() }
        let run = try clean.run(arguments)
        #expect(run.status == 64, "clean \(arguments.joined(separator: " ")): \(run.status) \(run.stderr)")
        #expect(run.stdout.isEmpty, "\(run.stdout)")
        #expect(run.stderr.hasPrefix("Error: ") && run.stderr.contains(words), "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: Self.configFile(clean)))
        #expect(!FileManager.default.fileExists(atPath: clean.home + "/state/library.sqlite"))
    }

    @Test func helpOnACommandThereIsExits0() throws {
        let clean = try CleanBinary.atFixedTime()
        defer { clean.removeHome() }
        let run = try clean.run(["help", "trash", "empty"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("--older-than"))
    }

    /// Today's swiping time used up: a refusal, so 1, its sentence on stderr; `--json` still prints its document.
    @Test func theDailyLimitRefusalExits1WithItsSentenceOnStderr() throws {
        let (clean, _) = try scanned()
        defer { clean.removeHome() }
        try FileManager.default.createDirectory(atPath: clean.home + "/config/swipeclean", withIntermediateDirectories: true)
        try "[player]\ntier = \"free\"\n".write(toFile: Self.configFile(clean), atomically: true, encoding: .utf8)
        let limit = try clean.run(["config", "--json"])
        let tiers = try #require(((CleanBinary.object(limit)["configuration"] as? [String: Any])?["game"] as? [String: Any])?["tiers"] as? [String: Any])
        let seconds = try #require((tiers["free"] as? [String: Any])?["swipe_seconds_per_day"] as? Int)
        try sqlite(clean.home + "/state/library.sqlite",
                   "INSERT INTO usage (day, swipeSeconds, undos) VALUES ('2026-03-02', \(seconds), 0)")

        let refused = try clean.run(["round"], input: "d\ny\n")
        #expect(refused.status == 1, "\(refused.status) \(refused.stderr)")
        #expect(refused.stdout.isEmpty, "\(refused.stdout)")
        #expect(refused.stderr.contains("You have used today's \(seconds / 60) minutes of swiping (free tier)"), "\(refused.stderr)")
        let json = try clean.run(["boss", "screenshots", "--json"], input: "d\ny\n")
        #expect(json.status == 1)
        #expect(try CleanBinary.object(json)["message"] as? String == "nothing to play")
        #expect(json.stderr.contains("swiping (free tier)"))
        #expect(try CleanBinary.array(try clean.run(["trash", "list", "--json"])).isEmpty)
    }

    /// `--yes --dry-run`: the dry run wins; nothing moves, 0.
    @Test func yesWithDryRunShowsWhatWouldMoveAndMovesNothing() throws {
        let (clean, phone) = try scanned()
        defer { clean.removeHome() }
        let run = try clean.run(["boss", "screenshots", "--yes", "--dry-run", "--json"], input: "d\nd\n")
        #expect(run.status == 0, "\(run.stderr)")
        let report = try CleanBinary.object(run)
        #expect(report["deleted"] as? Int == 2 && report["confirmed"] as? Bool == false)
        #expect(FileManager.default.fileExists(atPath: phone + "/Pictures/Screenshots/Screenshot_20260227-083000.png"))
        #expect(try CleanBinary.array(try clean.run(["trash", "list", "--json"])).isEmpty)
        #expect(try CleanBinary.array(try clean.run(["pending", "--json"])).isEmpty)
    }

    /// A batch one of whose folders went away: the rest moves, the skipped file is named on stderr, 3.
    @Test func aBatchThatMovesInPartExits3AndNamesWhatStayed() throws {
        let (clean, _) = try scanned()
        defer { clean.removeHome() }
        let played = try clean.run(["boss", "old", "--json"], input: "d\nd\nd\nd\nq\nn\n")
        #expect(played.status == 0, "a batch left pending was not asked to move: \(played.stderr)")
        let batch = try #require(try CleanBinary.array(try clean.run(["pending", "--json"])).first)
        let paths = try #require(batch["toDelete"] as? [String])
        let gone = try #require(paths.first)
        let folder = (gone as NSString).deletingLastPathComponent
        let staying = paths.filter { ($0 as NSString).deletingLastPathComponent != folder }
        try #require(!staying.isEmpty, "the batch's files are in one folder: \(paths)")
        try FileManager.default.moveItem(atPath: folder, toPath: folder + "-renamed")

        let confirm = try clean.run(["pending", "confirm", "--json"])
        #expect(confirm.status == 3, "\(confirm.status) \(confirm.stderr)")
        let report = try #require(try CleanBinary.array(confirm).first)
        #expect(report["deleted"] as? Int == staying.count, "\(report)")
        #expect(staying.allSatisfy { !FileManager.default.fileExists(atPath: $0) })
        #expect((report["skipped"] as? [[String: Any]])?.compactMap { $0["path"] as? String } == [gone], "\(report)")
        #expect(confirm.stderr.contains("clean: not moved (1 file):\n  \(gone): its folder \(folder) is gone"), "\(confirm.stderr)")
    }

    /// A restore of two entries, one of whose places is taken: one comes back, the other is named on stderr with
    /// `--rename`; 3. Nothing restored of what was asked: 1.
    @Test func aRestoreInPartExits3AndTheConflictNamesRename() throws {
        let (clean, _) = try scanned()
        defer { clean.removeHome() }
        #expect(try clean.run(["boss", "screenshots", "--yes"], input: "d\nd\n").status == 0)
        let trashed = try CleanBinary.array(try clean.run(["trash", "list", "--json"]))
        try #require(trashed.count == 2)
        let taken = try #require(trashed[0]["originalPath"] as? String)
        try Data("someone else's".utf8).write(to: URL(fileURLWithPath: taken))
        let ids = trashed.compactMap { $0["id"] as? Int }.map(String.init)

        let run = try clean.run(["restore", "--json"] + ids)
        #expect(run.status == 3, "\(run.status) \(run.stderr)")
        let outcome = try CleanBinary.object(run)
        #expect((outcome["restored"] as? [Int])?.map(String.init) == [ids[1]])
        let failed = try #require((outcome["failed"] as? [[String: Any]])?.first)
        #expect((failed["reason"] as? String)?.contains("`clean restore --rename ID` keeps both") == true, "\(failed)")
        #expect(run.stderr.contains("clean: not restored \(ids[0]):"), "\(run.stderr)")
        #expect(try String(contentsOfFile: taken, encoding: .utf8) == "someone else's")

        let none = try clean.run(["restore", ids[0]])
        #expect(none.status == 1, "\(none.status) \(none.stderr)")
        #expect(none.stderr.contains("--rename"))
    }

    /// A broken configuration file does not block the recovery commands: said on stderr, the defaults used, 0;
    /// the others still refuse with it (1).
    @Test func aBrokenConfigWarnsTheRecoveryCommandsAndStopsTheOthers() throws {
        let (clean, _) = try scanned()
        defer { clean.removeHome() }
        #expect(try clean.run(["boss", "screenshots", "--yes"], input: "d\n").status == 0)
        try FileManager.default.createDirectory(atPath: clean.home + "/config/swipeclean", withIntermediateDirectories: true)
        try "[[[ x\n".write(toFile: Self.configFile(clean), atomically: true, encoding: .utf8)

        let list = try clean.run(["trash", "list", "--json"])
        #expect(list.status == 0, "\(list.stderr)")
        #expect(try CleanBinary.array(list).count == 1)
        #expect(list.stderr.contains(Self.configFile(clean)) && list.stderr.contains("using the defaults"), "\(list.stderr)")
        let restore = try clean.run(["restore", "--all"])
        #expect(restore.status == 0, "\(restore.stderr)")
        #expect(restore.stdout.hasPrefix("restored "), "\(restore.stdout)")
        #expect(restore.stderr.contains("using the defaults"))
        let profile = try clean.run(["profile"])
        #expect(profile.status == 1 && profile.stdout.isEmpty && profile.stderr.contains(Self.configFile(clean)))
    }

    /// `vacation`, `rest-day` and `config` print one JSON document with `--json`.
    @Test func vacationRestDayAndConfigHaveJSON() throws {
        let clean = try CleanBinary.atFixedTime()
        defer { clean.removeHome() }
        func object(_ arguments: [String]) throws -> [String: Any] {
            let run = try clean.run(arguments)
            #expect(run.status == 0, "clean \(arguments.joined(separator: " ")): \(run.stderr)")
            return try CleanBinary.object(run)
        }
        #expect(try object(["vacation", "--json"])["vacation"] is NSNull)
        let started = try #require(try object(["vacation", "start", "--until", "2026-03-09", "--json"])["vacation"] as? [String: Any])
        #expect(started["start"] as? String == "2026-03-02" && started["end"] as? String == "2026-03-09" && started["active"] as? Bool == true)
        let status = try #require(try object(["vacation", "status", "--json"])["vacation"] as? [String: Any])
        #expect(status["end"] as? String == "2026-03-09")
        let ended = try #require(try object(["vacation", "end", "--json"])["vacation"] as? [String: Any])
        #expect(ended["end"] as? String == "2026-03-02")
        let open = try #require(try object(["vacation", "start", "--json"])["vacation"] as? [String: Any])
        #expect(open["end"] is NSNull)

        #expect(try object(["rest-day", "--json"])["restDay"] is NSNull)
        #expect(try object(["rest-day", "sunday", "--json"])["restDay"] as? String == "sunday")
        #expect(try object(["rest-day", "--json"])["restDay"] as? String == "sunday")
        #expect(try object(["rest-day", "none", "--json"])["restDay"] is NSNull)

        let config = try object(["config", "--json"])
        #expect(config["overrides"] is NSNull)
        #expect(config["state"] as? String == clean.home + "/state")
        let play = try #require((config["configuration"] as? [String: Any])?["play"] as? [String: Any])
        #expect(play["round_seconds"] as? Int == 60)
        #expect(try clean.run(["config", "set", "play.round_seconds", "90"]).status == 0)
        let changed = try object(["config", "show", "--json"])
        #expect(changed["overrides"] as? String == Self.configFile(clean))
        #expect(((changed["configuration"] as? [String: Any])?["play"] as? [String: Any])?["round_seconds"] as? Int == 90)
    }

    /// `scan --no-similar` says similar photos were not checked instead of "0 groups".
    @Test func aScanWithoutSimilarSaysNotChecked() throws {
        let clean = try CleanBinary.atFixedTime()
        defer { clean.removeHome() }
        let phone = try clean.copyOfTheFixtures(withBigVideo: false)
        let human = try clean.run(["scan", phone, "--no-similar"])
        #expect(human.status == 0, "\(human.stderr)")
        #expect(human.stdout.contains("  similar          not checked (--no-similar)"), "\(human.stdout)")
        let json = try CleanBinary.object(try clean.run(["scan", phone, "--no-similar", "--json"]))
        #expect(json["similarChecked"] as? Bool == false)
        #expect(try CleanBinary.object(try clean.run(["scan", phone, "--json"]))["similarChecked"] as? Bool == true)
    }

    /// A confirmed round of group cards counts cards and files apart, as the done screen does.
    @Test func aConfirmedRoundOfGroupsCountsCardsAndFiles() throws {
        let (clean, _) = try scanned()
        defer { clean.removeHome() }
        let run = try clean.run(["boss", "duplicates", "--yes"], input: "d\nd\nd\n")
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("reviewed 3 cards (6 files)"), "\(run.stdout)")
    }

    /// Into a pipe nothing is cut to 80 columns (ScreenWidthTests checks the cut on a terminal): an achievement's whole
    /// title (one of 38 characters, which a terminal cuts to 17), this week's boss's whole story.
    @Test func intoAPipeNothingIsCutToTheTerminalsWidth() throws {
        let (clean, _) = try scanned()
        defer { clean.removeHome() }
        let bosses = try clean.run(["boss", "list"])
        #expect(bosses.status == 0)
        let weekly = try #require(try CleanBinary.array(try clean.run(["boss", "list", "--json"])).first { $0["weekly"] as? Bool == true })
        let story = try #require(weekly["story"] as? String)
        #expect(bosses.stdout.contains("\n  \(story)\n"), "\(bosses.stdout)")

        try FileManager.default.createDirectory(atPath: clean.home + "/config/swipeclean", withIntermediateDirectories: true)
        try """
            [[game.achievements]]
            id = "long-one"
            title = "The Longest Achievement Title There Is"
            category = "milestones"
            tier = "bronze"
            metric = "photosDeleted"
            required = 1
            """.write(toFile: Self.configFile(clean), atomically: true, encoding: .utf8)
        let achievements = try clean.run(["achievements"])
        #expect(achievements.status == 0, "\(achievements.stderr)")
        #expect(achievements.stdout.contains("  · The Longest Achievement Title There Is bronze   Delete 1 file\n"), "\(achievements.stdout)")
    }

    /// `clean --json` and `clean home --json`: the home screen as one document; every other command keeps its own --json.
    @Test func theHomeScreenHasJSONToo() throws {
        let (clean, _) = try scanned()
        defer { clean.removeHome() }
        for arguments in [["--json"], ["home", "--json"]] {
            let run = try clean.run(arguments)
            #expect(run.status == 0, "\(run.stderr)")
            let home = try CleanBinary.object(run)
            #expect((home["profile"] as? [String: Any])?["level"] as? Int == 1)
            #expect(home["hasLibrary"] as? Bool == true && (home["bosses"] as? [Any])?.isEmpty == false)
        }
        #expect(try clean.run(["home"]).stdout == (try clean.run([]).stdout))
        #expect(try CleanBinary.object(try clean.run(["profile", "--json"]))["totalXP"] as? Int == 0)
    }

    /// A filter that matches nothing right after a scan says so, not "Run `clean scan DIR` first" (issue 53).
    @Test func aFilterThatMatchesNothingIsNotAMissingScan() throws {
        let fresh = try CleanBinary.atFixedTime()
        defer { fresh.removeHome() }
        #expect(try fresh.run(["items", "--filter", "big-videos"]).stdout == "No items. Run `clean scan DIR` first.\n")
        let (clean, _) = try scanned()
        defer { clean.removeHome() }
        let run = try clean.run(["items", "--filter", "big-videos"])
        #expect(run.status == 0)
        #expect(run.stdout == "No items match --filter big-videos in the index (`clean items` lists them all).\n", "\(run.stdout)")
    }
}
