import Foundation

/// One week of weekly bosses: the ISO week, Monday to Sunday, in the player's local calendar.
///
/// Weeks are counted in calendar days, never 86,400 s, so DST and year ends move nothing; the clock
/// going back only gives an earlier week.
public struct BossWeek: Hashable, Comparable, Sendable, Codable, CustomStringConvertible {
    /// The week's Monday.
    public let monday: Day

    /// The week holding `day`.
    public init(containing day: Day) {
        monday = day.adding(days: -((day.weekday + 5) % 7))
    }

    /// The week holding `date` in the calendar's time zone (whatever its `firstWeekday`: ISO weeks start on Monday).
    public init(_ date: Date, in calendar: Calendar) {
        self.init(containing: Day(date, in: calendar))
    }

    public var sunday: Day { monday.adding(days: 6) }
    public var next: BossWeek { BossWeek(containing: monday.adding(days: 7)) }

    /// Weeks since the Monday of Julian day 0: consecutive weeks differ by one, across every year end.
    public var serial: Int { monday.julianDayNumber / 7 }

    /// The ISO 8601 week-numbering year and week, the year being the one holding the week's Thursday.
    public var isoYear: Int { monday.adding(days: 3).year }
    public var isoWeek: Int {
        let thursday = monday.adding(days: 3)
        let january1 = Day(year: thursday.year, month: 1, day: 1)!
        return thursday.days(since: january1) / 7 + 1
    }

    /// "2026-W10".
    public var description: String { "\(isoYear)-W\(isoWeek < 10 ? "0" : "")\(isoWeek)" }

    /// The instant the week starts: local midnight of its Monday (the first instant of that day where DST skips midnight).
    public func start(in calendar: Calendar) -> Date { Self.startOf(monday, in: calendar) }

    /// The instant the week ends: the start of the next one.
    public func end(in calendar: Calendar) -> Date { next.start(in: calendar) }

    /// The first instant of `day` in the calendar's time zone.
    public static func startOf(_ day: Day, in calendar: Calendar) -> Date {
        var gregorian = Calendar(identifier: .gregorian)
        gregorian.timeZone = calendar.timeZone
        let noon = gregorian.date(from: DateComponents(year: day.year, month: day.month, day: day.day, hour: 12))!
        return gregorian.startOfDay(for: noon)
    }

    public static func < (lhs: BossWeek, rhs: BossWeek) -> Bool { lhs.monday < rhs.monday }

    public init(from decoder: any Decoder) throws {
        self.init(containing: try Day(from: decoder))
    }

    public func encode(to encoder: any Encoder) throws {
        try monday.encode(to: encoder)
    }
}
