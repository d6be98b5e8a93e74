import Foundation

/// How one day looks in the 7-day calendar.
public enum CalendarDayState: String, Codable, Sendable, CaseIterable {
    case completed, frozen, missed, rest, vacation
    /// Today, not played yet.
    case today
}

/// One day of the 7-day calendar: `{"date": "YYYY-MM-DD", "state": …}`.
public struct CalendarDay: Codable, Sendable, Equatable {
    public var date: Day
    public var state: CalendarDayState

    public init(date: Day, state: CalendarDayState) {
        self.date = date
        self.state = state
    }
}

/// The 7-day calendar of the home screen and `clean profile`.
public enum StreakCalendar {
    /// The last seven days ending with `today`, oldest first. Recorded days show their record; a day without one
    /// is rest or vacation by the current settings, else missed; today is completed once played, else `today`.
    public static func lastSevenDays(of profile: Profile, today: Day) -> [CalendarDay] {
        (0..<7).reversed().map { back in
            let date = today.adding(days: -back)
            return CalendarDay(date: date, state: state(of: date, in: profile, today: today))
        }
    }

    /// The same, for the local day of `now` in `calendar`.
    public static func lastSevenDays(of profile: Profile, now: Date, calendar: Calendar) -> [CalendarDay] {
        lastSevenDays(of: profile, today: Day(now, in: calendar))
    }

    private static func state(of date: Day, in profile: Profile, today: Day) -> CalendarDayState {
        switch profile.dayRecords[date] {
        case .completed: return .completed
        case .frozen: return .frozen
        case .rest: return .rest
        case .vacation: return .vacation
        case nil:
            if date == today { return .today }
            switch Streak.excuse(for: date, restWeekday: profile.restWeekday, vacation: profile.vacation) {
            case .rest: return .rest
            case .vacation: return .vacation
            default: return .missed
            }
        }
    }
}
