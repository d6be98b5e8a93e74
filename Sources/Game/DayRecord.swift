import Foundation

/// What a past day was for the streak, as recorded when the streak moved past it.
public enum DayState: String, Codable, Sendable, CaseIterable {
    /// At least one round with a photo reviewed ended on this day.
    case completed
    /// Missed, and a streak freeze covered it.
    case frozen
    /// Missed on the player's weekly rest day; skipped over.
    case rest
    /// Missed during a vacation; neither breaks nor extends the streak.
    case vacation
}

/// A vacation from `start` to `end`, both days included, during which missed days do not break the streak.
public struct Vacation: Codable, Sendable, Hashable {
    public var start: Day
    public var end: Day

    public init(start: Day, end: Day) {
        self.start = start
        self.end = end
    }

    /// Whether `day` lies within the vacation (an inverted range contains nothing).
    public func contains(_ day: Day) -> Bool {
        start <= day && day <= end
    }
}
