import Foundation
import Testing
@testable import Game

@Suite struct DayTests {
    @Test func julianDayNumberOfTheJ2000Epoch() {
        #expect(Day(year: 2000, month: 1, day: 1)?.julianDayNumber == 2_451_545)
    }

    @Test(arguments: ["2026-03-29", "2026-12-31", "2027-01-01", "2024-02-29", "1999-12-31", "0900-01-05"])
    func stringRoundTrips(text: String) {
        #expect(Day(string: text)?.description == text)
    }

    @Test(arguments: ["2026-02-29", "2026-13-01", "2026-04-31", "2026-3-29", "20260329", "2026-03-29T00:00", "", "abcd-ef-gh"])
    func rejectsWhatIsNotADay(text: String) {
        #expect(Day(string: text) == nil)
    }

    @Test(arguments: [
        ("2026-12-31", "2027-01-01", 1),
        ("2026-02-28", "2026-03-01", 1),
        ("2024-02-28", "2024-03-01", 2),
        ("2026-03-28", "2026-03-30", 2),
        ("2026-01-01", "2027-01-01", 365),
        ("2027-01-01", "2026-12-31", -1),
    ])
    func differenceCountsCalendarDays(from: String, to: String, days: Int) {
        #expect(day(to).days(since: day(from)) == days)
        #expect(day(from).adding(days: days) == day(to))
    }

    @Test(arguments: [("2026-03-10", 3), ("2026-03-29", 1), ("2027-01-01", 6), ("2026-01-03", 7)])
    func weekdayIsNumberedAsCalendarDoes(text: String, weekday: Int) {
        #expect(day(text).weekday == weekday)
    }

    /// Walking 1,000 days with Foundation's calendar, each local noon is exactly one Day later.
    @Test(arguments: ["Europe/Berlin", "America/New_York", "Pacific/Apia", "Australia/Lord_Howe"])
    func agreesWithFoundationDayByDay(zone: String) {
        let cal = calendar(zone)
        var date = cal.date(from: DateComponents(year: 2025, month: 12, day: 1, hour: 12))!
        var expected = day("2025-12-01")
        for _ in 0..<1_000 {
            let components = cal.dateComponents([.year, .month, .day, .weekday], from: date)
            #expect(Day(date, in: cal) == expected)
            #expect(expected.year == components.year && expected.month == components.month && expected.day == components.day)
            #expect(expected.weekday == components.weekday)
            date = cal.date(byAdding: .day, value: 1, to: date)!
            expected = expected.adding(days: 1)
        }
    }

    @Test(arguments: [
        ("Europe/Berlin", "2026-03-29T00:30:00+01:00", "2026-03-29"),
        ("Europe/Berlin", "2026-03-29T23:30:00+02:00", "2026-03-29"),
        ("Europe/Berlin", "2026-10-25T00:05:00+02:00", "2026-10-25"),
        ("Europe/Berlin", "2026-10-25T23:55:00+01:00", "2026-10-25"),
        ("America/New_York", "2026-03-08T23:59:00-04:00", "2026-03-08"),
        ("America/New_York", "2026-11-01T00:01:00-04:00", "2026-11-01"),
        ("Asia/Tokyo", "2026-03-01T23:00:00Z", "2026-03-02"),
        ("America/New_York", "2026-03-02T01:00:00Z", "2026-03-01"),
    ])
    func localDayOfAnInstant(zone: String, at text: String, expected: String) {
        #expect(Day(instant(text), in: calendar(zone)) == day(expected))
    }

    @Test func ignoresANonGregorianCalendarIdentifier() {
        var buddhist = Calendar(identifier: .buddhist)
        buddhist.timeZone = TimeZone(identifier: "UTC")!
        #expect(Day(instant("2026-03-10T12:00:00Z"), in: buddhist) == day("2026-03-10"))
    }

    @Test(arguments: [
        ("2026-03-12", 2, "2026-03-09"), ("2026-03-09", 2, "2026-03-09"), ("2026-03-08", 2, "2026-03-02"),
        ("2026-03-12", 1, "2026-03-08"), ("2026-03-08", 1, "2026-03-08"), ("2027-01-03", 2, "2026-12-28"),
        ("2027-01-03", 1, "2027-01-03"), ("2027-01-01", 7, "2026-12-26"),
    ])
    func weekStartsOnTheCalendarsFirstWeekday(text: String, firstWeekday: Int, start: String) {
        #expect(day(text).startOfWeek(in: calendar(firstWeekday: firstWeekday)) == day(start))
    }

    @Test func codableAsAStringAndAsADictionaryKey() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        #expect(String(decoding: try encoder.encode(day("2026-03-29")), as: UTF8.self) == "\"2026-03-29\"")
        let records: [Day: DayState] = [day("2026-03-29"): .completed, day("2026-03-30"): .frozen]
        let json = String(decoding: try encoder.encode(records), as: UTF8.self)
        #expect(json == #"{"2026-03-29":"completed","2026-03-30":"frozen"}"#)
        #expect(try JSONDecoder().decode([Day: DayState].self, from: Data(json.utf8)) == records)
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(Day.self, from: Data("\"2026-02-30\"".utf8)) }
    }
}
