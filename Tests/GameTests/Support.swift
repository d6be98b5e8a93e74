import Foundation
@testable import Game

/// "YYYY-MM-DD" as a Day; traps on a typo so a test cannot pass by accident.
func day(_ text: String) -> Day {
    guard let day = Day(string: text) else { fatalError("not a day: \(text)") }
    return day
}

/// An ISO 8601 instant with its offset, e.g. "2026-03-29T23:30:00+02:00".
func instant(_ text: String) -> Date {
    let formatter = ISO8601DateFormatter()
    formatter.formatOptions = [.withInternetDateTime]
    guard let date = formatter.date(from: text) else { fatalError("not an instant: \(text)") }
    return date
}

/// A Gregorian calendar in `zone`, weeks starting on `firstWeekday` (2: Monday).
func calendar(_ zone: String = "Europe/Berlin", firstWeekday: Int = 2) -> Calendar {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: zone)!
    calendar.firstWeekday = firstWeekday
    return calendar
}
