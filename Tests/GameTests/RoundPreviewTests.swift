import Foundation
import Testing
@testable import Game

/// The estimate every front-end shows during play is the round end's own XP figure.
@Suite struct RoundPreviewTests {
    static var rules: Rules {
        var rules = Rules.defaults
        rules.challenges = []
        return rules
    }

    /// Rounds on consecutive days, a missed day a freeze covers, and a streak that breaks:
    /// at every step the preview equals what `apply` then credits for the same round.
    @Test(arguments: [
        ["2026-03-02T19:30:00+01:00", "2026-03-03T19:30:00+01:00", "2026-03-04T08:00:00+01:00"],
        ["2026-03-02T19:30:00+01:00", "2026-03-04T19:30:00+01:00"],
        ["2026-03-02T19:30:00+01:00", "2026-03-09T19:30:00+01:00"],
    ])
    func previewMatchesTheRoundEnd(days: [String]) {
        let calendar = calendar()
        var profile = Profile.newPlayer(tier: .free, rules: Self.rules)
        for (index, text) in days.enumerated() {
            let result = RoundResult(reviewed: 10 + index, kept: 2, deleted: 8 + index, bytesFreed: (index + 1) * 300 * 1_048_576)
            let preview = RoundEnd.preview(profile, reviewed: result.reviewed, deleted: result.deleted, bytesFreed: result.bytesFreed,
                                           on: Day(instant(text), in: calendar), rules: Self.rules)
            let outcome = RoundEnd.apply(profile, result, now: instant(text), calendar: calendar, rules: Self.rules, tier: .free)
            #expect(preview == outcome.events.roundXP)
            profile = outcome.profile
        }
    }

    /// Day 3 of a streak multiplies by 2: 5 deletes + 50 for the round = 55 → 110.
    @Test func theThirdDayOfAStreakDoublesTheEstimate() {
        let calendar = calendar()
        var profile = Profile.newPlayer(tier: .free, rules: Self.rules)
        for text in ["2026-03-02T19:30:00+01:00", "2026-03-03T19:30:00+01:00"] {
            profile = RoundEnd.apply(profile, RoundResult(reviewed: 1, kept: 1, deleted: 0, bytesFreed: 0), now: instant(text),
                                     calendar: calendar, rules: Self.rules, tier: .free).profile
        }
        #expect(RoundEnd.preview(profile, reviewed: 5, deleted: 5, bytesFreed: 0, on: day("2026-03-04"), rules: Self.rules) == 110)
        #expect(RoundEnd.preview(profile, reviewed: 0, deleted: 0, bytesFreed: 0, on: day("2026-03-04"), rules: Self.rules) == 0)
    }
}
