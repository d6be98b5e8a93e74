import Foundation

/// Consecutive active days. Immutable: a new streak is computed from the old one by `advance`, so the last
/// active day can only be read before it is replaced, never overwritten first.
public struct Streak: Codable, Sendable, Equatable {
    /// Days in the current streak, counting the last active day; 0 before the first round.
    public let current: Int
    /// The longest streak ever reached.
    public let longest: Int
    /// The last day on which a round with a photo reviewed ended; nil before the first.
    public let lastActiveDay: Day?

    /// No streak yet.
    public static let none = Streak(current: 0, longest: 0, lastActiveDay: nil)

    /// A streak as stored; prefer `advance` to compute one.
    public init(current: Int, longest: Int, lastActiveDay: Day?) {
        self.current = current
        self.longest = max(longest, current)
        self.lastActiveDay = lastActiveDay
    }

    /// The streak after a round with at least one photo reviewed ended on `today`, with the days it skipped over.
    ///
    /// Same day or an earlier day (a clock that went backwards): unchanged. The next day: +1. Missed days in
    /// between are vacation (neither break nor extend), the rest weekday (skipped) or breaking days: none left,
    /// +1; exactly one and a freeze available, the freeze covers it and +1; otherwise the streak restarts at 1.
    public static func advance(_ streak: Streak, to today: Day, freezesAvailable: Int,
                               restWeekday: Int?, vacation: Vacation?) -> StreakAdvance {
        guard let last = streak.lastActiveDay else {
            return StreakAdvance(streak: Streak(current: 1, longest: streak.longest, lastActiveDay: today),
                                 freezeUsed: false, skippedDays: [:])
        }
        guard today > last else {
            return StreakAdvance(streak: streak, freezeUsed: false, skippedDays: [:])
        }
        let gap = classifyMissedDays(after: last, before: today, restWeekday: restWeekday, vacation: vacation)
        var skipped = gap.excused
        let continues: Bool
        var freezeUsed = false
        switch gap.breaking.count {
        case 0:
            continues = true
        case 1 where freezesAvailable > 0:
            continues = true
            freezeUsed = true
            skipped[gap.breaking[0]] = .frozen
        default:
            continues = false
        }
        let current = continues ? streak.current + 1 : 1
        return StreakAdvance(streak: Streak(current: current, longest: max(streak.longest, current), lastActiveDay: today),
                             freezeUsed: freezeUsed, skippedDays: skipped)
    }

    /// The streak the player still holds on `today` before playing: the current one if today's round would
    /// continue it (a freeze could still cover a single missed day), otherwise 0.
    public static func standing(_ streak: Streak, on today: Day, freezesAvailable: Int,
                                restWeekday: Int?, vacation: Vacation?) -> Int {
        guard let last = streak.lastActiveDay else { return 0 }
        guard today > last else { return streak.current }
        let breaking = classifyMissedDays(after: last, before: today, restWeekday: restWeekday, vacation: vacation).breaking
        return breaking.isEmpty || (breaking.count == 1 && freezesAvailable > 0) ? streak.current : 0
    }

    /// Whether a missed `day` is excused, and as what: vacation first, then the rest weekday; nil if it breaks.
    public static func excuse(for day: Day, restWeekday: Int?, vacation: Vacation?) -> DayState? {
        if vacation?.contains(day) == true { return .vacation }
        if let restWeekday, day.weekday == restWeekday { return .rest }
        return nil
    }

    /// The days strictly between `last` and `today`, split into excused ones and those that break the streak.
    /// Stops counting breaking days after two: more cannot change the outcome, and a long absence stays cheap.
    private static func classifyMissedDays(after last: Day, before today: Day, restWeekday: Int?,
                                           vacation: Vacation?) -> (excused: [Day: DayState], breaking: [Day]) {
        var excused: [Day: DayState] = [:]
        var breaking: [Day] = []
        var day = last.adding(days: 1)
        while day < today {
            if let state = excuse(for: day, restWeekday: restWeekday, vacation: vacation) {
                excused[day] = state
            } else {
                breaking.append(day)
                if breaking.count > 1 { break }
            }
            day = day.adding(days: 1)
        }
        return (excused, breaking)
    }
}

/// A streak after a round, with what happened to the days it passed over.
public struct StreakAdvance: Sendable, Equatable {
    public let streak: Streak
    /// Whether a freeze was spent on one missed day.
    public let freezeUsed: Bool
    /// Missed days recorded as frozen, rest or vacation.
    public let skippedDays: [Day: DayState]
}
