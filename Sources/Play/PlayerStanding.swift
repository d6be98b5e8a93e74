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

    /// The boss with the most cards to deal now, if any can deal (ties: the first in the rules).
    func bestBoss() throws -> BossSuggestion? {
        var best: BossSuggestion?
        var counts: [BossQueue: Int] = [:]
        for boss in rules.bosses {
            // Counted by the index, never dealt: dealing every old photo of a million files to count them took
            // a minute and 3.6 GB (the empty similar and videos bosses suggest another this way).
            if counts[boss.category] == nil { counts[boss.category] = try library.cardCount(CardCategory(boss.category), policy: queuePolicy) }
            let count = counts[boss.category] ?? 0
            if count > 0, count > (best?.cards ?? 0) { best = BossSuggestion(boss: boss.name, cards: count) }
        }
        return best
    }
}
