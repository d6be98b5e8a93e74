import Foundation
import Testing
@testable import Settings

/// Every number of the configuration has a range (issue 14, item 6): its edges are read, one past them
/// is refused with one sentence naming the key, the range and the file.
@Suite struct LimitsTests {
    /// The TOML that sets `key` (dotted; `[]` for a field of an array of tables) to `value`.
    static func snippet(_ key: String, _ value: String) -> String {
        switch key {
        case "game.levels[].xp_required": "[[game.levels]]\ntitle = \"t\"\nxp_required = \(value)\n"
        case "game.achievements[].required":
            "[[game.achievements]]\nid = \"a\"\ntitle = \"t\"\ncategory = \"volume\"\ntier = \"gold\"\nmetric = \"photosDeleted\"\nrequired = \(value)\n"
        case "game.bosses[].target": "[[game.bosses]]\nname = \"n\"\ntitle = \"t\"\nsummary = \"s\"\ncategory = \"old\"\ntarget = \(value)\nxp_reward = 1\n"
        case "game.bosses[].xp_reward": "[[game.bosses]]\nname = \"n\"\ntitle = \"t\"\nsummary = \"s\"\ncategory = \"old\"\ntarget = 1\nxp_reward = \(value)\n"
        case "game.challenges[].target":
            "[[game.challenges]]\nid = \"c\"\ntitle = \"t\"\nperiod = \"daily\"\nmetric = \"photosDeleted\"\ntarget = \(value)\nxp_reward = 1\n"
        case "game.challenges[].xp_reward":
            "[[game.challenges]]\nid = \"c\"\ntitle = \"t\"\nperiod = \"daily\"\nmetric = \"photosDeleted\"\ntarget = 1\nxp_reward = \(value)\n"
        case "game.multiplier_ladder[]": "game.multiplier_ladder = [\(value)]\n"
        case "game.weekly_bosses[].target":
            "[[game.weekly_bosses]]\nname = \"w\"\ntitle = \"t\"\nstory = \"s\"\nfilter = { kind = \"photo\" }\ntarget = \(value)\nxp_reward = 1\n"
        case "game.weekly_bosses[].xp_reward":
            "[[game.weekly_bosses]]\nname = \"w\"\ntitle = \"t\"\nstory = \"s\"\nfilter = { kind = \"photo\" }\ntarget = 1\nxp_reward = \(value)\n"
        default: "\(key) = \(value)\n"
        }
    }

    /// (key, lowest, highest): the ranges `clean config` shows.
    static let ranges: [(String, Int, Int)] = [
        ("scan.big_video_bytes", 1, 1 << 50),
        ("scan.old_photo_years", 0, 200),
        ("scan.jobs", 0, 256),
        ("trash.retention_days", 0, 3650),
        ("trash.auto_empty_days", 0, 3650),
        ("play.round_seconds", 1, 3600),
        ("play.kept_cooldown_days", 0, 3650),
        ("game.evening_nudge_hour", 0, 23),
        ("game.early_round_hour", 0, 24),
        ("game.late_round_hour", 0, 24),
        ("game.daily_challenges", 0, 10),
        ("game.weekly_challenges", 0, 10),
        ("game.xp.per_photo_deleted", 0, 1000),
        ("game.xp.per_round", 0, 10_000),
        ("game.xp.bonus_bytes_step", 1, 1 << 40),
        ("game.xp.per_bonus_step", 0, 10_000),
        ("game.tiers.free.freezes_per_week", 0, 7),
        ("game.tiers.free.swipe_seconds_per_day", 1, 86_400),
        ("game.tiers.free.undos_per_day", 0, 1000),
        ("game.tiers.pro.freezes_per_week", 0, 7),
        ("game.levels[].xp_required", 0, 1_000_000_000),
        ("game.achievements[].required", 1, 1 << 50),
        ("game.bosses[].target", 1, 100_000),
        ("game.bosses[].xp_reward", 0, 100_000),
        ("game.challenges[].target", 1, 1 << 50),
        ("game.challenges[].xp_reward", 0, 100_000),
        ("game.weekly_bosses[].target", 1, 100_000),
        ("game.weekly_bosses[].xp_reward", 0, 100_000),
        ("similar.max_distance", 0, 20),
    ]

    @Test(arguments: ranges)
    func bothEdgesAreRead(key: String, lowest: Int, highest: Int) throws {
        _ = try ConfigLoader.parse(Self.snippet(key, "\(lowest)"), file: "c.toml")
        _ = try ConfigLoader.parse(Self.snippet(key, "\(highest)"), file: "c.toml")
    }

