import Foundation
import Testing
@testable import Game

/// Issue 13: a weekly boss chosen from the ISO week in the player's calendar; progress starts again each week.
@Suite struct WeeklyBossTests {
    static let pool: [WeeklyBossDefinition] = ["a", "b", "c", "d"].map {
        WeeklyBossDefinition(name: $0, title: $0.uppercased(), story: "", filter: BossFilter(), target: 10, xpReward: 100)
    }
    static let everyone = ["a": 5, "b": 5, "c": 5, "d": 5]

    /// ISO weeks: Monday to Sunday, numbered by the year of their Thursday.
    @Test(arguments: [
        ("2026-03-02", "2026-03-02", "2026-W10"), ("2026-03-08", "2026-03-02", "2026-W10"),
        ("2026-12-31", "2026-12-28", "2026-W53"), ("2027-01-03", "2026-12-28", "2026-W53"),
        ("2027-01-04", "2027-01-04", "2027-W01"), ("2024-12-30", "2024-12-30", "2025-W01"),
        ("2021-01-03", "2020-12-28", "2020-W53"), ("2019-12-30", "2019-12-30", "2020-W01"),
    ])
    func weeksAreISOWeeks(dayText: String, monday: String, name: String) {
        let week = BossWeek(containing: day(dayText))
        #expect(week.monday == day(monday))
        #expect(week.description == name)
    }

    /// Across a year end the serial number still moves by one a week, so consecutive weeks bring different bosses.
    @Test func consecutiveWeeksBringDifferentBossesAcrossAYearEnd() {
        var week = BossWeek(containing: day("2026-12-14"))
        var names: [String] = []
        for _ in 0..<8 {
            names.append(WeeklyBosses.choose(for: week, pool: Self.pool, dealable: Self.everyone, progress: nil)!.name)
            week = week.next
        }
        #expect(zip(names, names.dropFirst()).allSatisfy { $0 != $1 })
        #expect(Set(names.prefix(4)).count == 4)
    }

    /// The local calendar decides the week: Sunday 23:30 in Paris is still last week, while it is Monday in UTC+14.
    @Test func theLocalCalendarDecidesTheWeek() {
        let sundayNight = instant("2026-03-08T23:30:00+01:00")
        #expect(BossWeek(sundayNight, in: calendar("Europe/Paris")).monday == day("2026-03-02"))
        #expect(BossWeek(sundayNight, in: calendar("Pacific/Kiritimati")).monday == day("2026-03-09"))
        // A calendar whose weeks start on Sunday still gives ISO weeks.
        #expect(BossWeek(sundayNight, in: calendar("Europe/Paris", firstWeekday: 1)).monday == day("2026-03-02"))
    }

    /// The week of the spring DST change (Paris, Sunday 29 March 2026) is 167 hours long and ends at local midnight.
    @Test func aWeekWithADSTChangeEndsAtLocalMidnight() {
        let paris = calendar("Europe/Paris")
        let week = BossWeek(instant("2026-03-25T12:00:00+01:00"), in: paris)
        #expect(week.start(in: paris) == instant("2026-03-23T00:00:00+01:00"))
        #expect(week.end(in: paris) == instant("2026-03-30T00:00:00+02:00"))
        #expect(week.end(in: paris).timeIntervalSince(week.start(in: paris)) == 167 * 3600)
        #expect(BossWeek(instant("2026-03-29T23:59:00+02:00"), in: paris) == week)
        #expect(BossWeek(instant("2026-03-30T00:00:00+02:00"), in: paris) == week.next)
    }

    @Test func anEmptyPoolOrNoCardsMeansNoBoss() {
        let week = BossWeek(containing: day("2026-03-02"))
        #expect(WeeklyBosses.choose(for: week, pool: [], dealable: [:], progress: nil) == nil)
        #expect(WeeklyBosses.choose(for: week, pool: Self.pool, dealable: ["a": 0, "b": 0], progress: nil) == nil)
    }

