import Foundation
import Testing

/// Issue 16 (2): bosses are data. A boss added to `[[game.bosses]]` is listed and can be fought like the
/// shipped ones; a name the configuration does not have is a usage error that lists the names.
@Suite struct ConfiguredBossTests {
    /// The shipped bosses plus "memories", which deals the old-photo queue.
    static let config = """
        [[game.bosses]]
        name = "screenshots"
        title = "The Screenshot Purge"
        summary = "screenshots"
        target = 50
        xp_reward = 500

        [[game.bosses]]
        name = "memories"
        title = "Lane of Memories"
        summary = "two old photos"
        category = "old"
        target = 2
        xp_reward = 300
        """

    static func withConfig(_ clean: CleanBinary) throws {
        try FileManager.default.createDirectory(atPath: clean.home + "/config/swipeclean", withIntermediateDirectories: true)
        try Data(config.utf8).write(to: URL(fileURLWithPath: clean.home + "/config/swipeclean/config.toml"))
    }

    @Test func aBossAddedInTheConfigIsListedAndCanBeFoughtToItsDefeat() throws {
        let clean = try CleanBinary.atFixedTime()
        defer { clean.removeHome() }
        try Self.withConfig(clean)
        let phone = try clean.copyOfTheFixtures(withBigVideo: false)
        #expect(try clean.run(["scan", phone, "--json"]).status == 0)

        let list = try #require(try JSONSerialization.jsonObject(with: Data(clean.run(["boss", "list", "--json"]).stdout.utf8)) as? [[String: Any]])
            .filter { $0["weekly"] as? Bool == false }
        #expect(list.map { $0["name"] as? String } == ["screenshots", "memories"])
        let memories = try #require(list.last)
        #expect(memories["title"] as? String == "Lane of Memories" && memories["target"] as? Int == 2)
        #expect(memories["xpReward"] as? Int == 300 && memories["defeated"] as? Bool == false)
        let oldPhotos = try #require(memories["available"] as? Int)
        #expect(oldPhotos == 9, "Fixtures/phone has 9 old photos on 2 March 2026")
        #expect(memories["difficulty"] as? String == "easy", "2 to delete, 9 cards")
        #expect(list.first?["difficulty"] as? String == "hard", "50 screenshots to delete, 5 cards")

        let battle = try clean.run(["boss", "memories", "--yes", "--json"], input: "d\nd\nq\n")
        #expect(battle.status == 0, "\(battle.stderr)")
        let report = try CleanBinary.object(battle)
        #expect(report["deleted"] as? Int == 2 && report["bossDefeated"] as? Bool == true)
        let after = try #require(try JSONSerialization.jsonObject(with: Data(clean.run(["boss", "--json"]).stdout.utf8)) as? [[String: Any]])
            .filter { $0["weekly"] as? Bool == false }
        #expect(after.last?["defeated"] as? Bool == true && after.last?["progress"] as? Int == 2)
        #expect(after.last?["available"] as? Int == oldPhotos - 2)
        #expect(try CleanBinary.object(clean.run(["profile", "--json"]))["bossesDefeated"] as? Int == 1)
    }

    @Test func anUnknownBossIsAUsageErrorListingTheConfiguredNames() throws {
        let clean = try CleanBinary.atFixedTime()
        defer { clean.removeHome() }
        try Self.withConfig(clean)
        let run = try clean.run(["boss", "videos"])
        #expect(run.status == 64)
        #expect(run.stderr.contains("unknown boss 'videos'; choose screenshots, memories, weekly (or list)"), "\(run.stderr)")
        #expect(run.stdout.isEmpty)
    }

    @Test func aBossWithoutACategoryWhoseNameIsNoQueueIsABrokenConfig() throws {
        let clean = try CleanBinary.atFixedTime()
        defer { clean.removeHome() }
        try FileManager.default.createDirectory(atPath: clean.home + "/config/swipeclean", withIntermediateDirectories: true)
        let file = clean.home + "/config/swipeclean/config.toml"
        try Data("[[game.bosses]]\nname = \"memes\"\ntitle = \"M\"\nsummary = \"m\"\ntarget = 1\nxp_reward = 1\n".utf8)
            .write(to: URL(fileURLWithPath: file))
        let run = try clean.run(["boss", "list"])
        #expect(run.status == 1)
        #expect(run.stderr.hasPrefix("Error: config file \(file): key 'game.bosses[0].category' is missing"), "\(run.stderr)")
    }
}
