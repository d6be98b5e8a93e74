import Foundation
import Testing

/// Issue 13, done when: `SWIPECLEAN_NOW` moved across eight Mondays on Fixtures/phone shows eight weekly bosses,
/// each with cards; `clean boss weekly` fights this week's, and a seasonal event shows in `round --json`.
@Suite struct WeeklyBossCommandTests {
    /// The weekly entry of `boss list --json` at `now`.
    static func weekly(_ clean: CleanBinary, at now: String) throws -> [String: Any] {
        var clean = clean
        clean.environment["SWIPECLEAN_NOW"] = now
        let run = try clean.run(["boss", "list", "--json"])
        #expect(run.status == 0, "\(run.stderr)")
        return try #require(try CleanBinary.array(run).first { $0["weekly"] as? Bool == true }, "no weekly boss at \(now)")
    }

    @Test func eightMondaysBringEightWeeklyBossesEachWithCards() throws {
        let clean = try CleanBinary.atFixedTime()
        defer { clean.removeHome() }
        let phone = try clean.copyOfTheFixtures()
        #expect(try clean.run(["scan", phone]).status == 0)
        // Mondays from 2 March 2026 in Paris (the clocks change on Sunday 29 March), with the Sunday that ends each week.
        let weeks = [("2026-03-02T00:05:00+01:00", "2026-03-08T23:55:00+01:00", "2026-03-09T00:00:00+01:00"),
                     ("2026-03-09T00:05:00+01:00", "2026-03-15T23:55:00+01:00", "2026-03-16T00:00:00+01:00"),
                     ("2026-03-16T00:05:00+01:00", "2026-03-22T23:55:00+01:00", "2026-03-23T00:00:00+01:00"),
                     ("2026-03-23T00:05:00+01:00", "2026-03-29T23:55:00+02:00", "2026-03-30T00:00:00+02:00"),
                     ("2026-03-30T00:05:00+02:00", "2026-04-05T23:55:00+02:00", "2026-04-06T00:00:00+02:00"),
                     ("2026-04-06T00:05:00+02:00", "2026-04-12T23:55:00+02:00", "2026-04-13T00:00:00+02:00"),
                     ("2026-04-13T00:05:00+02:00", "2026-04-19T23:55:00+02:00", "2026-04-20T00:00:00+02:00"),
                     ("2026-04-20T00:05:00+02:00", "2026-04-26T23:55:00+02:00", "2026-04-27T00:00:00+02:00")]
        var seen: [String] = []
        for (monday, sunday, end) in weeks {
            let boss = try Self.weekly(clean, at: monday)
            let name = try #require(boss["weeklyName"] as? String)
            let available = try #require(boss["available"] as? Int)
            #expect(available > 0, "\(name) has no card on \(monday)")
            #expect(boss["name"] as? String == "weekly" && boss["progress"] as? Int == 0)
            let target = try #require(boss["target"] as? Int)
            #expect(target >= 1 && target <= available, "\(name): target \(target), \(available) cards")
            #expect(boss["difficulty"] as? String == (available >= 2 * target ? "easy" : "medium"), "never hard: the target fits the cards")
            #expect(boss["endsAt"] as? String == end)
            // Any time in the same week, Sunday night included, gives the same boss.
            #expect(try Self.weekly(clean, at: sunday)["weeklyName"] as? String == name, "\(sunday)")
            seen.append(name)
        }
        #expect(Set(seen).count == 8, "\(seen)")
    }

    @Test func theWeeklyBossIsFoughtAndItsProgressStartsAgainNextWeek() throws {
        var clean = try CleanBinary.atFixedTime()
        defer { clean.removeHome() }
        let phone = try clean.copyOfTheFixtures()
        #expect(try clean.run(["scan", phone]).status == 0)
        let before = try Self.weekly(clean, at: CleanBinary.now)
        let cards = try #require(before["available"] as? Int)
        let target = try #require(before["target"] as? Int)
        let decisions = String(repeating: "d\n", count: target)
        let battle = try clean.run(["boss", "weekly", "--yes", "--json"], input: decisions)
        #expect(battle.status == 0, "\(battle.stderr)")
        let report = try CleanBinary.object(battle)
        #expect(report["weekly"] as? Bool == true && report["boss"] as? String == before["weeklyName"] as? String)
        #expect(report["deleted"] as? Int == target && report["bossDefeated"] as? Bool == true)
        let after = try Self.weekly(clean, at: CleanBinary.now)
        #expect(after["weeklyName"] as? String == before["weeklyName"] as? String, "the boss fought this week stays")
        #expect(after["defeated"] as? Bool == true && after["progress"] as? Int == target)
        #expect(after["available"] as? Int == cards - target)
        let profile = try CleanBinary.object(clean.run(["profile", "--json"]))
        #expect(profile["bossesDefeated"] as? Int == 1)
        // Next Monday: another boss, no progress.
        let next = try Self.weekly(clean, at: "2026-03-09T09:00:00+01:00")
        #expect(next["weeklyName"] as? String != before["weeklyName"] as? String)
        #expect(next["progress"] as? Int == 0 && next["defeated"] as? Bool == false)
        clean.environment["SWIPECLEAN_NOW"] = "2026-03-02T19:30:00+01:00"
        let home = try clean.run([])
        #expect(home.stdout.contains(before["title"] as! String), "\(home.stdout)")
    }

    @Test func theHomeScreenShowsThisWeeksBoss() throws {
        let clean = try CleanBinary.atFixedTime()
        defer { clean.removeHome() }
        let phone = try clean.copyOfTheFixtures()
        #expect(try clean.run(["scan", phone]).status == 0)
        let weekly = try Self.weekly(clean, at: CleanBinary.now)
        let home = try clean.run([])
        #expect(home.status == 0)
        let title = try #require(weekly["title"] as? String)
        let line = try #require(home.stdout.split(separator: "\n").first { $0.contains(title) }, "\(home.stdout)")
        #expect(line.hasSuffix("weekly") && line.contains("\(weekly["available"] as! Int) · "))
        #expect(home.stdout.contains("This week's boss, a new one Mon 9 Mar: "))
    }

    /// Spring Cleaning (20 March to 3 April) multiplies after the streak: `round --json` says by how much and why.
    @Test func aRoundInASeasonalEventShowsItsMultiplier() throws {
        var clean = try CleanBinary.atFixedTime()
        defer { clean.removeHome() }
        let phone = try clean.copyOfTheFixtures(withBigVideo: false)
        clean.environment["SWIPECLEAN_NOW"] = "2026-03-20T10:00:00+01:00"
        #expect(try clean.run(["scan", phone]).status == 0)
        let round = try CleanBinary.object(clean.run(["round", "--yes", "--json"], input: "d\nq\n"))
        #expect(round["eventMultiplier"] as? Double == 1.5 && round["event"] as? String == "Spring Cleaning")
        #expect(round["multiplier"] as? Double == 1 && round["xpEarned"] as? Int == 76)   // (1 + 50) × 1.5 = 76.5
        #expect(try clean.run([]).stdout.contains("Spring Cleaning: XP ×1.5 until Fri 3 Apr"))
        clean.environment["SWIPECLEAN_NOW"] = "2026-04-04T10:00:00+02:00"
        let later = try CleanBinary.object(clean.run(["round", "--yes", "--json"], input: "d\nq\n"))
        #expect(later["eventMultiplier"] as? Double == 1 && later["event"] is NSNull)
    }
}