    /// Bosses with no card are skipped; the others still take turns.
    @Test func bossesWithoutCardsAreSkipped() {
        var week = BossWeek(containing: day("2026-03-02"))
        var names: [String] = []
        for _ in 0..<4 {
            names.append(WeeklyBosses.choose(for: week, pool: Self.pool, dealable: ["a": 3, "b": 0, "c": 7, "d": 0], progress: nil)!.name)
            week = week.next
        }
        #expect(Set(names) == ["a", "c"])
        #expect(zip(names, names.dropFirst()).allSatisfy { $0 != $1 })
    }

    /// A boss of "this week N years ago" comes in its own slot of the cycle when it has cards that week, and never
    /// makes the others repeat: they keep their turns.
    @Test func aBossOfThisWeekInPastYearsComesInItsSlotWithoutShiftingTheOthers() {
        var pool = Self.pool
        pool.insert(WeeklyBossDefinition(name: "memories", title: "M", story: "", filter: BossFilter(thisWeekYearsAgo: 1),
                                         target: 10, xpReward: 100), at: 1)
        var week = BossWeek(containing: day("2026-03-02"))
        while WeeklyBosses.turn(week, of: pool.count) != 1 { week = week.next }
        let withMemories = Self.everyone.merging(["memories": 2]) { $1 }
        #expect(WeeklyBosses.choose(for: week, pool: pool, dealable: withMemories, progress: nil)?.name == "memories")
        var names: [String] = []
        for offset in -3...3 {
            let current = BossWeek(containing: week.monday.adding(days: 7 * offset))
            names.append(WeeklyBosses.choose(for: current, pool: pool, dealable: offset == 0 ? Self.everyone : withMemories,
                                             progress: nil)!.name)
        }
        #expect(!names.contains("memories"), "only in its own slot, and there it had no cards")
        #expect(Set(names.prefix(4)).count == 4 && Set(names.suffix(4)).count == 4, "\(names)")
    }

    /// The boss fought this week stays this week's boss even once its queue is empty; next week another comes.
    @Test func theBossFoughtThisWeekStays() {
        let week = BossWeek(containing: day("2026-03-02"))
        let chosen = WeeklyBosses.choose(for: week, pool: Self.pool, dealable: Self.everyone, progress: nil)!
        var emptied = Self.everyone
        emptied[chosen.name] = 0
        let fought = WeeklyBossProgress(week: week, name: chosen.name, progress: 5)
        #expect(WeeklyBosses.choose(for: week, pool: Self.pool, dealable: emptied, progress: fought) == chosen)
        #expect(WeeklyBosses.choose(for: week.next, pool: Self.pool, dealable: emptied, progress: fought) != chosen)
    }

    /// The target adapts to the library: never more than the cards the boss had this week, never below 1.
    @Test(arguments: [(100, 0, 10), (4, 0, 4), (0, 3, 3), (2, 3, 5), (0, 0, 1), (50, 50, 10)])
    func theTargetIsNeverMoreThanTheCards(remaining: Int, progress: Int, target: Int) {
        #expect(WeeklyBosses.target(Self.pool[0], remaining: remaining, progress: progress) == target)
    }

