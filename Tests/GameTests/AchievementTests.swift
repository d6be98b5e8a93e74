import Foundation
import Testing
@testable import Game

@Suite struct AchievementTests {
    /// A profile whose `metric` reads exactly `value`, everything else empty.
    static func profile(_ metric: AchievementMetric, _ value: Int) -> Profile {
        var profile = Profile()
        switch metric {
        case .photosDeleted: profile.photosDeleted = value
        case .bytesFreed: profile.bytesFreed = value
        case .streak: profile.streak = Streak(current: value, longest: value, lastActiveDay: day("2026-03-10"))
        case .bossesDefeated:
            profile.bossDefeats = Dictionary(uniqueKeysWithValues: (0..<value).map { ("boss-\($0)", instant("2026-03-01T12:00:00Z")) })
        case .level: profile.totalXP = value >= 1 ? Rules.defaults.levels[value - 1].xpRequired : 0
        case .weeklyBossesDefeated:
            profile.weeklyBossDefeats = (0..<value).map { index in
                let week = BossWeek(containing: day("2026-01-05").adding(days: 7 * index))
                return WeeklyBossDefeat(week: week, name: "w", title: "W", defeatedAt: instant("2026-03-01T12:00:00Z"))
            }
        case .roundsCompleted: profile.roundsCompleted = value
        case .bossKindsFought: profile.bossesFoughtEver = Set((0..<value).map { "boss-\($0)" })
        case .earlyRounds: profile.earlyRounds = value
        case .lateRounds: profile.lateRounds = value
        case .daysCompletedInOneWeek: profile.mostDaysCompletedInOneWeek = value
        case .roundsInOneDay: profile.roundsPerDay = [day("2026-03-10"): value]
        }
        return profile
    }

    /// Every shipped achievement: one short of its requirement stays locked, reaching it unlocks.
    @Test(arguments: Rules.defaults.achievements)
    func unlocksExactlyAtItsRequirement(_ achievement: AchievementDefinition) {
        let now = instant("2026-03-10T12:00:00Z")
        let below = Achievements.newlyUnlocked(in: Self.profile(achievement.metric, achievement.required - 1), at: now, rules: .defaults)
        let at = Achievements.newlyUnlocked(in: Self.profile(achievement.metric, achievement.required), at: now, rules: .defaults)
        #expect(!below.contains { $0.id == achievement.id })
        #expect(at.contains(UnlockedAchievement(id: achievement.id, title: achievement.title, unlockedAt: now)))
    }

    @Test func unlocksOnceAndKeepsTheDateOfTheRoundThatUnlockedIt() {
        let first = instant("2026-03-10T19:00:00+01:00")
        let second = instant("2026-03-11T19:00:00+01:00")
        let round = RoundResult(reviewed: 3, kept: 2, deleted: 1, bytesFreed: 1_000)
        let one = RoundEnd.apply(Profile.newPlayer(tier: .free, rules: .defaults), round, now: first, calendar: calendar(), rules: .defaults, tier: .free)
        let two = RoundEnd.apply(one.profile, round, now: second, calendar: calendar(), rules: .defaults, tier: .free)
        #expect(one.events.achievementsUnlocked.map(\.id) == ["first-steps"])
        #expect(one.events.achievementsUnlocked.first?.title == "First Steps")
        #expect(two.events.achievementsUnlocked.isEmpty)
        #expect(two.profile.achievementsUnlocked["first-steps"] == first)
    }

    @Test func aRestoreDoesNotLockAnAchievementAgain() {
        var profile = Self.profile(.photosDeleted, 100)
        let when = instant("2026-03-10T12:00:00Z")
        for unlocked in Achievements.newlyUnlocked(in: profile, at: when, rules: .defaults) {
            profile.achievementsUnlocked[unlocked.id] = unlocked.unlockedAt
        }
        let restored = profile.applyingRestore(files: 100, bytes: 0)
        #expect(restored.photosDeleted == 0)
        #expect(Achievements.newlyUnlocked(in: restored, at: when, rules: .defaults).isEmpty)
        let gettingStarted = Achievements.list(for: restored, rules: .defaults).first { $0.id == "getting-started" }
        #expect(gettingStarted?.unlocked == true && gettingStarted?.unlockedAt == when && gettingStarted?.progress == 100)
    }

