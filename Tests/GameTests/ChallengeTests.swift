import Foundation
import Testing
@testable import Game

@Suite struct ChallengeTests {
    static let deleteFive = ChallengeDefinition(id: "delete-5", title: "Delete 5 photos today", period: .daily,
                                                metric: .photosDeleted, target: 5, xpReward: 40)
    static let twoBosses = ChallengeDefinition(id: "two-bosses", title: "Fight two different bosses this week", period: .weekly,
                                               metric: .bossesFought, target: 2, xpReward: 200)

    /// Defaults with a pool of exactly one daily and one weekly challenge, so both are always active.
    static var rules: Rules {
        var rules = Rules.defaults
        rules.challenges = [deleteFive, twoBosses]
        return rules
    }

    static func round(deleted: Int = 0, boss: String? = nil) -> RoundResult {
        RoundResult(reviewed: deleted + 1, kept: 1, deleted: deleted, bytesFreed: 0, kind: boss.map { .boss($0) } ?? .round)
    }

    @Test(arguments: ["2026-03-10", "2026-12-31", "2027-01-01", "2030-06-15"])
    func sameDateSameChallenges(text: String) {
        let first = Challenges.active(on: day(text), calendar: calendar(), rules: .defaults)
        let second = Challenges.active(on: day(text), calendar: calendar("Asia/Tokyo"), rules: .defaults)
        #expect(first == second)
        #expect(first.filter { $0.period == .daily }.count == 2)
        #expect(first.filter { $0.period == .weekly }.count == 1)
        #expect(Set(first.map(\.id)).count == 3, "no challenge twice")
    }

    @Test func weeklyChallengeIsTheSameAllWeekAndDailyOnesVary() {
        let week = (0..<7).map { Challenges.active(on: day("2026-03-09").adding(days: $0), calendar: calendar(), rules: .defaults) }
        #expect(Set(week.map { $0.filter { $0.period == .weekly }.map(\.id) }).count == 1)
        let month = (0..<28).map { Challenges.active(on: day("2026-03-01").adding(days: $0), calendar: calendar(), rules: .defaults) }
        #expect(Set(month.map { $0.filter { $0.period == .daily }.map(\.id) }).count > 1)
        #expect(Set(month.map { $0.filter { $0.period == .weekly }.map(\.id) }).count > 1)
    }

    /// The seeds' two missing kinds: an early bird (a round before `earlyRoundHour`) and protect your streak (the
    /// first round of a day on which skipping would cost a freeze or the streak), each through the round end.
    @Test func earlyBirdAndProtectYourStreakCountWhatTheirNamesSay() {
        var rules = Rules.defaults
        rules.challenges = Rules.defaults.challenges.filter { ["early-bird-today", "keep-streak-3-days"].contains($0.id) }
        rules.challenges = rules.challenges.map { var c = $0; c.target = 1; return c }  // one day is enough to see it
        let played = RoundResult(reviewed: 2, kept: 1, deleted: 1, bytesFreed: 10)
        func play(_ profile: Profile, _ time: String) -> RoundOutcome {
            RoundEnd.apply(profile, played, now: instant(time), calendar: calendar(), rules: rules, tier: .free)
        }
        // Mon 9 Mar, 06:30, first round ever: early, but no streak to protect.
        let first = play(Profile(freezesRemaining: 1), "2026-03-09T06:30:00+01:00")
        #expect(first.events.challengesCompleted.map(\.id) == ["early-bird-today"])
        // Tue 10 Mar, 19:00: the 1-day streak was at stake (a freeze would have covered the day); kept.
        let second = play(first.profile, "2026-03-10T19:00:00+01:00")
        #expect(second.events.challengesCompleted.map(\.id) == ["keep-streak-3-days"])
        // The same evening again: today is played, nothing at stake, nothing more completed.
        let third = play(second.profile, "2026-03-10T21:00:00+01:00")
        #expect(third.events.challengesCompleted.isEmpty)
        #expect(third.profile.challenges.weekly.streakDaysKept == 1)
        // Wed 11 Mar is the player's rest day: skipping it costs nothing, so playing protects nothing.
        var resting = third.profile
        resting.restWeekday = 4
        let rest = play(resting, "2026-03-11T06:00:00+01:00")
        #expect(rest.events.challengesCompleted.map(\.id) == ["early-bird-today"])
        #expect(rest.profile.challenges.weekly.streakDaysKept == 1, "nothing added on the rest day")
    }

