import Foundation
import Testing
@testable import Game

/// Issue 13: seasonal events multiply a round's XP after the streak multiplier, by the player's local day.
@Suite struct XPEventTests {
    static let newYear = XPEvent(name: "new-year", title: "New Year", from: "12-28", until: "01-04", multiplier: 2)
    static let spring = XPEvent(name: "spring", title: "Spring", from: "03-20", until: "04-03", multiplier: 1.5)

    @Test(arguments: [
        ("2026-03-19", nil), ("2026-03-20", "spring"), ("2026-04-03", "spring"), ("2026-04-04", nil),
        ("2026-12-27", nil), ("2026-12-28", "new-year"), ("2026-12-31", "new-year"), ("2027-01-01", "new-year"),
        ("2027-01-04", "new-year"), ("2027-01-05", nil),
    ] as [(String, String?)])
    func anEventIsOnFromItsFirstToItsLastDay(dayText: String, event: String?) {
        #expect(XPEvents.active(on: day(dayText), events: [Self.newYear, Self.spring])?.name == event)
    }

    /// The edges are the player's local midnight: 23:30 on 19 March in Paris is before the event, in UTC after.
    @Test func theEdgesAreLocalMidnight() {
        let rules = Self.rules([Self.spring])
        let result = RoundResult(reviewed: 10, kept: 0, deleted: 10, bytesFreed: 0)
        let before = RoundEnd.apply(Profile(), result, now: instant("2026-03-19T23:30:00+01:00"), calendar: calendar("Europe/Paris"),
                                    rules: rules, tier: .pro)
        let after = RoundEnd.apply(Profile(), result, now: instant("2026-03-20T00:00:00+01:00"), calendar: calendar("Europe/Paris"),
                                   rules: rules, tier: .pro)
        #expect(before.events.event == nil && before.events.eventMultiplier == 1 && before.events.roundXP == 60)
        #expect(after.events.event == Self.spring && after.events.eventMultiplier == 1.5 && after.events.roundXP == 90)
        let tokyo = RoundEnd.apply(Profile(), result, now: instant("2026-03-19T23:30:00+01:00"), calendar: calendar("Asia/Tokyo"),
                                   rules: rules, tier: .pro)
        #expect(tokyo.events.event == Self.spring)
    }

    /// After the streak multiplier, each rounded down: 61 × 2 (3-day streak) = 122, × 1.5 = 183.
    @Test func theEventMultipliesAfterTheStreak() {
        let rules = Self.rules([Self.spring])
        var profile = Profile()
        var outcome: RoundOutcome?
        for text in ["2026-03-20", "2026-03-21", "2026-03-22"] {
            outcome = RoundEnd.apply(profile, RoundResult(reviewed: 11, kept: 0, deleted: 11, bytesFreed: 0),
                                     now: instant("\(text)T12:00:00+01:00"), calendar: calendar("Europe/Paris"), rules: rules, tier: .pro)
            profile = outcome!.profile
        }
        #expect(outcome?.events.multiplier == 2 && outcome?.events.eventMultiplier == 1.5)
        #expect(outcome?.events.baseXP == 61 && outcome?.events.roundXP == 183)
        #expect(RoundEnd.preview(Profile(), reviewed: 11, deleted: 11, bytesFreed: 0, on: day("2026-03-20"), rules: rules) == 91)
    }

    @Test func overlappingEventsTakeTheLargestMultiplier() {
        let small = XPEvent(name: "small", title: "S", from: "01-01", until: "01-02", multiplier: 1.2)
        #expect(XPEvents.active(on: day("2027-01-01"), events: [small, Self.newYear])?.name == "new-year")
        #expect(XPEvents.multiplier(on: day("2027-01-10"), events: [small, Self.newYear]) == 1)
    }

    @Test func theLastDayOfAnOccurrenceMayBeNextYear() {
        #expect(Self.newYear.lastDay(from: day("2026-12-30")) == day("2027-01-04"))
        #expect(Self.newYear.lastDay(from: day("2027-01-02")) == day("2027-01-04"))
        #expect(Self.spring.lastDay(from: day("2026-03-25")) == day("2026-04-03"))
    }

    static func rules(_ events: [XPEvent]) -> Rules {
        var rules = Rules.defaults
        rules.events = events
        return rules
    }
}