    @Test func listShowsEveryAchievementWithProgressCappedAtTheRequirement() {
        let list = Achievements.list(for: Self.profile(.photosDeleted, 250), rules: .defaults)
        #expect(list.map(\.id) == Rules.defaults.achievements.map(\.id))
        let progress = Dictionary(uniqueKeysWithValues: list.map { ($0.id, $0.progress) })
        #expect(progress["first-steps"] == 1 && progress["getting-started"] == 100 && progress["photo-purger"] == 250)
        #expect(list.allSatisfy { !$0.unlocked && $0.unlockedAt == nil }, "reaching is not unlocking: that happens at round end")
    }

    @Test func jsonLineHasTheFieldsTheCommandLineContractNames() throws {
        let status = Achievements.list(for: Profile(), rules: .defaults)[0]
        let object = try #require(try JSONSerialization.jsonObject(with: JSONEncoder().encode(status)) as? [String: Any])
        #expect(Set(object.keys) == ["id", "title", "category", "tier", "metric", "required", "progress", "unlocked", "unlockedAt"])
        #expect(object["unlockedAt"] is NSNull)
        #expect(object["id"] as? String == "first-steps" && object["tier"] as? String == "bronze" && object["category"] as? String == "milestones")
    }

    /// (local time, early, late): before 07:00 is early; 21:00 and later is late.
    @Test(arguments: [("06:59", true, false), ("07:00", false, false), ("20:59", false, false), ("21:00", false, true), ("23:59", false, true)])
    func timeOfDayCountsInTheLocalZone(time: String, early: Bool, late: Bool) {
        let now = instant("2026-03-10T\(time):00+01:00")
        let outcome = RoundEnd.apply(Profile(), RoundResult(reviewed: 1, kept: 1, deleted: 0, bytesFreed: 0), now: now,
                                     calendar: calendar(), rules: .defaults, tier: .free)
        #expect(outcome.profile.earlyRounds == (early ? 1 : 0))
        #expect(outcome.profile.lateRounds == (late ? 1 : 0))
        #expect(outcome.events.achievementsUnlocked.contains { $0.id == "early-bird" } == early)
        #expect(outcome.events.achievementsUnlocked.contains { $0.id == "night-owl" } == late)
    }

    @Test func marathonUnlocksOnTheTenthRoundOfOneDay() {
        var profile = Profile()
        for round in 1...10 {
            let now = instant("2026-03-10T12:\(10 + round):00+01:00")
            let outcome = RoundEnd.apply(profile, RoundResult(reviewed: 1, kept: 1, deleted: 0, bytesFreed: 0), now: now,
                                         calendar: calendar(), rules: .defaults, tier: .free)
            #expect(outcome.events.achievementsUnlocked.contains { $0.id == "marathon" } == (round == 10))
            profile = outcome.profile
        }
    }

    /// One round a day from Monday 9 to Sunday 15 March 2026: a perfect week when weeks start on Monday; with
    /// Sunday-first weeks the same seven days straddle two weeks (6 + 1).
    @Test(arguments: [(2, true), (1, false)])
    func perfectWeekNeedsAllSevenDaysOfOneCalendarWeek(firstWeekday: Int, unlocked: Bool) {
        var profile = Profile()
        for offset in 0..<7 {
            let now = instant("2026-03-\(9 + offset)T12:00:00+01:00")
            profile = RoundEnd.apply(profile, RoundResult(reviewed: 1, kept: 1, deleted: 0, bytesFreed: 0), now: now,
                                     calendar: calendar(firstWeekday: firstWeekday), rules: .defaults, tier: .free).profile
        }
        #expect(profile.mostDaysCompletedInOneWeek == (unlocked ? 7 : 6))
        #expect((profile.achievementsUnlocked["perfect-week"] != nil) == unlocked)
    }

    @Test func wellRoundedAfterFightingAllFourBosses() {
        var profile = Profile()
        for (index, boss) in ["screenshots", "videos", "old", "duplicates"].enumerated() {
            let now = instant("2026-03-1\(index)T12:00:00+01:00")
            let outcome = RoundEnd.apply(profile, RoundResult(reviewed: 2, kept: 2, deleted: 0, bytesFreed: 0, kind: .boss(boss)),
                                         now: now, calendar: calendar(), rules: .defaults, tier: .free)
            #expect(outcome.events.achievementsUnlocked.contains { $0.id == "well-rounded" } == (index == 3))
            profile = outcome.profile
        }
    }
}
