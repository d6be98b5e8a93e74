import Foundation
import Testing
@testable import Game

@Suite struct FreezeTests {
    /// (first weekday, week of the last refill, today, refills): a new calendar week refills, the same one does not.
    @Test(arguments: [
        (2, "2026-03-09", "2026-03-09", false), (2, "2026-03-09", "2026-03-15", false),  // Monday-first: Mon…Sun
        (2, "2026-03-09", "2026-03-16", true), (2, "2026-03-09", "2026-03-30", true),
        (2, "2026-03-09", "2026-03-01", false),                                          // clock backwards
        (1, "2026-03-08", "2026-03-14", false), (1, "2026-03-08", "2026-03-15", true),   // Sunday-first: Sun…Sat
        (2, "2026-12-28", "2027-01-03", false), (2, "2026-12-28", "2027-01-04", true),   // ISO week 53 → week 1
        (1, "2026-12-27", "2027-01-02", false), (1, "2026-12-27", "2027-01-03", true),
    ])
    func refillOnlyWhenANewCalendarWeekBegins(firstWeekday: Int, lastWeek: String, today: String, refills: Bool) {
        let cal = calendar(firstWeekday: firstWeekday)
        let refill = Freezes.refill(remaining: 0, lastRefillWeek: day(lastWeek), on: day(today), calendar: cal, cap: 1)
        #expect(refill.refilled == refills)
        #expect(refill.remaining == (refills ? 1 : 0))
        #expect(refill.lastRefillWeek == (refills ? day(today).startOfWeek(in: cal) : day(lastWeek)))
    }

    /// Looking every day for 35 days (from Wednesday 2026-12-02, so five week starts fall inside), spending every freeze:
    /// one refill per calendar week, on the calendar's first weekday.
    @Test(arguments: [(2, 2), (1, 1)])
    func refillHappensOncePerCalendarWeek(firstWeekday: Int, refillWeekday: Int) {
        let cal = calendar(firstWeekday: firstWeekday)
        var remaining = 0
        var lastWeek: Day? = nil
        var refillDays: [Day] = []
        for offset in 0..<35 {
            let today = day("2026-12-02").adding(days: offset)
            let refill = Freezes.refill(remaining: remaining, lastRefillWeek: lastWeek, on: today, calendar: cal, cap: 1)
            if refill.refilled { refillDays.append(today) }
            remaining = 0
            lastWeek = refill.lastRefillWeek
        }
        #expect(refillDays.count == 6)  // the first look, then five week starts
        #expect(refillDays.dropFirst().allSatisfy { $0.weekday == refillWeekday })
    }

    @Test(arguments: [(0, 1, 1), (1, 3, 3), (3, 1, 1), (2, 3, 3)])
    func refillSetsTheCapRatherThanAdding(remaining: Int, cap: Int, after: Int) {
        let refill = Freezes.refill(remaining: remaining, lastRefillWeek: nil, on: day("2026-03-11"), calendar: calendar(), cap: cap)
        #expect(refill.remaining == after)
    }

    @Test(arguments: [(Tier.free, 1), (Tier.pro, 3)])
    func viewingTheProfileInANewWeekRefillsToTheTiersCap(tier: Tier, cap: Int) {
        let profile = Profile(freezesRemaining: 0, lastFreezeRefillWeek: day("2026-03-02"))
        let sameWeek = profile.renewingFreezes(now: instant("2026-03-08T23:00:00+01:00"), calendar: calendar(), rules: .defaults, tier: tier)
        let nextWeek = profile.renewingFreezes(now: instant("2026-03-09T00:30:00+01:00"), calendar: calendar(), rules: .defaults, tier: tier)
        #expect(sameWeek == profile)
        #expect(nextWeek.freezesRemaining == cap)
        #expect(nextWeek.lastFreezeRefillWeek == day("2026-03-09"))
    }

    @Test(arguments: [(Tier.free, 1), (Tier.pro, 3)])
    func newPlayerStartsWithTheTiersFreezes(tier: Tier, freezes: Int) {
        let profile = Profile.newPlayer(tier: tier, rules: .defaults)
        #expect(profile.freezesRemaining == freezes)
        #expect(profile.totalXP == 0 && profile.currentStreak == 0 && profile.level(rules: .defaults).number == 1)
    }
}
