import Foundation
import Game
import Testing
@testable import Settings

@Suite struct ConfigurationTests {
    static let shippedFile: String = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Config/swipeclean.toml").path

    @Test func theShippedFileEqualsTheCompiledInDefaults() throws {
        let text = try String(contentsOfFile: Self.shippedFile, encoding: .utf8)
        let tree = try ConfigTree.parse(toml: text, file: Self.shippedFile)
        // Every key of the defaults is in the file, and no other …
        #expect(tree.isEquivalent(to: Overlay.tree(of: Configuration.defaults)))
        // … and read over empty defaults it gives the same values.
        #expect(try ConfigLoader.parse(text, file: Self.shippedFile) == Configuration.defaults)
    }

    @Test func aUserFileMayOverrideAnySubset() throws {
        let config = try ConfigLoader.parse("""
            [player]
            tier = "pro"
            [scan]
            big_video_bytes = 5
            """, file: "config.toml")
        var expected = Configuration.defaults
        expected.player.tier = .pro
        expected.scan.bigVideoBytes = 5
        #expect(config == expected)
    }

    @Test func anEmptyFileIsTheDefaults() throws {
        #expect(try ConfigLoader.parse("", file: "config.toml") == .defaults)
    }

    @Test(arguments: [
        ("[scan]\nbig_video_bytes = \"lots\"", "config file c.toml: key 'scan.big_video_bytes' must be a whole number"),
        ("[player]\ntier = \"gold\"", "config file c.toml: key 'player.tier' is not valid"),
        ("[scan]\nbig_video_byte = 5", "config file c.toml: unknown key 'scan.big_video_byte'"),
        ("scan = 5", "config file c.toml: key 'scan' must be a table"),
        ("[play]\nbell = 1", "config file c.toml: key 'play.bell' must be true or false"),
        ("[scan\n", "config file c.toml is not valid TOML at line 1"),
        ("\"a\\nb\\u001B[31m\" = 1", "config file c.toml: unknown key 'a\\u{A}b\\u{1B}[31m' (see"),
    ])
    func aBrokenFileIsOneSentenceNamingFileAndKey(text: String, message: String) {
        #expect {
            try ConfigLoader.parse(text, file: "c.toml")
        } throws: { error in
            "\(error)".hasPrefix(message)
        }
    }

    @Test func theEffectiveConfigurationRendersAsTOMLThatReadsBackTheSame() throws {
        var config = Configuration.defaults
        config.player.tier = .pro
        config.scan.skipNames = ["a \"quoted\" name", "tab\there"]
        #expect(try ConfigLoader.parse(config.toml, file: "rendered.toml") == config)
    }

    @Test func theUserFileLivesUnderXDGConfigHome() {
        #expect(ConfigLoader.userFile(environment: ["XDG_CONFIG_HOME": "/x"]) == "/x/swipeclean/config.toml")
        #expect(ConfigLoader.userFile(environment: ["HOME": "/home/p"]) == "/home/p/.config/swipeclean/config.toml")
    }
}
