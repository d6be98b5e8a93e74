import Foundation

/// The evening reminder that a streak is at stake.
public enum Nudge {
    /// True from `rules.eveningNudgeHour` local time on, when the player holds a streak of at least one day
    /// and has not played today.
    public static func evening(_ profile: Profile, now: Date, calendar: Calendar, rules: Rules) -> Bool {
        let today = Day(now, in: calendar)
        return calendar.component(.hour, from: now) >= rules.eveningNudgeHour
            && profile.standingStreak(on: today) >= 1
            && profile.dayRecords[today] != .completed
    }
}
