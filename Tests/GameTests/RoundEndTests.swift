import Foundation
import Testing
@testable import Game

@Suite struct RoundEndTests {
    /// The defaults without challenges, so every XP figure below is the round's own.
    static var rules: Rules {
        var rules = Rules.defaults
        rules.challenges = []
        return rules
    }

    static let mebibyte = 1_048_576

    /// A free player in Berlin (Monday-first weeks), seven rounds over nine days.
    @Test func aWeekAndABitOfRoundsAddUpToTheXPComputedByHand() {
        let rounds: [(String, RoundResult)] = [
            // Mon 2 Mar. First round ever: streak 1 → ×1. 2 + 50 = 52. Total 52. First Steps.
            ("2026-03-02T19:30:00+01:00", RoundResult(reviewed: 5, kept: 3, deleted: 2, bytesFreed: 3 * 1_024)),
            // Same day: streak stays 1. 30 + 50 = 80. Total 132.
            ("2026-03-02T20:00:00+01:00", RoundResult(reviewed: 30, kept: 0, deleted: 30, bytesFreed: 30 * 2_048)),
            // Tue 3 Mar, 06:45: streak 2 → ×1.5. 3 + 50 + 1,500 = 1,553 → 2,329.5 → 2,329. Total 2,461: level 3.
            // Early Bird; 1,500 MiB freed so far: Gigabyte Club.
            ("2026-03-03T06:45:00+01:00", RoundResult(reviewed: 3, kept: 0, deleted: 3, bytesFreed: 3 * 500 * Self.mebibyte)),
            // Wed 4 Mar missed. Thu 5 Mar: the week's one freeze covers it, streak 3 → ×2. 4 + 50 = 54 → 108. Total 2,569.
            ("2026-03-05T12:00:00+01:00", RoundResult(reviewed: 10, kept: 6, deleted: 4, bytesFreed: 4 * 1_024)),
            // Fri 6 Mar: nothing reviewed. 0 XP, no day counted. Total 2,569.
            ("2026-03-06T12:00:00+01:00", RoundResult(reviewed: 0, kept: 0, deleted: 0, bytesFreed: 0)),
            // Mon 9 Mar: new week, freeze refilled to 1. Fri, Sat, Sun missed: streak restarts at 1 → ×1.
            // 1 + 50 = 51. Total 2,620.
            ("2026-03-09T07:30:00+01:00", RoundResult(reviewed: 1, kept: 0, deleted: 1, bytesFreed: 1_024)),
            // Tue 10 Mar, 22:00, boss battle: 50 screenshots of 2 MiB reach the target. Streak 2 → ×1.5.
            // 50 + 50 + 100 (100 MiB) + 500 (boss) = 700 → 1,050. Total 3,670. Boss Slayer, Night Owl.
            ("2026-03-10T22:00:00+01:00", RoundResult(reviewed: 60, kept: 10, deleted: 50, bytesFreed: 50 * 2 * Self.mebibyte,
                                                      kind: .boss("screenshots"), confirmedTowardBoss: 50)),
        ]
        let expected: [(base: Int, multiplier: Double, xp: Int, total: Int, streak: Int, level: Int, unlocked: [String])] = [
            (52, 1, 52, 52, 1, 1, ["first-steps"]),
            (80, 1, 80, 132, 1, 1, []),
            (1_553, 1.5, 2_329, 2_461, 2, 3, ["gigabyte-club", "early-bird"]),
            (54, 2, 108, 2_569, 3, 3, []),
            (0, 1, 0, 2_569, 3, 3, []),
            (51, 1, 51, 2_620, 1, 3, []),
            (700, 1.5, 1_050, 3_670, 2, 3, ["boss-slayer", "night-owl"]),
        ]
        var profile = Profile.newPlayer(tier: .free, rules: Self.rules)
        var events: [RoundEvents] = []
        for (when, result) in rounds {
            let outcome = RoundEnd.apply(profile, result, now: instant(when), calendar: calendar(), rules: Self.rules, tier: .free)
            events.append(outcome.events)
            profile = outcome.profile
        }
        for (event, want) in zip(events, expected) {
            #expect(event.baseXP == want.base, "\(event.day)")
            #expect(event.multiplier == want.multiplier, "\(event.day)")
            #expect(event.roundXP == want.xp && event.xpEarned == want.xp, "\(event.day)")
            #expect(event.currentStreak == want.streak, "\(event.day)")
            #expect(event.level.number == want.level, "\(event.day)")
            #expect(event.achievementsUnlocked.map(\.id) == want.unlocked, "\(event.day)")
        }
        #expect(events.map(\.levelUp) == [false, false, true, false, false, false, false])
        #expect(events.map(\.freezeUsed) == [false, false, false, true, false, false, false])
        #expect(events.map(\.freezesRefilled) == [true, false, false, false, false, true, false])
        #expect(events.map { $0.bossDefeated?.name } == [nil, nil, nil, nil, nil, nil, "screenshots"])
        #expect(events[6].level.title == "Photo Organizer")
        #expect(events[6].breakdown == XPBreakdown(files: 50, round: 50, size: 100, boss: 500), "the boss round part by part")
        #expect(events.allSatisfy { $0.breakdown.total == $0.baseXP })

        #expect(profile.totalXP == 3_670)
        #expect(profile.photosReviewed == 109)     // 5 + 30 + 3 + 10 + 0 + 1 + 60
        #expect(profile.photosDeleted == 90)       // 2 + 30 + 3 + 4 + 0 + 1 + 50
        #expect(profile.roundsCompleted == 6)      // the empty round does not count
        #expect(profile.currentStreak == 2 && profile.longestStreak == 3)
        #expect(profile.freezesRemaining == 1)
        #expect(profile.lastFreezeRefillWeek == day("2026-03-09"))
        #expect(profile.mostDaysCompletedInOneWeek == 3)
        #expect(profile.roundsPerDay[day("2026-03-02")] == 2)
        #expect(profile.dayRecords == [day("2026-03-02"): .completed, day("2026-03-03"): .completed, day("2026-03-04"): .frozen,
                                       day("2026-03-05"): .completed, day("2026-03-09"): .completed, day("2026-03-10"): .completed])
        #expect(StreakCalendar.lastSevenDays(of: profile, today: day("2026-03-10")).map(\.state) ==
            [.frozen, .completed, .missed, .missed, .missed, .completed, .completed])
    }

    /// ISO week 53 of 2026 runs Mon 28 Dec to Sun 3 Jan; week 1 of 2027 starts Mon 4 Jan.
    @Test func yearEndCarriesTheStreakAndRefillsFreezesInWeekOne() {
        let round = RoundResult(reviewed: 1, kept: 1, deleted: 0, bytesFreed: 0)
        var profile = Profile.newPlayer(tier: .free, rules: .defaults)
        var events: [RoundEvents] = []
        // Tue 29, (Wed 30 missed), Thu 31, Fri 1, Sat 2, (Sun 3 missed), Mon 4.
        for text in ["2026-12-29", "2026-12-31", "2027-01-01", "2027-01-02", "2027-01-04"] {
            let outcome = RoundEnd.apply(profile, round, now: instant("\(text)T12:00:00+01:00"), calendar: calendar(), rules: .defaults, tier: .free)
            events.append(outcome.events)
            profile = outcome.profile
        }
        #expect(events.map(\.currentStreak) == [1, 2, 3, 4, 5])
        #expect(events.map(\.freezeUsed) == [false, true, false, false, true])
        #expect(events.map(\.freezesRefilled) == [true, false, false, false, true])
        #expect(profile.dayRecords[day("2026-12-30")] == .frozen && profile.dayRecords[day("2027-01-03")] == .frozen)
        #expect(profile.freezesRemaining == 0)
    }

    @Test func aRoundOnAnEarlierDayThanTheLastActiveOneKeepsTheStreakButCountsTheRound() {
        let round = RoundResult(reviewed: 4, kept: 2, deleted: 2, bytesFreed: 0)
        let tokyo = RoundEnd.apply(Profile(), round, now: instant("2026-03-02T08:00:00+09:00"), calendar: calendar("Asia/Tokyo"),
                                   rules: Self.rules, tier: .free)
        let newYork = RoundEnd.apply(tokyo.profile, round, now: instant("2026-03-01T20:00:00-05:00"), calendar: calendar("America/New_York"),
                                     rules: Self.rules, tier: .free)
        #expect(newYork.profile.streak == tokyo.profile.streak)
        #expect(newYork.events.roundXP == 52)          // 2 + 50 at the unchanged 1-day streak
        #expect(newYork.profile.roundsCompleted == 2)
        #expect(newYork.profile.dayRecords[day("2026-03-01")] == .completed)
        #expect(newYork.profile.lastActiveDay == day("2026-03-02"))
    }

    @Test func aRoundWithNothingReviewedChangesNothingButTheWeeklyRefill() {
        let profile = Profile(totalXP: 10, streak: Streak(current: 2, longest: 2, lastActiveDay: day("2026-03-09")),
                              freezesRemaining: 1, lastFreezeRefillWeek: day("2026-03-09"))
        let outcome = RoundEnd.apply(profile, RoundResult(reviewed: 0, kept: 0, deleted: 0, bytesFreed: 0, kind: .boss("old")),
                                     now: instant("2026-03-10T12:00:00+01:00"), calendar: calendar(), rules: .defaults, tier: .free)
        #expect(outcome.profile == profile)
        #expect(!outcome.events.counted && outcome.events.xpEarned == 0)
    }

    @Test func aStreakLadderOfOneMultipliesNothing() {
        var rules = Self.rules
        rules.multiplierLadder = [1]
        var profile = Profile()
        var earned: [Int] = []
        for text in ["2026-03-09", "2026-03-10", "2026-03-11", "2026-03-12", "2026-03-13", "2026-03-14"] {
            let outcome = RoundEnd.apply(profile, RoundResult(reviewed: 5, kept: 3, deleted: 2, bytesFreed: 0),
                                         now: instant("\(text)T12:00:00+01:00"), calendar: calendar(), rules: rules, tier: .free)
            earned.append(outcome.events.xpEarned)
            profile = outcome.profile
        }
        #expect(earned == [52, 52, 52, 52, 52, 52])
        #expect(profile.currentStreak == 6)
    }

    @Test func defaultLadderOverSixDays() {
        var profile = Profile()
        var earned: [Int] = []
        for text in ["2026-03-09", "2026-03-10", "2026-03-11", "2026-03-12", "2026-03-13", "2026-03-14"] {
            let outcome = RoundEnd.apply(profile, RoundResult(reviewed: 5, kept: 3, deleted: 2, bytesFreed: 0),
                                         now: instant("\(text)T12:00:00+01:00"), calendar: calendar(), rules: Self.rules, tier: .free)
            earned.append(outcome.events.xpEarned)
            profile = outcome.profile
        }
        // 52 × 1, 1.5, 2, 2.5, 3, 3 = 52, 78, 104, 130, 156, 156.
        #expect(earned == [52, 78, 104, 130, 156, 156])
    }

    @Test func restoreTakesBackDeletionsAndBytesButNotXP() {
        let profile = Profile(totalXP: 1_553, photosDeleted: 3, bytesFreed: 1_500 * Self.mebibyte)
        let restored = profile.applyingRestore(files: 1, bytes: 500 * Self.mebibyte)
        #expect(restored.photosDeleted == 2 && restored.bytesFreed == 1_000 * Self.mebibyte && restored.totalXP == 1_553)
        #expect(profile.applyingRestore(files: 9, bytes: Int.max).photosDeleted == 0)
        #expect(profile.applyingRestore(files: 9, bytes: Int.max).bytesFreed == 0)
    }

    @Test func profileRoundTripsThroughJSON() throws {
        var profile = Profile.newPlayer(tier: .pro, rules: .defaults)
        profile.restWeekday = 1
        profile.vacation = Vacation(start: day("2026-08-01"), end: day("2026-08-14"))
        profile = RoundEnd.apply(profile, RoundResult(reviewed: 9, kept: 1, deleted: 8, bytesFreed: 5_000, kind: .boss("old"),
                                                      confirmedTowardBoss: 8),
                                 now: instant("2026-03-10T12:00:00+01:00"), calendar: calendar(), rules: .defaults, tier: .pro).profile
        // Default key strategy: `totalXP` does not survive snake case (total_xp comes back as totalXp).
        #expect(try JSONDecoder().decode(Profile.self, from: JSONEncoder().encode(profile)) == profile)
    }
}
