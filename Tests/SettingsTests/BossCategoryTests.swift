import Foundation
import Game
import Testing
@testable import Settings

/// Issue 16 (2): each `[[game.bosses]]` entry names the card queue it deals with `category`.
@Suite struct BossCategoryTests {
    static func boss(_ lines: String) -> String {
        "[[game.bosses]]\nname = \"n\"\ntitle = \"T\"\nsummary = \"s\"\ntarget = 3\nxp_reward = 10\n" + lines
    }

    @Test(arguments: BossQueue.allCases)
    func aNewBossTakesAnyQueue(_ queue: BossQueue) throws {
        let config = try ConfigLoader.parse(Self.boss("category = \"\(queue.rawValue)\"\n"), file: "c.toml")
        #expect(config.game.bosses == [BossDefinition(name: "n", title: "T", summary: "s", category: queue, target: 3, xpReward: 10)])
        #expect(config.game.boss(named: "n")?.category == queue)
    }

    /// Configs written before `category` existed name the shipped bosses only: the name is the queue.
    @Test(arguments: BossQueue.allCases)
    func aConfigWithoutCategoryTakesTheQueueFromTheName(_ queue: BossQueue) throws {
        let text = "[[game.bosses]]\nname = \"\(queue.rawValue)\"\ntitle = \"T\"\nsummary = \"s\"\ntarget = 3\nxp_reward = 10\n"
        #expect(try ConfigLoader.parse(text, file: "c.toml").game.bosses.map(\.category) == [queue])
    }

    @Test(arguments: [
        ("", "config file c.toml: key 'game.bosses[0].category' is missing"),
        ("category = \"selfies\"\n", "config file c.toml: key 'game.bosses[0].category' is not valid: 'selfies' is not a card queue; choose screenshots, videos, old, duplicates, similar"),
    ])
    func aBossWithoutAKnownQueueIsRefusedByKey(lines: String, message: String) {
        #expect {
            try ConfigLoader.parse(Self.boss(lines), file: "c.toml")
        } throws: { error in
            "\(error)".hasPrefix(message)
        }
    }

    @Test(arguments: [
        ("name = \"list\"", "config file c.toml: key 'game.bosses[0].name' cannot be 'list'"),
        ("name = \"old\"", "config file c.toml: key 'game.bosses[1].name' 'old' names two bosses; give each its own name"),
    ])
    func aBossNameIsOneBossAndNotACommandWord(line: String, message: String) {
        let text = "[[game.bosses]]\n\(line)\ntitle = \"T\"\nsummary = \"s\"\ncategory = \"old\"\ntarget = 3\nxp_reward = 10\n"
            + "[[game.bosses]]\nname = \"old\"\ntitle = \"T\"\nsummary = \"s\"\ntarget = 3\nxp_reward = 10\n"
        #expect {
            try ConfigLoader.parse(text, file: "c.toml")
        } throws: { error in
            "\(error)".hasPrefix(message)
        }
    }

    @Test func theShippedBossesDealTheirOwnQueues() {
        #expect(Rules.defaults.bosses.map(\.category) == BossQueue.allCases)
        #expect(Rules.defaults.bosses.map(\.name) == BossQueue.allCases.map(\.rawValue))
    }
}
