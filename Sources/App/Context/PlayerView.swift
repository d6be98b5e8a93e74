import Game
import Library

/// The player as the screens show them: the stored profile with this week's freezes renewed.
package struct PlayerView {
    package let profile: Game.Profile
    package let level: LevelStatus
    package let calendar: [CalendarDay]
    package let tier: Tier
    package let rules: Rules
    /// The streak as it stands today: 0 once a day was missed with no freeze, rest day or vacation to cover it.
    package let currentStreak: Int

    package init(context: AppContext) throws {
        rules = context.configuration.game
        tier = context.configuration.player.tier
        let stored = try context.existingLibrary()?.profile() ?? Self.newPlayer(context)
        profile = stored.renewingFreezes(now: context.now, calendar: context.calendar, rules: rules, tier: tier)
        level = profile.level(rules: rules)
        calendar = StreakCalendar.lastSevenDays(of: profile, now: context.now, calendar: context.calendar)
        currentStreak = profile.standingStreak(on: Day(context.now, in: context.calendar))
    }

    /// A first-time player under the configured tier and rules.
    package static func newPlayer(_ context: AppContext) -> Game.Profile {
        Game.Profile.newPlayer(tier: context.configuration.player.tier, rules: context.configuration.game)
    }
}
