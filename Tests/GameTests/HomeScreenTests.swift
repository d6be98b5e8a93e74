import Foundation
import Testing
@testable import Game

@Suite struct HomeScreenTests {
    /// Three days of streak up to Monday 9 March 2026, one freeze left.
    static let player = Profile(streak: Streak(current: 3, longest: 3, lastActiveDay: day("2026-03-09")), freezesRemaining: 1,
                                dayRecords: [day("2026-03-07"): .completed, day("2026-03-08"): .completed, day("2026-03-09"): .completed])

    /// (local time, what skipping today does): from 18:00 on, when the streak is at stake and today is not played.
    /// Tuesday 10th is the first missed day (the freeze would cover it); Wednesday 11th the second (it would end).
    @Test(arguments: [("2026-03-10T17:59:00+01:00", nil), ("2026-03-10T18:00:00+01:00", Nudge.Evening.freezeWillCover(days: 3)),
                      ("2026-03-10T23:59:00+01:00", .freezeWillCover(days: 3)), ("2026-03-10T18:30:00+00:00", .freezeWillCover(days: 3)),
                      ("2026-03-11T08:00:00+01:00", nil), ("2026-03-11T19:00:00+01:00", .streakEnds(days: 3))])
    func eveningNudgeAfterSixSaysWhatMidnightWillDo(time: String, expected: Nudge.Evening?) {
        #expect(Nudge.evening(Self.player, now: instant(time), calendar: calendar(), rules: .defaults) == expected)
    }

    @Test func withoutAFreezeTheStreakEndsAtMidnightAndTheWordsSaySo() throws {
        var noFreeze = Self.player
        noFreeze.freezesRemaining = 0
        let nudge = try #require(Nudge.evening(noFreeze, now: instant("2026-03-10T20:00:00+01:00"), calendar: calendar(), rules: .defaults))
        #expect(nudge == .streakEnds(days: 3))
        #expect(nudge.message == "Your 3-day streak ends at midnight: one round keeps it.")
        let covered = try #require(Nudge.evening(Self.player, now: instant("2026-03-10T20:00:00+01:00"), calendar: calendar(), rules: .defaults))
        #expect(covered.message == "A freeze will cover today for your 3-day streak; play a round to keep it.")
    }

    @Test func noNudgeOnARestDayOrOnVacation() {
        var resting = Self.player
        resting.restWeekday = 3 // Tuesday, 10 March
        #expect(Nudge.evening(resting, now: instant("2026-03-10T20:00:00+01:00"), calendar: calendar(), rules: .defaults) == nil)
        var away = Self.player
        away.vacation = Vacation(start: day("2026-03-10"), end: day("2026-03-12"))
        #expect(Nudge.evening(away, now: instant("2026-03-10T20:00:00+01:00"), calendar: calendar(), rules: .defaults) == nil)
    }

    @Test func noNudgeOnceTodayIsPlayedOrWithoutAStreak() {
        let evening = instant("2026-03-09T20:00:00+01:00")
        #expect(Nudge.evening(Self.player, now: evening, calendar: calendar(), rules: .defaults) == nil, "played today")
        #expect(Nudge.evening(Profile(), now: evening, calendar: calendar(), rules: .defaults) == nil, "no streak")
        var noFreeze = Self.player
        noFreeze.freezesRemaining = 0
        #expect(Nudge.evening(noFreeze, now: instant("2026-03-11T20:00:00+01:00"), calendar: calendar(), rules: .defaults) == nil,
                "streak already lost: a day missed and no freeze")
    }

    @Test func calendarShowsTheLastSevenDaysEndingToday() {
        var profile = Self.player
        profile.dayRecords[day("2026-03-05")] = .frozen
        profile.restWeekday = 3 // Tuesday
        profile.vacation = Vacation(start: day("2026-03-04"), end: day("2026-03-04"))
        let week = StreakCalendar.lastSevenDays(of: profile, now: instant("2026-03-11T09:00:00+01:00"), calendar: calendar())
        #expect(week.map(\.date.description) == ["2026-03-05", "2026-03-06", "2026-03-07", "2026-03-08", "2026-03-09", "2026-03-10", "2026-03-11"])
        #expect(week.map(\.state) == [.frozen, .missed, .completed, .completed, .completed, .rest, .today])
        let earlier = StreakCalendar.lastSevenDays(of: profile, today: day("2026-03-05"))
        #expect(earlier[5].state == .vacation)
    }

    @Test func calendarJSONUsesDateAndState() throws {
        let json = try JSONEncoder().encode(CalendarDay(date: day("2026-03-10"), state: .today))
        let object = try #require(try JSONSerialization.jsonObject(with: json) as? [String: String])
        #expect(object == ["date": "2026-03-10", "state": "today"])
    }
}
