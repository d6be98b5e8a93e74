import Foundation

extension RoundEnd {
    /// The XP a round still in play would earn if confirmed on `today`: its base XP (no boss reward,
    /// no challenges) times the multiplier of the streak counting today (then the seasonal event's). Every front-end shows this
    /// estimate while the cards are dealt; `apply` decides the real figure at the round end.
    public static func preview(_ profile: Profile, reviewed: Int, deleted: Int, bytesFreed: Int,
                               on today: Day, rules: Rules) -> Int {
        let streak = Streak.advance(profile.streak, to: today, freezesAvailable: profile.freezesRemaining,
                                    restWeekday: profile.restWeekday, vacation: profile.vacation).streak
        let multiplier = XP.multiplier(streakDays: streak.current, ladder: rules.multiplierLadder)
        let base = XP.forRound(reviewed: reviewed, deleted: deleted, bytesFreed: bytesFreed, bossReward: 0, rules: rules.xp)
        return XP.applying(multiplier: XPEvents.multiplier(on: today, events: rules.events), to: XP.applying(multiplier: multiplier, to: base))
    }
}
