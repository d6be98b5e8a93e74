import Foundation

/// A seasonal XP event: every year from `from` to `until` (both included, local days as "MM-DD"; it may span
/// the year end), a round's XP is multiplied by `multiplier` after the streak multiplier.
public struct XPEvent: Codable, Sendable, Equatable {
    public var name: String
    public var title: String
    /// The first day, "MM-DD".
    public var from: String
    /// The last day, "MM-DD".
    public var until: String
    public var multiplier: Double

    public init(name: String, title: String, from: String, until: String, multiplier: Double) {
        self.name = name
        self.title = title
        self.from = from
        self.until = until
        self.multiplier = multiplier
    }

    /// "MM-DD" as (month, day); nil when it is not a day of a leap year.
    public static func monthDay(_ text: String) -> (month: Int, day: Int)? {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 2, parts.allSatisfy({ $0.count == 2 && $0.allSatisfy(\.isASCII) }),
              let month = Int(parts[0]), let day = Int(parts[1]), Day(year: 2024, month: month, day: day) != nil
        else { return nil }
        return (month, day)
    }

    /// Whether `day` falls in the event (false when a bound is not "MM-DD").
    public func contains(_ day: Day) -> Bool {
        guard let start = Self.monthDay(from), let end = Self.monthDay(until) else { return false }
        let key = day.month * 100 + day.day, first = start.month * 100 + start.day, last = end.month * 100 + end.day
        return first <= last ? (first...last).contains(key) : key >= first || key <= last
    }

    /// The last day of the occurrence holding `day` (which it must contain).
    public func lastDay(from day: Day) -> Day {
        guard let end = Self.monthDay(until) else { return day }
        let thisYear = Day(year: day.year, month: end.month, day: end.day) ?? Day(year: day.year, month: end.month, day: end.day - 1)!
        return thisYear >= day ? thisYear : (Day(year: day.year + 1, month: end.month, day: end.day)
            ?? Day(year: day.year + 1, month: end.month, day: end.day - 1)!)
    }
}

/// Which event is on, and what it multiplies.
public enum XPEvents {
    /// The event on `day` with the largest multiplier (the first in the rules on a tie), or nil.
    public static func active(on day: Day, events: [XPEvent]) -> XPEvent? {
        events.filter { $0.contains(day) }.enumerated().max { a, b in
            a.element.multiplier != b.element.multiplier ? a.element.multiplier < b.element.multiplier : a.offset > b.offset
        }?.element
    }

    /// The multiplier on `day`: the active event's, else 1.
    public static func multiplier(on day: Day, events: [XPEvent]) -> Double {
        active(on: day, events: events)?.multiplier ?? 1
    }
}