    /// Progress resets with the week; a defeat is recorded once; a clock gone back to an earlier week changes nothing.
    @Test func progressResetsWeeklyAndAClockGoneBackChangesNothing() {
        let boss = Self.pool[0]
        let w10 = BossWeek(containing: day("2026-03-02")), w11 = w10.next
        let first = WeeklyBosses.record(confirmed: 6, toward: boss, in: w10, remaining: 20, at: instant("2026-03-03T12:00:00Z"), stored: nil)
        #expect(first.progress == WeeklyBossProgress(week: w10, name: "a", progress: 6) && first.defeat == nil)
        let second = WeeklyBosses.record(confirmed: 4, toward: boss, in: w10, remaining: 20, at: instant("2026-03-04T12:00:00Z"), stored: first.progress)
        #expect(second.defeat == WeeklyBossDefeat(week: w10, name: "a", title: "A", defeatedAt: instant("2026-03-04T12:00:00Z")))
        let third = WeeklyBosses.record(confirmed: 4, toward: boss, in: w10, remaining: 20, at: instant("2026-03-05T12:00:00Z"), stored: second.progress)
        #expect(third.defeat == nil && third.progress?.progress == 14)
        let nextWeek = WeeklyBosses.record(confirmed: 2, toward: boss, in: w11, remaining: 20, at: instant("2026-03-10T12:00:00Z"), stored: third.progress)
        #expect(nextWeek.progress == WeeklyBossProgress(week: w11, name: "a", progress: 2) && nextWeek.defeat == nil)
        let backInTime = WeeklyBosses.record(confirmed: 9, toward: boss, in: w10, remaining: 20, at: instant("2026-03-06T12:00:00Z"), stored: nextWeek.progress)
        #expect(backInTime.progress == nextWeek.progress && backInTime.defeat == nil)
    }

    /// A weekly defeat goes through the round end: reward before the multipliers, history kept, every defeat counted.
    @Test func aWeeklyDefeatIsKeptInTheHistoryAndCountsForBossHunter() {
        var rules = Rules.defaults
        rules.weeklyBosses = Self.pool
        rules.events = []
        var profile = Profile.newPlayer(tier: .pro, rules: rules)
        var week = BossWeek(containing: day("2026-03-02"))
        for index in 0..<12 {
            var result = RoundResult(reviewed: 3, kept: 0, deleted: 3, bytesFreed: 0, kind: .weekly("b"), confirmedTowardBoss: 3)
            result.weeklyRemaining = 0   // 3 cards were all it had: the target is 3
            let now = BossWeek.startOf(week.monday.adding(days: 2), in: calendar()).addingTimeInterval(12 * 3600)
            let outcome = RoundEnd.apply(profile, result, now: now, calendar: calendar(), rules: rules, tier: .pro)
            #expect(outcome.events.weeklyBossDefeated?.week == week)
            #expect(outcome.events.baseXP == 3 + 50 + 100)
            profile = outcome.profile
            if index == 3 { #expect(outcome.events.achievementsUnlocked.map(\.id).contains("weekly-regular")) }
            if index == 11 { #expect(outcome.events.achievementsUnlocked.map(\.id).contains("weekly-legend")) }
            week = week.next
        }
        #expect(profile.weeklyBossDefeats.count == 12 && profile.bossesDefeated == 12)
        #expect(Achievements.value(of: .weeklyBossesDefeated, in: profile, rules: rules) == 12)
        #expect(profile.achievementsUnlocked["boss-hunter"] != nil)
    }

    /// Weekly progress and history are kept in the stored profile, and a profile stored before them reads as none.
    @Test func weeklyProgressAndHistoryAreStoredAndOldProfilesStillRead() throws {
        let week = BossWeek(containing: day("2026-03-02"))
        var profile = Profile(totalXP: 10)
        profile.weeklyBoss = WeeklyBossProgress(week: week, name: "a", progress: 3)
        profile.weeklyBossDefeats = [WeeklyBossDefeat(week: week, name: "a", title: "A", defeatedAt: instant("2026-03-04T12:00:00Z"))]
        let stored = try JSONEncoder().encode(profile)
        #expect(try JSONDecoder().decode(Profile.self, from: stored) == profile)
        var old = try #require(try JSONSerialization.jsonObject(with: JSONEncoder().encode(Profile(totalXP: 10))) as? [String: Any])
        old = old.filter { !$0.key.lowercased().contains("weekly") }
        let decoded = try JSONDecoder().decode(Profile.self, from: JSONSerialization.data(withJSONObject: old))
        #expect(decoded.weeklyBoss == nil && decoded.weeklyBossDefeats.isEmpty && decoded.totalXP == 10)
    }
}