    /// A restore counts against the period its file was deleted in, while that period is the stored one: a
    /// file deleted last week leaves this week's progress alone; completed challenges stay completed.
    @Test func aRestoreTakesItsBytesOutOfTheWeekItWasDeletedIn() {
        var progress = ChallengeProgress(daily: PeriodProgress(start: day("2026-03-11")), weekly: PeriodProgress(start: day("2026-03-09")))
        progress.weekly.bytesFreed = 5000; progress.weekly.photosDeleted = 5; progress.weekly.completed = ["w"]
        progress.daily.bytesFreed = 2000; progress.daily.photosDeleted = 2
        let today = Challenges.restoring(files: 1, bytes: 1500, deletedOn: day("2026-03-11"), calendar: calendar(), progress: progress)
        #expect(today.weekly.bytesFreed == 3500 && today.weekly.photosDeleted == 4 && today.weekly.completed == ["w"])
        #expect(today.daily.bytesFreed == 500 && today.daily.photosDeleted == 1)
        let monday = Challenges.restoring(files: 1, bytes: 9000, deletedOn: day("2026-03-09"), calendar: calendar(), progress: progress)
        #expect(monday.weekly.bytesFreed == 0 && monday.daily == progress.daily)
        let lastWeek = Challenges.restoring(files: 1, bytes: 1500, deletedOn: day("2026-03-06"), calendar: calendar(), progress: progress)
        #expect(lastWeek == progress)
    }

    @Test func dailyChallengeCompletesOnceAndStartsOverTheNextDay() {
        var progress = ChallengeProgress()
        var completed: [[String]] = []
        for (text, deleted) in [("2026-03-10", 3), ("2026-03-10", 2), ("2026-03-10", 9), ("2026-03-11", 4), ("2026-03-11", 1)] {
            let record = Challenges.record(Self.round(deleted: deleted), on: day(text), calendar: calendar(), progress: progress, rules: Self.rules)
            completed.append(record.completed.map(\.id))
            progress = record.progress
        }
        // 3 → 5 (done) → 14 (already done) | next day 4 → 5 (done again).
        #expect(completed == [[], ["delete-5"], [], [], ["delete-5"]])
        #expect(progress.daily.photosDeleted == 5)
        #expect(progress.weekly.photosDeleted == 19)
    }

    @Test func twoDifferentBossesThisWeek() {
        var progress = ChallengeProgress()
        var completed: [[String]] = []
        // Monday-first: 9–15 March is one week, 16 March starts the next.
        for (text, boss) in [("2026-03-09", "screenshots"), ("2026-03-10", "screenshots"), ("2026-03-15", "videos"),
                             ("2026-03-16", "old"), ("2026-03-17", "old"), ("2026-03-18", "duplicates")] {
            let record = Challenges.record(Self.round(boss: boss), on: day(text), calendar: calendar(), progress: progress, rules: Self.rules)
            completed.append(record.completed.filter { $0.period == .weekly }.map(\.id))
            progress = record.progress
        }
        #expect(completed == [[], [], ["two-bosses"], [], [], ["two-bosses"]])
    }

    @Test func aRoundDatedBeforeTheStoredDayCountsForNoChallenge() {
        let today = Challenges.record(Self.round(deleted: 4), on: day("2026-03-10"), calendar: calendar(), progress: ChallengeProgress(), rules: Self.rules)
        let yesterday = Challenges.record(Self.round(deleted: 4), on: day("2026-03-09"), calendar: calendar(), progress: today.progress, rules: Self.rules)
        #expect(yesterday.progress == today.progress && yesterday.completed.isEmpty)
    }

    @Test func listShowsTodaysChallengesWithProgressOfTheCurrentPeriodOnly() {
        var profile = Profile()
        profile.challenges = Challenges.record(Self.round(deleted: 3), on: day("2026-03-10"), calendar: calendar(),
                                               progress: ChallengeProgress(), rules: Self.rules).progress
        let sameDay = Challenges.list(for: profile, on: day("2026-03-10"), calendar: calendar(), rules: Self.rules)
        let nextDay = Challenges.list(for: profile, on: day("2026-03-11"), calendar: calendar(), rules: Self.rules)
        #expect(sameDay.first { $0.id == "delete-5" }?.progress == 3)
        #expect(nextDay.first { $0.id == "delete-5" }?.progress == 0)
    }

    @Test func challengeXPIsAddedAfterTheMultiplier() {
        var rules = Self.rules
        rules.weeklyChallenges = 0
        let five = RoundResult(reviewed: 5, kept: 0, deleted: 5, bytesFreed: 0)
        let one = RoundEnd.apply(Profile(), five, now: instant("2026-03-10T12:00:00+01:00"), calendar: calendar(), rules: rules, tier: .free)
        let two = RoundEnd.apply(one.profile, five, now: instant("2026-03-10T13:00:00+01:00"), calendar: calendar(), rules: rules, tier: .free)
        let three = RoundEnd.apply(two.profile, five, now: instant("2026-03-11T12:00:00+01:00"), calendar: calendar(), rules: rules, tier: .free)
        // Day 1: 5 + 50 = 55 × 1, + 40 for the challenge = 95. Same day again: 55, no challenge. Day 2: 55 × 1.5 = 82, + 40 = 122.
        #expect([one, two, three].map(\.events.xpEarned) == [95, 55, 122])
        #expect(three.profile.totalXP == 272)
        #expect(one.events.challengesCompleted.map(\.title) == ["Delete 5 photos today"])
    }
}
