import Foundation

/// What one round end changed, for the summary screen and `--json`.
public struct RoundEvents: Sendable, Equatable {
    /// The round's local day.
    public var day: Day
    /// Whether the round counted (at least one photo reviewed); a round that did not changes only the freeze refill.
    public var counted: Bool
    /// XP before the streak multiplier (boss reward included).
    public var baseXP: Int
    public var multiplier: Double
    /// XP after the multiplier, rounded down.
    public var roundXP: Int
    /// XP from challenges completed by this round (not multiplied).
    public var challengeXP: Int
    public var levelUp: Bool
    /// The level after the round.
    public var level: LevelStatus
    /// The streak after the round.
    public var currentStreak: Int
    /// Whether a freeze was spent on a missed day.
    public var freezeUsed: Bool
    /// Whether a new week's freezes were put in first.
    public var freezesRefilled: Bool
    public var achievementsUnlocked: [UnlockedAchievement]
    /// The boss this round defeated, if any.
    public var bossDefeated: BossDefinition?
    /// The weekly boss this round defeated, if any.
    public var weeklyBossDefeated: WeeklyBossDefeat? = nil
    /// The seasonal event's multiplier (1 when none is on), applied after the streak multiplier.
    public var eventMultiplier: Double = 1
    /// The seasonal event on the round's day, if any.
    public var event: XPEvent? = nil
    public var challengesCompleted: [ChallengeDefinition]
    /// `baseXP` part by part.
    public var breakdown = XPBreakdown()

    /// All XP the round earned: multiplied round XP plus challenge rewards.
    public var xpEarned: Int { roundXP.saturatingAdd(challengeXP) }
}

/// The new profile and what happened on the way.
public struct RoundOutcome: Sendable, Equatable {
    public var profile: Profile
    public var events: RoundEvents
}