    @Test(arguments: ranges)
    func onePastEitherEdgeIsRefusedByName(key: String, lowest: Int, highest: Int) {
        let named = key.replacingOccurrences(of: "[]", with: "[0]")
        for value in [lowest - 1, highest + 1] {
            #expect(throws: ConfigError.outOfRange(file: "c.toml", key: named, range: "\(lowest)…\(highest)", value: "\(value)")) {
                try ConfigLoader.parse(Self.snippet(key, "\(value)"), file: "c.toml")
            }
        }
    }

    @Test func everyLimitIsInTheTable() {
        let tested = Set(Self.ranges.map(\.0) + ["game.multiplier_ladder", "game.multiplier_ladder[]", "game.levels",
                                                   "game.events[].multiplier", "quality.strictness"])
        #expect(Set(Limits.all.map(\.key)) == tested)
    }

    @Test(arguments: [
        ("game.multiplier_ladder = [1.0, 10.0]", nil),
        ("game.multiplier_ladder = [0.99]", "`game.multiplier_ladder[0]` must be 1.0…10.0 in c.toml (it is 0.99)"),
        ("game.multiplier_ladder = [1.0, 10.5]", "`game.multiplier_ladder[1]` must be 1.0…10.0 in c.toml (it is 10.5)"),
        ("game.multiplier_ladder = [-5.0]", "`game.multiplier_ladder[0]` must be 1.0…10.0 in c.toml (it is -5.0)"),
        ("game.multiplier_ladder = [1e308]", "`game.multiplier_ladder[0]` must be 1.0…10.0 in c.toml (it is 1e+308)"),
        ("game.multiplier_ladder = []", "`game.multiplier_ladder` must be 1…20 entries in c.toml (it is 0)"),
        ("game.multiplier_ladder = [" + Array(repeating: "1.0", count: 20).joined(separator: ",") + "]", nil),
        ("game.multiplier_ladder = [" + Array(repeating: "1.0", count: 21).joined(separator: ",") + "]",
         "`game.multiplier_ladder` must be 1…20 entries in c.toml (it is 21)"),
        ("game.multiplier_ladder = [inf]", "config file c.toml: key 'game.multiplier_ladder[0]' must be a finite number"),
        ("game.multiplier_ladder = [nan]", "config file c.toml: key 'game.multiplier_ladder[0]' must be a finite number"),
        ("game.levels = []", "`game.levels` must be 1…100 entries in c.toml (it is 0)"),
        ("[[game.events]]\nname = \"e\"\ntitle = \"E\"\nfrom = \"12-28\"\nuntil = \"01-04\"\nmultiplier = 10.0", nil),
        ("[[game.events]]\nname = \"e\"\ntitle = \"E\"\nfrom = \"12-28\"\nuntil = \"01-04\"\nmultiplier = 0.5",
         "`game.events[0].multiplier` must be 1.0…10.0 in c.toml (it is 0.5)"),
        ("[[game.events]]\nname = \"e\"\ntitle = \"E\"\nfrom = \"02-30\"\nuntil = \"01-04\"\nmultiplier = 2.0",
         "config file c.toml: key 'game.events[0].from' must be a day of the year as \"MM-DD\" (it is \"02-30\")"),
        ("[[game.weekly_bosses]]\nname = \"w\"\ntitle = \"t\"\nstory = \"s\"\nfilter = { this_week_years_ago = 31 }\ntarget = 1\nxp_reward = 1",
         "`game.weekly_bosses[0].filter.this_week_years_ago` must be 1…30 in c.toml (it is 31)"),
        ("[[game.weekly_bosses]]\nname = \"w\"\ntitle = \"t\"\nstory = \"s\"\nfilter = { folders = [\"/\"] }\ntarget = 1\nxp_reward = 1",
         "config file c.toml: key 'game.weekly_bosses[0].filter.folders[0]' is empty; name a folder such as \"WhatsApp/Media\""),
        ("game.xp.per_photo_deleted = 9223372036854775807", "`game.xp.per_photo_deleted` must be 0…1000 in c.toml (it is 9223372036854775807)"),
        ("game.xp.bonus_bytes_step = -1", "`game.xp.bonus_bytes_step` must be 1…1099511627776 in c.toml (it is -1)"),
    ] as [(String, String?)])
    func theLadderAndTheLevels(text: String, message: String?) {
        do {
            _ = try ConfigLoader.parse(text, file: "c.toml")
            #expect(message == nil)
        } catch {
            #expect(error.description == message)
        }
    }

    @Test func theRangesAreShownBesideTheKeys() {
        let shown = Configuration.defaults.toml
        #expect(shown.contains("\n[game.xp]\nbonus_bytes_step = 104857600  # 1…1099511627776\nper_bonus_step = 100  # 0…10000\nper_photo_deleted = 1  # 0…1000\n"))
        #expect(shown.contains("multiplier_ladder = [1, 1.5, 2, 2.5, 3]  # 1…20 entries, each 1.0…10.0\n"))
        #expect(shown.contains("\n[[game.levels]]\ntitle = \"Data Hoarder\"\nxp_required = 0  # 0…1000000000\n"))
    }

    @Test func configSetRefusesANumberOutOfItsRange() throws {
        let directory = "/tmp/limits-\(UInt64.random(in: 0...UInt64.max))"
        defer { try? FileManager.default.removeItem(atPath: directory) }
        #expect(throws: ConfigEditError.outOfRange(key: "game.xp.per_photo_deleted", value: "5000", range: "0…1000")) {
            try ConfigEditor.set(key: "game.xp.per_photo_deleted", value: "5000", environment: ["XDG_CONFIG_HOME": directory])
        }
        #expect(!FileManager.default.fileExists(atPath: directory + "/swipeclean/config.toml"))
    }
}
