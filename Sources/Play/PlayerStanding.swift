import Foundation
import Game
import Library

extension PlayContext {
    /// A round that credited nothing (declined, pending, a dry run, nothing to play) still reports
    /// the player as they are: their level, the streak they hold today, their freezes.
    func withStanding(_ report: RoundReport) throws -> RoundReport {
        let profile = try library.profile() ?? newPlayer
        let level = Levels.status(forXP: profile.totalXP, levels: rules.levels)
        var report = report
        report.level = level.number
        report.levelTitle = level.title
        report.currentStreak = profile.standingStreak(on: today)
        report.freezesLeft = profile.freezesRemaining
        return report
    }

    func standingReport(_ kind: RoundKind) throws -> RoundReport {
        try withStanding(RoundReport(kind: kind))
    }

    /// What to play next (`NextBoss`), if any boss can deal.
    func bestBoss() throws -> BossSuggestion? {
        NextBoss.best(try NextBoss.piles(library: library, rules: rules, policy: queuePolicy))
    }
}
