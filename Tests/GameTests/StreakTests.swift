import Foundation
import Testing
@testable import Game

/// One row of the streak transition table, from a 4-day streak (longest 6) last active Tuesday 2026-03-10.
struct StreakTransition: Sendable, CustomTestStringConvertible {
    var name: String
    var today: String
    var freezes = 1
    var restWeekday: Int? = nil
    var vacation: (String, String)? = nil
    var current: Int
    var longest = 6
    var freezeUsed = false
    var skipped: [String: DayState] = [:]

    var testDescription: String { name }
}

@Suite struct StreakTests {
    static let start = Streak(current: 4, longest: 6, lastActiveDay: day("2026-03-10"))

    static let transitions: [StreakTransition] = [
        StreakTransition(name: "same day: no change", today: "2026-03-10", current: 4),
        StreakTransition(name: "yesterday: +1", today: "2026-03-11", current: 5),
        StreakTransition(name: "one missed day with a freeze: freeze spent, +1", today: "2026-03-12", current: 5,
                         freezeUsed: true, skipped: ["2026-03-11": .frozen]),
        StreakTransition(name: "one missed day without a freeze: reset", today: "2026-03-12", freezes: 0, current: 1),
        StreakTransition(name: "two missed days with freezes: reset, none spent", today: "2026-03-13", freezes: 3, current: 1),
        StreakTransition(name: "missed rest day (Wednesday): skipped, +1", today: "2026-03-12", freezes: 0, restWeekday: 4,
                         current: 5, skipped: ["2026-03-11": .rest]),
        StreakTransition(name: "rest day and one missed day: freeze covers the missed one", today: "2026-03-13", restWeekday: 4,
                         current: 5, freezeUsed: true, skipped: ["2026-03-11": .rest, "2026-03-12": .frozen]),
        StreakTransition(name: "vacation covers every missed day: +1", today: "2026-03-15", freezes: 0,
                         vacation: ("2026-03-11", "2026-03-14"), current: 5,
                         skipped: ["2026-03-11": .vacation, "2026-03-12": .vacation, "2026-03-13": .vacation, "2026-03-14": .vacation]),
        StreakTransition(name: "vacation ended two days early, no freeze: reset", today: "2026-03-15", freezes: 0,
                         vacation: ("2026-03-11", "2026-03-12"), current: 1,
                         skipped: ["2026-03-11": .vacation, "2026-03-12": .vacation]),
        StreakTransition(name: "clock went backwards: no change", today: "2026-03-08", current: 4),
        StreakTransition(name: "years later: reset", today: "2029-01-01", freezes: 3, current: 1),
    ]

    @Test(arguments: transitions)
    func streakTransition(_ row: StreakTransition) {
        let vacation = row.vacation.map { Vacation(start: day($0.0), end: day($0.1)) }
        let advance = Streak.advance(Self.start, to: day(row.today), freezesAvailable: row.freezes,
                                     restWeekday: row.restWeekday, vacation: vacation)
        #expect(advance.streak.current == row.current)
        #expect(advance.streak.longest == row.longest)
        #expect(advance.freezeUsed == row.freezeUsed)
        #expect(advance.skippedDays == Dictionary(uniqueKeysWithValues: row.skipped.map { (day($0.key), $0.value) }))
        let expectedLast = day(row.today) < day("2026-03-10") ? day("2026-03-10") : day(row.today)
        #expect(advance.streak.lastActiveDay == expectedLast, "the last active day never moves backwards")
    }

    @Test func freezeCoversExactlyOneMissedDay() {
        let one = Streak.advance(Self.start, to: day("2026-03-12"), freezesAvailable: 5, restWeekday: nil, vacation: nil)
        let two = Streak.advance(Self.start, to: day("2026-03-13"), freezesAvailable: 5, restWeekday: nil, vacation: nil)
        #expect(one.freezeUsed && one.streak.current == 5)
        #expect(!two.freezeUsed && two.streak.current == 1)
    }

    @Test func firstRoundEverStartsAStreakOfOne() {
        let advance = Streak.advance(.none, to: day("2026-03-10"), freezesAvailable: 1, restWeekday: nil, vacation: nil)
        #expect(advance.streak == Streak(current: 1, longest: 1, lastActiveDay: day("2026-03-10")))
        #expect(!advance.freezeUsed)
    }

    @Test func longestStreakFollowsTheCurrentOneUpAndStaysAfterAReset() {
        var streak = Streak.none
        for text in ["2026-03-01", "2026-03-02", "2026-03-03", "2026-03-06", "2026-03-07"] {
            streak = Streak.advance(streak, to: day(text), freezesAvailable: 0, restWeekday: nil, vacation: nil).streak
        }
        #expect(streak.current == 2)
        #expect(streak.longest == 3)
    }

