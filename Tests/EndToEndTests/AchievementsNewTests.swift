import Foundation
import Testing

@Suite struct AchievementsNewTests {
    @Test func anAchievementUnlockedInARoundIsNewUntilTheAchievementsAreShown() throws {
        var clean = try CleanBinary()
        defer { clean.removeHome() }
        let library = try PlayAcrossDaysTests.makeLibrary(clean)
        clean.environment["SWIPECLEAN_NOW"] = "2026-03-02T19:30:00+01:00"
        #expect(try clean.run(["scan", library, "--quiet"]).status == 0)
        #expect(try clean.run(["boss", "duplicates", "--yes"], input: "d\n").status == 0)
        func firstSteps() throws -> [String: Any]? {
            let list = try JSONSerialization.jsonObject(with: Data(clean.run(["achievements", "--json"]).stdout.utf8)) as? [[String: Any]]
            return list?.first { $0["id"] as? String == "first-steps" }
        }
        #expect(try firstSteps()?["unlocked"] as? Bool == true)
        #expect(try firstSteps()?["new"] as? Bool == false)   // the first listing above showed it and marked it seen
        let again = try clean.run(["achievements"])
        #expect(!again.stdout.contains("NEW"))
    }

    @Test func theFirstListingAfterAnUnlockMarksItNew() throws {
        var clean = try CleanBinary()
        defer { clean.removeHome() }
        let library = try PlayAcrossDaysTests.makeLibrary(clean)
        clean.environment["SWIPECLEAN_NOW"] = "2026-03-02T19:30:00+01:00"
        #expect(try clean.run(["scan", library, "--quiet"]).status == 0)
        #expect(try clean.run(["boss", "duplicates", "--yes"], input: "d\n").status == 0)
        let shown = try clean.run(["achievements"])
        #expect(shown.stdout.contains("First Steps") && shown.stdout.contains("NEW"))
    }
}
