import Foundation

/// Streak freezes: restored to the tier's cap once per calendar week (weeks start on `calendar.firstWeekday`).
public enum Freezes {
    /// The freezes after looking at them on `today`: if `today` is in a later calendar week than the last
    /// refill (or there was none), they are set to `cap` and that week is recorded; otherwise nothing changes.
    /// A day in an earlier week (a clock that went backwards) never refills.
    public static func refill(remaining: Int, lastRefillWeek: Day?, on today: Day, calendar: Calendar, cap: Int) -> FreezeRefill {
        let week = today.startOfWeek(in: calendar)
        if let lastRefillWeek, week <= lastRefillWeek {
            return FreezeRefill(remaining: remaining, lastRefillWeek: lastRefillWeek, refilled: false)
        }
        return FreezeRefill(remaining: max(0, cap), lastRefillWeek: week, refilled: true)
    }
}

/// Freezes after a possible weekly refill.
public struct FreezeRefill: Sendable, Equatable {
    public let remaining: Int
    /// The first day of the week of the latest refill.
    public let lastRefillWeek: Day?
    /// Whether this call refilled.
    public let refilled: Bool
}
