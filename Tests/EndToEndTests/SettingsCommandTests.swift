import Foundation
import Testing

@Suite struct SettingsCommandTests {
    var configFile: (CleanBinary) -> String { { $0.home + "/config/swipeclean/config.toml" } }

    @Test func settingTheTierShowsInConfigAndProfile() throws {
        let clean = try CleanBinary.atFixedTime()
        defer { clean.removeHome() }
        let set = try clean.run(["config", "set", "player.tier", "pro"])
        #expect(set.status == 0, "\(set.stderr)")
        #expect(set.stdout == "player.tier = \"pro\"  (in \(configFile(clean)))\n")
        #expect(try String(contentsOfFile: configFile(clean), encoding: .utf8) == "[player]\ntier = \"pro\"\n")
        let config = try clean.run(["config"])
        #expect(config.stdout.contains("# overrides: \(configFile(clean))\n"))
        #expect(config.stdout.contains("[player]\ntier = \"pro\"\n"))
        let profile = try CleanBinary.object(try clean.run(["profile", "--json"]))
        #expect(profile["tier"] as? String == "pro")
        #expect(profile["streakFreezesRemaining"] as? Int == 3)
    }

    @Test(arguments: [
        (["player.tier", "gold"], "'gold' is not a valid player.tier: it must be one of free, pro"),
        (["play.round_seconds", "soon"], "'soon' is not a valid play.round_seconds: it must be a whole number"),
        (["play.bell", "yes"], "'yes' is not a valid play.bell: it must be true or false"),
        (["play.rounds", "3"], "unknown setting 'play.rounds' (`clean config` lists the keys there are)"),
        (["game.xp", "3"], "'game.xp' is a table, not a setting; set one of its keys (`clean config` lists them)"),
        (["Player Tier", "pro"], "'Player Tier' is not a setting name; write it as section.key in snake_case, e.g. player.tier or play.round_seconds"),
    ])
    func aBadKeyOrValueIsOneSentenceNamingTheKeyAndChangesNothing(arguments: [String], message: String) throws {
        let clean = try CleanBinary.atFixedTime()
        defer { clean.removeHome() }
        let run = try clean.run(["config", "set"] + arguments)
        #expect(run.status == 64, "a key or value that does not fit is a usage error (issue 53): \(run.status)")
        #expect(run.stdout.isEmpty)
        #expect(run.stderr == "Error: \(message)\n")
        #expect(!FileManager.default.fileExists(atPath: configFile(clean)))
    }

    @Test func setKeepsTheOtherOverridesAndComments() throws {
        let clean = try CleanBinary.atFixedTime()
        defer { clean.removeHome() }
        try FileManager.default.createDirectory(atPath: clean.home + "/config/swipeclean", withIntermediateDirectories: true)
        try "# mine\n[scan]\njobs = 2 # two cores\n\n[play]\nbell = true\n".write(toFile: configFile(clean), atomically: true, encoding: .utf8)
        #expect(try clean.run(["config", "set", "play.round_seconds", "90"]).status == 0)
        #expect(try clean.run(["config", "set", "scan.jobs", "4"]).status == 0)
        #expect(try clean.run(["config", "set", "player.tier", "pro"]).status == 0)
        #expect(try String(contentsOfFile: configFile(clean), encoding: .utf8)
                == "# mine\n[scan]\njobs = 4\n\n[play]\nbell = true\nround_seconds = 90\n\n[player]\ntier = \"pro\"\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: clean.home + "/config/swipeclean") == ["config.toml"])
    }

    @Test func setRepairsTheKeyThatBrokeTheFile() throws {
        let clean = try CleanBinary.atFixedTime()
        defer { clean.removeHome() }
        try FileManager.default.createDirectory(atPath: clean.home + "/config/swipeclean", withIntermediateDirectories: true)
        try "[scan]\njobs = \"two\"\n".write(toFile: configFile(clean), atomically: true, encoding: .utf8)
        #expect(try clean.run(["config"]).status == 1)
        #expect(try clean.run(["config", "set", "scan.jobs", "2"]).status == 0)
        #expect(try clean.run(["config"]).stdout.contains("jobs = 2  # 0…256\n"))
    }

