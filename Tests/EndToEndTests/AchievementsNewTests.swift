import Foundation
import Testing

@Suite struct AchievementsNewTests {
    /// A player who just unlocked First Steps in a duplicates boss battle.
    static func playerWhoJustUnlockedFirstSteps() throws -> CleanBinary {
        var clean = try CleanBinary()
        let library = try PlayAcrossDaysTests.makeLibrary(clean)
        clean.environment["SWIPECLEAN_NOW"] = "2026-03-02T19:30:00+01:00"
        #expect(try clean.run(["scan", library, "--quiet"]).status == 0)
        #expect(try clean.run(["boss", "duplicates", "--yes"], input: "d\n").status == 0)
        return clean
    }

    @Test func theFirstListingAfterAnUnlockMarksItNewAndTheNextDoesNot() throws {
        let clean = try Self.playerWhoJustUnlockedFirstSteps()
        defer { clean.removeHome() }
        let shown = try clean.run(["achievements"])
        #expect(shown.stdout.contains("First Steps") && shown.stdout.contains("NEW"))
        #expect(!(try clean.run(["achievements"]).stdout.contains("NEW")))
    }

    @Test func theJSONSaysNewOnce() throws {
        let clean = try Self.playerWhoJustUnlockedFirstSteps()
        defer { clean.removeHome() }
        func firstSteps() throws -> [String: Any]? {
            let list = try JSONSerialization.jsonObject(with: Data(clean.run(["achievements", "--json"]).stdout.utf8)) as? [[String: Any]]
            return list?.first { $0["id"] as? String == "first-steps" }
        }
        let first = try firstSteps()
        #expect(first?["unlocked"] as? Bool == true && first?["new"] as? Bool == true)
        #expect(try firstSteps()?["new"] as? Bool == false)
    }
}