    /// Two rounds at these local instants: the streak counts calendar days, whatever the hours in between.
    @Test(arguments: [
        ("Europe/Berlin", "2026-03-28T23:30:00+01:00", "2026-03-29T23:30:00+02:00", 2),     // 23 h, next day
        ("Europe/Berlin", "2026-03-29T00:30:00+01:00", "2026-03-29T23:30:00+02:00", 1),     // 22 h, same 23-hour day
        ("Europe/Berlin", "2026-10-25T00:05:00+02:00", "2026-10-25T23:55:00+01:00", 1),     // 24 h 50 min, same 25-hour day
        ("Europe/Berlin", "2026-10-24T00:10:00+02:00", "2026-10-25T23:50:00+01:00", 2),     // 48 h 40 min, next day
        ("America/New_York", "2026-03-07T23:30:00-05:00", "2026-03-08T23:30:00-04:00", 2),  // 23 h, next day
        ("America/New_York", "2026-11-01T00:10:00-04:00", "2026-11-01T23:50:00-05:00", 1),  // 24 h 40 min, same day
        ("America/New_York", "2026-10-31T00:10:00-04:00", "2026-11-01T23:50:00-05:00", 2),  // 48 h 40 min, next day
        ("Europe/Berlin", "2026-12-31T23:59:00+01:00", "2027-01-01T00:01:00+01:00", 2),     // 2 min, across the year end
    ])
    func streakCountsCalendarDaysAcrossDSTAndYearEnd(zone: String, first: String, second: String, streak: Int) {
        let cal = calendar(zone)
        let one = Streak.advance(.none, to: Day(instant(first), in: cal), freezesAvailable: 0, restWeekday: nil, vacation: nil)
        let two = Streak.advance(one.streak, to: Day(instant(second), in: cal), freezesAvailable: 0, restWeekday: nil, vacation: nil)
        #expect(two.streak.current == streak)
    }

    @Test func travellingWestToAnEarlierLocalDayChangesNothing() {
        // Tokyo, Monday 2 March 08:00 local; then New York, Sunday 1 March 20:00 local, an hour later in real time.
        let tokyo = Day(instant("2026-03-02T08:00:00+09:00"), in: calendar("Asia/Tokyo"))
        let newYork = Day(instant("2026-03-01T20:00:00-05:00"), in: calendar("America/New_York"))
        #expect(tokyo == day("2026-03-02") && newYork == day("2026-03-01"))
        let first = Streak.advance(.none, to: tokyo, freezesAvailable: 1, restWeekday: nil, vacation: nil).streak
        let second = Streak.advance(first, to: newYork, freezesAvailable: 1, restWeekday: nil, vacation: nil)
        #expect(second.streak == first && !second.freezeUsed)
        // Back on 2 March in New York: still the same day; 3 March: the next one. No day lost or doubled.
        let sameDay = Streak.advance(second.streak, to: day("2026-03-02"), freezesAvailable: 1, restWeekday: nil, vacation: nil)
        let nextDay = Streak.advance(sameDay.streak, to: day("2026-03-03"), freezesAvailable: 1, restWeekday: nil, vacation: nil)
        #expect(sameDay.streak.current == 1 && nextDay.streak.current == 2)
    }

    @Test func travellingEastCanSkipALocalDay() {
        // Los Angeles, Sunday 1 March 23:00; then Auckland, Tuesday 3 March 01:00 local, 13 hours later.
        let la = Day(instant("2026-03-01T23:00:00-08:00"), in: calendar("America/Los_Angeles"))
        let auckland = Day(instant("2026-03-03T01:00:00+13:00"), in: calendar("Pacific/Auckland"))
        let first = Streak.advance(.none, to: la, freezesAvailable: 1, restWeekday: nil, vacation: nil).streak
        let second = Streak.advance(first, to: auckland, freezesAvailable: 1, restWeekday: nil, vacation: nil)
        #expect(second.freezeUsed)
        #expect(second.skippedDays == [day("2026-03-02"): .frozen])
        #expect(second.streak.current == 2)
    }

    /// (today, freezes, standing): what the player still holds before playing, from the 4-day streak of 2026-03-10.
    @Test(arguments: [("2026-03-10", 0, 4), ("2026-03-11", 0, 4), ("2026-03-12", 1, 4), ("2026-03-12", 0, 0),
                      ("2026-03-13", 3, 0), ("2026-03-01", 0, 4)])
    func standingStreakBeforePlaying(today: String, freezes: Int, standing: Int) {
        #expect(Streak.standing(Self.start, on: day(today), freezesAvailable: freezes, restWeekday: nil, vacation: nil) == standing)
    }
}
