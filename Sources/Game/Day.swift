import Foundation

/// A calendar day in the player's time zone, compared and subtracted by Julian day number, never by 86,400 s.
public struct Day: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The Julian day number: consecutive days differ by exactly one, across DST and year ends.
    public let julianDayNumber: Int

    /// The day with this Julian day number.
    public init(julianDayNumber: Int) {
        self.julianDayNumber = julianDayNumber
    }

    /// The proleptic Gregorian day, or nil for a date that does not exist (2026-02-30).
    public init?(year: Int, month: Int, day: Int) {
        guard (1...12).contains(month), (1...31).contains(day), year > -4700 else { return nil }
        let candidate = Day(julianDayNumber: Day.julianDayNumber(year: year, month: month, day: day))
        guard candidate.year == year, candidate.month == month, candidate.day == day else { return nil }
        self = candidate
    }

    /// The local day of `date` in the calendar's time zone (the Gregorian date, whatever the calendar's identifier).
    public init(_ date: Date, in calendar: Calendar) {
        var gregorian = Calendar(identifier: .gregorian)
        gregorian.timeZone = calendar.timeZone
        let parts = gregorian.dateComponents([.year, .month, .day], from: date)
        self.init(julianDayNumber: Day.julianDayNumber(year: parts.year!, month: parts.month!, day: parts.day!))
    }

    /// Parses "YYYY-MM-DD"; nil for anything else.
    public init?(string: String) {
        let parts = string.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
              parts.allSatisfy({ $0.allSatisfy(\.isASCII) }),
              let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2])
        else { return nil }
        self.init(year: year, month: month, day: day)
    }

    /// The Gregorian year, month (1…12) and day of month (1…31).
    public var year: Int { civil.year }
    public var month: Int { civil.month }
    public var day: Int { civil.day }

    /// Weekday numbered as `Calendar` does: 1 Sunday … 7 Saturday.
    public var weekday: Int { (julianDayNumber + 1) % 7 + 1 }

    /// The day `count` days later (earlier when negative).
    public func adding(days count: Int) -> Day {
        Day(julianDayNumber: julianDayNumber + count)
    }

    /// Whole calendar days from `earlier` to this day; negative when `earlier` is later.
    public func days(since earlier: Day) -> Int {
        julianDayNumber - earlier.julianDayNumber
    }

    /// The first day of the calendar week holding this day, weeks starting on `calendar.firstWeekday`.
    public func startOfWeek(in calendar: Calendar) -> Day {
        adding(days: -((weekday - calendar.firstWeekday + 7) % 7))
    }

    /// "YYYY-MM-DD".
    public var description: String {
        let (y, m, d) = civil
        return "\(Day.padded(y, 4))-\(Day.padded(m, 2))-\(Day.padded(d, 2))"
    }

    /// `value` in decimal, zero-padded on the left to `width` digits.
    private static func padded(_ value: Int, _ width: Int) -> String {
        let digits = String(value)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }

    public static func < (lhs: Day, rhs: Day) -> Bool {
        lhs.julianDayNumber < rhs.julianDayNumber
    }

    /// Fliegel–Van Flandern: Gregorian date to Julian day number.
    private static func julianDayNumber(year: Int, month: Int, day: Int) -> Int {
        let a = (14 - month) / 12
        let y = year + 4800 - a
        let m = month + 12 * a - 3
        return day + (153 * m + 2) / 5 + 365 * y + y / 4 - y / 100 + y / 400 - 32045
    }

    /// Julian day number back to the Gregorian date.
    private var civil: (year: Int, month: Int, day: Int) {
        let a = julianDayNumber + 32044
        let b = (4 * a + 3) / 146_097
        let c = a - 146_097 * b / 4
        let d = (4 * c + 3) / 1461
        let e = c - 1461 * d / 4
        let m = (5 * e + 2) / 153
        return (100 * b + d - 4800 + m / 10, m + 3 - 12 * (m / 10), e - (153 * m + 2) / 5 + 1)
    }
}

/// Encoded as the string "YYYY-MM-DD".
extension Day: Codable {
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let day = Day(string: text) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "Expected a day as YYYY-MM-DD, found \"\(text)\".")
        }
        self = day
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}

/// A dictionary keyed by Day encodes as an object keyed by "YYYY-MM-DD".
extension Day: CodingKeyRepresentable {
    public var codingKey: any CodingKey { DayKey(stringValue: description) }

    public init?<T: CodingKey>(codingKey: T) {
        self.init(string: codingKey.stringValue)
    }

    private struct DayKey: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }
}
