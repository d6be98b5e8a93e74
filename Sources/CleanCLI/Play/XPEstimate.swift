import Game
import Library
import Play

/// The XP a round in play would earn if confirmed now: the round's base XP times the multiplier of
/// the streak counting today. An estimate for the screen; the round end decides the real figure.
struct XPEstimate {
    let rules: XPRules
    let multiplier: Double

    init(_ play: PlayContext) {
        let profile = (try? play.library.profile()) ?? play.newPlayer
        let streak = Streak.advance(profile.streak, to: play.today, freezesAvailable: profile.freezesRemaining,
                                    restWeekday: profile.restWeekday, vacation: profile.vacation).streak
        rules = play.rules.xp
        multiplier = XP.multiplier(streakDays: streak.current, ladder: play.rules.multiplierLadder)
    }

    func xp(for session: RoundSession) -> Int {
        let base = XP.forRound(reviewed: session.decisions.count, deleted: session.deletedCards.count,
                               bytesFreed: Int(session.bytesToFree), bossReward: 0, rules: rules)
        return XP.applying(multiplier: multiplier, to: base)
    }
}
