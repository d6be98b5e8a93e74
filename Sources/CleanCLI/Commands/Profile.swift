import ArgumentParser
import Foundation
import Game

extension Clean {
    /// `clean profile`: level, XP, streak, freezes, totals and the last seven days.
    struct Profile: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Show your level, XP, streak, freezes, totals and the last 7 days.")

        @Flag(help: "Print one JSON document on stdout.")
        var json = false

        func run() throws {
            let context = try AppContext()
            let view = try PlayerView(context: context)
            print(json ? ProfileOutput.json(view).text
                       : ProfileOutput.human(view, today: Day(context.now, in: context.calendar),
                                             style: .forStdout(environment: context.environment)))
        }
    }
}

/// The player as the screens show them: the stored profile with this week's freezes renewed.
struct PlayerView {
    let profile: Game.Profile
    let level: LevelStatus
    let calendar: [CalendarDay]
    let tier: Tier
    let rules: Rules
    /// The streak as it stands today: 0 once a day was missed with no freeze, rest day or vacation to cover it.
    let currentStreak: Int

    init(context: AppContext) throws {
        rules = context.configuration.game
        tier = context.configuration.player.tier
        let stored = try context.existingLibrary()?.profile() ?? Self.newPlayer(context)
        profile = stored.renewingFreezes(now: context.now, calendar: context.calendar, rules: rules, tier: tier)
        level = profile.level(rules: rules)
        calendar = StreakCalendar.lastSevenDays(of: profile, now: context.now, calendar: context.calendar)
        currentStreak = profile.standingStreak(on: Day(context.now, in: context.calendar))
    }

    /// A first-time player under the configured tier and rules.
    static func newPlayer(_ context: AppContext) -> Game.Profile {
        Game.Profile.newPlayer(tier: context.configuration.player.tier, rules: context.configuration.game)
    }
}
