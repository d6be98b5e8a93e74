import Foundation

/// The evening reminder that a streak is at stake, saying what skipping today would really do.
public enum Nudge {
    /// What happens at midnight if the player does not play today.
    public enum Evening: Sendable, Equatable {
        /// The streak of `days` ends.
        case streakEnds(days: Int)
        /// A freeze will cover today and the streak of `days` goes on; playing keeps the freeze.
        case freezeWillCover(days: Int)

        public var message: String {
            switch self {
            case .streakEnds(let days):
                return "Your \(days)-day streak ends at midnight: one round keeps it."
            case .freezeWillCover(let days):
                return "A freeze will cover today for your \(days)-day streak; play a round to keep it."
            }
        }
    }

    /// From `rules.eveningNudgeHour` local time on, when the player holds a streak of at least one day, has not
    /// played today and today is not excused (rest day, vacation): whether the streak would end at midnight
    /// or a freeze would be spent on today. Nil when nothing is at stake.
    public static func evening(_ profile: Profile, now: Date, calendar: Calendar, rules: Rules) -> Evening? {
        let today = Day(now, in: calendar)
        let days = profile.standingStreak(on: today)
        guard calendar.component(.hour, from: now) >= rules.eveningNudgeHour, days >= 1 else { return nil }
        switch profile.stake(on: today) {
        case .nothing: return nil
        case .aFreeze: return .freezeWillCover(days: days)
        case .theStreak: return .streakEnds(days: days)
        }
    }
}

/// What not playing on a day would cost the streak the player holds.
public enum StreakStake: Sendable, Equatable {
    /// Nothing: no streak, today already played, or today excused (rest day, vacation).
    case nothing
    /// A freeze would cover the day.
    case aFreeze
    /// The streak would end.
    case theStreak
}

extension Profile {
    /// What skipping `today` would cost: standing tomorrow counts today as missed, so it tells whether
    /// today is excused, covered by a freeze, or breaks the streak.
    public func stake(on today: Day) -> StreakStake {
        guard standingStreak(on: today) >= 1, lastActiveDay != today, dayRecords[today] != .completed else { return .nothing }
        func standingTomorrow(freezes: Int) -> Int {
            Streak.standing(streak, on: today.adding(days: 1), freezesAvailable: freezes,
                            restWeekday: restWeekday, vacation: vacation)
        }
        if standingTomorrow(freezes: 0) >= 1 { return .nothing }
        return standingTomorrow(freezes: freezesRemaining) >= 1 ? .aFreeze : .theStreak
    }
}