    @Test func restDayRoundTrip() throws {
        let clean = try CleanBinary.atFixedTime()
        defer { clean.removeHome() }
        #expect(try clean.run(["rest-day"]).stdout == "No rest day. Choose one with `clean rest-day sunday` (any weekday).\n")
        let set = try clean.run(["rest-day", "SATURDAY"])
        #expect(set.status == 0)
        #expect(set.stdout == "Rest day: Saturday. Skipping it never breaks your streak.\n")
        #expect(try clean.run(["rest-day"]).stdout == "Rest day: Saturday.\n")
        let calendar = try CleanBinary.object(try clean.run(["profile", "--json"]))["calendar"] as? [[String: String]] ?? []
        #expect(calendar.map { $0["state"] ?? "" } == ["missed", "missed", "missed", "missed", "rest", "missed", "today"])
        #expect(try clean.run(["rest-day", "none"]).stdout == "No rest day: every day counts for the streak.\n")
        #expect(try clean.run(["rest-day"]).stdout.hasPrefix("No rest day."))
    }

    @Test func aWeekdayThatIsNotOneIsAUsageError() throws {
        let clean = try CleanBinary.atFixedTime()
        defer { clean.removeHome() }
        let run = try clean.run(["rest-day", "funday"])
        #expect(run.status == 64)
        #expect(run.stderr.hasPrefix("Error: 'funday' is not a weekday; say monday, tuesday, wednesday, thursday, friday, saturday, sunday or none.\n"))
        #expect(clean.filesUnderHome().isEmpty)
    }

    @Test func vacationUntilADateThenEnded() throws {
        let clean = try CleanBinary.atFixedTime()
        defer { clean.removeHome() }
        let start = try clean.run(["vacation", "start", "--until", "2026-03-09"])
        #expect(start.status == 0, "\(start.stderr)")
        #expect(start.stdout == "On vacation (since 2026-03-02) until Mon 9 Mar 2026: those days neither break your streak nor use a freeze.\n")
        #expect(try clean.run(["vacation"]).stdout == start.stdout)
        // Seen from a later day, the vacation fills the calendar.
        var later = clean
        later.environment["SWIPECLEAN_NOW"] = "2026-03-05T10:00:00+01:00"
        let calendar = try CleanBinary.object(try later.run(["profile", "--json"]))["calendar"] as? [[String: String]] ?? []
        #expect(calendar.map { $0["state"] ?? "" } == ["missed", "missed", "missed", "vacation", "vacation", "vacation", "today"])
        #expect(try later.run(["vacation", "end"]).stdout == "Vacation ends today (2026-03-05). Welcome back: one round keeps the streak going.\n")
        var afterwards = clean
        afterwards.environment["SWIPECLEAN_NOW"] = "2026-03-06T10:00:00+01:00"
        #expect(try afterwards.run(["vacation"]).stdout.hasPrefix("No vacation set."))
        #expect(try afterwards.run(["vacation", "end"]).stdout == "No vacation to end.\n")
    }

    @Test func vacationWithoutAnEndLastsUntilEnded() throws {
        let clean = try CleanBinary.atFixedTime()
        defer { clean.removeHome() }
        #expect(try clean.run(["vacation", "start"]).stdout
                == "On vacation (since 2026-03-02) until `clean vacation end`: those days neither break your streak nor use a freeze.\n")
        var muchLater = clean
        muchLater.environment["SWIPECLEAN_NOW"] = "2027-01-10T10:00:00+01:00"
        #expect(try muchLater.run(["vacation"]).stdout.hasPrefix("On vacation (since 2026-03-02) until `clean vacation end`"))
    }

    @Test(arguments: [("2026-3-9", "Error: --until '2026-3-9' is not a date; write it as YYYY-MM-DD, e.g. 2026-03-09\n"),
                      ("2026-03-01", "Error: --until 2026-03-01 is in the past; the vacation starts today (2026-03-02)\n")])
    func aBadVacationEndIsOneSentence(until: String, message: String) throws {
        let clean = try CleanBinary.atFixedTime()
        defer { clean.removeHome() }
        let run = try clean.run(["vacation", "start", "--until", until])
        #expect(run.status == 64, "a value that does not fit is a usage error (issue 53)")
        #expect(run.stderr == message)
        #expect(clean.filesUnderHome().isEmpty)
    }
}