/// Round end as one pure function; the persistence code wraps exactly this in one transaction.
public enum RoundEnd {
    /// Applies a finished round at `now`, in this order: weekly freeze refill; then, if anything was reviewed,
    /// streak, counters, boss progress, XP (boss reward included) times the multiplier of the streak counting
    /// today, challenges, level, achievements.
    public static func apply(_ profile: Profile, _ result: RoundResult, now: Date, calendar: Calendar,
                             rules: Rules, tier: Tier) -> RoundOutcome {
        let today = Day(now, in: calendar)
        let refill = Freezes.refill(remaining: profile.freezesRemaining, lastRefillWeek: profile.lastFreezeRefillWeek,
                                    on: today, calendar: calendar, cap: rules.tiers.limits(for: tier).freezesPerWeek)
        var next = profile
        next.freezesRemaining = refill.remaining
        next.lastFreezeRefillWeek = refill.lastRefillWeek
        let levelBefore = Levels.status(forXP: profile.totalXP, levels: rules.levels)

        guard result.counts else {
            let events = RoundEvents(day: today, counted: false, baseXP: 0, multiplier: 1, roundXP: 0, challengeXP: 0,
                                     levelUp: false, level: levelBefore, currentStreak: profile.currentStreak,
                                     freezeUsed: false, freezesRefilled: refill.refilled, achievementsUnlocked: [],
                                     bossDefeated: nil, challengesCompleted: [])
            return RoundOutcome(profile: next, events: events)
        }

        // Streak and the calendar of days.
        let keptStreak = next.stake(on: today) != .nothing
        let advance = Streak.advance(next.streak, to: today, freezesAvailable: next.freezesRemaining,
                                     restWeekday: next.restWeekday, vacation: next.vacation)
        let movedForward = advance.streak.lastActiveDay == today
        next.streak = advance.streak
        if advance.freezeUsed { next.freezesRemaining -= 1 }
        next.dayRecords.merge(advance.skippedDays) { existing, _ in existing }
        if movedForward || next.dayRecords[today] == nil { next.dayRecords[today] = .completed }

        // Counters.
        next.photosReviewed = next.photosReviewed.saturatingAdd(result.reviewed)
        next.photosDeleted = next.photosDeleted.saturatingAdd(result.deleted)
        next.bytesFreed = next.bytesFreed.saturatingAdd(result.bytesFreed)
        next.roundsCompleted += 1
        next.roundsPerDay[today, default: 0] += 1
        let hour = calendar.component(.hour, from: now)
        if hour < rules.earlyRoundHour { next.earlyRounds += 1 }
        if hour >= rules.lateRoundHour { next.lateRounds += 1 }
        let week = today.startOfWeek(in: calendar)
        let completedThisWeek = (0..<7).filter { next.dayRecords[week.adding(days: $0)] == .completed }.count
        next.mostDaysCompletedInOneWeek = max(next.mostDaysCompletedInOneWeek, completedThisWeek)

        // Bosses.
        var bossDefeated: BossDefinition?
        var weeklyDefeated: WeeklyBossDefeat?
        var bossReward = 0
        switch result.kind {
        case .round:
            break
        case .boss(let name):
            next.bossesFoughtEver.insert(name)
            let record = Bosses.record(confirmed: result.confirmedTowardBoss, toward: name, at: now,
                                       progress: next.bossProgress, defeats: next.bossDefeats, rules: rules)
            next.bossProgress = record.progress
            next.bossDefeats = record.defeats
            bossDefeated = record.defeated
            bossReward = record.defeated?.xpReward ?? 0
        case .weekly(let name):
            if let boss = rules.weeklyBosses.first(where: { $0.name == name }) {
                next.bossesFoughtEver.insert(name)
                let record = WeeklyBosses.record(confirmed: result.confirmedTowardBoss, toward: boss, in: BossWeek(now, in: calendar),
                                                 remaining: result.weeklyRemaining, at: now, stored: next.weeklyBoss)
                next.weeklyBoss = record.progress
                if let defeat = record.defeat {
                    next.weeklyBossDefeats.append(defeat)
                    weeklyDefeated = defeat
                    bossReward = boss.xpReward
                }
            }
        }

        // XP (the streak multiplier, then the seasonal event's) and challenges.
        let breakdown = XP.breakdown(reviewed: result.reviewed, deleted: result.deleted, bytesFreed: result.bytesFreed,
                                     bossReward: bossReward, rules: rules.xp)
        let baseXP = breakdown.total
        let multiplier = XP.multiplier(streakDays: next.streak.current, ladder: rules.multiplierLadder)
        let event = XPEvents.active(on: today, events: rules.events)
        let eventMultiplier = event?.multiplier ?? 1
        let roundXP = XP.applying(multiplier: eventMultiplier, to: XP.applying(multiplier: multiplier, to: baseXP))
        let moment = RoundMoment(early: hour < rules.earlyRoundHour, keptStreak: keptStreak)
        let challenges = Challenges.record(result, on: today, calendar: calendar, progress: next.challenges, rules: rules,
                                           moment: moment)
        next.challenges = challenges.progress
        let challengeXP = challenges.completed.reduce(0) { $0.saturatingAdd($1.xpReward) }
        next.totalXP = next.totalXP.saturatingAdd(roundXP.saturatingAdd(challengeXP))

        // Level and achievements.
        let level = Levels.status(forXP: next.totalXP, levels: rules.levels)
        let unlocked = Achievements.newlyUnlocked(in: next, at: now, rules: rules)
        for achievement in unlocked { next.achievementsUnlocked[achievement.id] = achievement.unlockedAt }

        var events = RoundEvents(day: today, counted: true, baseXP: baseXP, multiplier: multiplier, roundXP: roundXP,
                                 challengeXP: challengeXP, levelUp: level.number > levelBefore.number, level: level,
                                 currentStreak: next.currentStreak, freezeUsed: advance.freezeUsed,
                                 freezesRefilled: refill.refilled, achievementsUnlocked: unlocked,
                                 bossDefeated: bossDefeated, challengesCompleted: challenges.completed, breakdown: breakdown)
        events.weeklyBossDefeated = weeklyDefeated
        events.eventMultiplier = eventMultiplier
        events.event = event
        return RoundOutcome(profile: next, events: events)
    }
}
