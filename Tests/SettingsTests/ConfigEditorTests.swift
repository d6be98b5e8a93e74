import Foundation
import Testing
@testable import Settings

@Suite struct ConfigEditorTests {
    /// (value text, default, tree): TOML values as TOML; bare words as text where the default is text.
    @Test(arguments: [
        ("pro", ConfigTree.string("free"), ConfigTree.string("pro")),
        ("\"pro\"", .string("free"), .string("pro")),
        ("5", .string("free"), .string("5")),
        ("/tmp/my trash", .string(""), .string("/tmp/my trash")),
        ("90", .integer(60), .integer(90)),
        ("true", .boolean(false), .boolean(true)),
        ("1.5", .float(1), .float(1.5)),
        ("[\".a\", \"b\"]", .array([]), .array([.string(".a"), .string("b")])),
        ("soon", .integer(60), .string("soon")),
    ])
    func aValueIsReadAsTOMLOrAsTextForATextSetting(text: String, current: ConfigTree, expected: ConfigTree) {
        #expect(ConfigEditor.parseValue(text, default: current) == expected)
    }

    @Test func aKeyInItsSectionIsReplacedInPlace() {
        let text = "# mine\n[scan]\njobs = 2 # two\n\n[play]\nbell = true\n"
        #expect(ConfigEditor.edited(text, section: "scan", key: "jobs", line: "jobs = 4")
                == "# mine\n[scan]\njobs = 4\n\n[play]\nbell = true\n")
    }

    @Test func aNewKeyGoesAfterTheLastSettingOfItsSection() {
        let text = "[scan]\njobs = 2\n\n# play settings\n[play]\nbell = true\n"
        #expect(ConfigEditor.edited(text, section: "scan", key: "old_photo_years", line: "old_photo_years = 3")
                == "[scan]\njobs = 2\nold_photo_years = 3\n\n# play settings\n[play]\nbell = true\n")
    }

    @Test func aNewSectionGoesAtTheEnd() {
        #expect(ConfigEditor.edited("", section: "player", key: "tier", line: "tier = \"pro\"") == "[player]\ntier = \"pro\"\n")
        #expect(ConfigEditor.edited("[scan]\njobs = 2\n", section: "game.xp", key: "per_round", line: "per_round = 70")
                == "[scan]\njobs = 2\n\n[game.xp]\nper_round = 70\n")
    }

    @Test func aKeyOfTheSameNameInAnotherSectionIsLeftAlone() {
        let text = "[game.tiers.free]\nfreezes_per_week = 1\n[game.tiers.pro]\nfreezes_per_week = 3\n"
        #expect(ConfigEditor.edited(text, section: "game.tiers.pro", key: "freezes_per_week", line: "freezes_per_week = 5")
                == "[game.tiers.free]\nfreezes_per_week = 1\n[game.tiers.pro]\nfreezes_per_week = 5\n")
    }

    @Test func setWritesTheUserFileAndTheResultLoads() throws {
        let directory = NSTemporaryDirectory() + "config-editor-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let environment = ["XDG_CONFIG_HOME": directory]
        let change = try ConfigEditor.set(key: "game.tiers.pro.freezes_per_week", value: "5", environment: environment)
        #expect(change == ConfigEditor.Change(file: directory + "/swipeclean/config.toml", key: "game.tiers.pro.freezes_per_week", value: "5"))
        #expect(try ConfigLoader.load(environment: environment).0.game.tiers.pro.freezesPerWeek == 5)
        #expect(throws: ConfigEditError.wrongType(key: "scan.jobs", value: "many", expected: "a whole number")) {
            try ConfigEditor.set(key: "scan.jobs", value: "many", environment: environment)
        }
    }

    @Test func aMultiLineValueFallsBackToRewritingTheWholeFile() throws {
        let directory = NSTemporaryDirectory() + "config-editor-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try FileManager.default.createDirectory(atPath: directory + "/swipeclean", withIntermediateDirectories: true)
        try "[scan]\nskip_names = [\n  \".a\",\n]\n".write(toFile: directory + "/swipeclean/config.toml", atomically: true, encoding: .utf8)
        _ = try ConfigEditor.set(key: "scan.skip_names", value: "[\".b\"]", environment: ["XDG_CONFIG_HOME": directory])
        let config = try ConfigLoader.load(environment: ["XDG_CONFIG_HOME": directory]).0
        #expect(config.scan.skipNames == [".b"])
    }
}
