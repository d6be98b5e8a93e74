import Foundation
import Game
import Library

/// The round end: the moved files go through the game core's round end and everything —
/// XP, level, stats, streak, achievements, boss progress, challenges, each file's credit — is
/// written in one transaction by `LibraryDatabase.settle`.
enum Settlement {
    /// Settles `roundID` (status `moving` after its moves, or `pending` being discarded).
    /// Returns nil when another run already settled it.
    static func settle(_ roundID: Int64, as status: RoundRecord.Status, context: PlayContext) throws -> RoundReport? {
        let clock = ContinuousClock()
        let start = clock.now
        var report = try settleInOneTransaction(roundID, as: status, context: context)
        let elapsed = start.duration(to: clock.now)
        report?.roundEndSeconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        return report
    }

    private static func settleInOneTransaction(_ roundID: Int64, as status: RoundRecord.Status, context: PlayContext) throws -> RoundReport? {
        // A weekly boss's target depends on the cards it has left once this round's files are gone: counted
        // before the transaction (the moves are done; a pending batch's files are not dealt either).
        var weeklyRemaining = 0
        if let round = try context.library.round(roundID), round.kind == .weekly, let name = round.boss {
            weeklyRemaining = try context.weeklyRemaining(name, week: round.endedAt)
        }
        return try context.library.settle(roundID, at: context.now, newPlayer: context.newPlayer) { profile, round, moved, creditedBefore in
            let kind: RoundKind = switch round.kind {
            case .boss: round.boss.map { .boss($0) } ?? .round
            case .weekly: round.boss.map { .weekly($0) } ?? .round
            case .round: .round
            }
            // A card earns XP when its own file's content was never credited before.
            let primaries = moved.filter { $0.part == 0 }
            let fresh = Set(primaries.filter { $0.contentKey.map { !creditedBefore.contains($0) } ?? true }.map(\.item))
            let earned = Set(moved.filter { fresh.contains($0.item) }.map { $0.id! })
            let freshBytes = moved.filter { fresh.contains($0.item) }.reduce(0) { $0 + $1.size }
            let allBytes = moved.reduce(0) { $0 + $1.size }
            var result = RoundResult(reviewed: round.reviewed, kept: round.kept, deleted: fresh.count, bytesFreed: Int(freshBytes),
                                     kind: kind, confirmedTowardBoss: kind.bossName == nil ? 0 : fresh.count)
            result.weeklyRemaining = weeklyRemaining
            let outcome = RoundEnd.apply(profile, result, now: round.endedAt, calendar: context.calendar,
                                         rules: context.rules, tier: context.tier)
            profile = outcome.profile
            // Content deleted before (and restored) counts in the stats again, without XP.
            profile.photosDeleted += primaries.count - fresh.count
            profile.bytesFreed += Int(allBytes - freshBytes)

            var settled = round
            settled.status = status
            settled.deleted = primaries.count
            settled.bytesFreed = allBytes
            settled.xpEarned = outcome.events.xpEarned
            settled.multiplier = outcome.events.multiplier

            var report = RoundReport(kind: kind)
            report.roundID = roundID
            report.reviewed = round.reviewed
            report.kept = round.kept
            report.deleted = primaries.count
            report.bytesFreed = allBytes
            report.xpEarned = outcome.events.xpEarned
            report.multiplier = outcome.events.multiplier
            report.breakdown = outcome.events.breakdown
            report.challengeXP = outcome.events.challengeXP
            report.levelUp = outcome.events.levelUp
            report.level = outcome.events.level.number
            report.levelTitle = outcome.events.level.title
            report.achievementsUnlocked = outcome.events.achievementsUnlocked.map(\.title)
            report.bossDefeated = outcome.events.bossDefeated != nil || outcome.events.weeklyBossDefeated != nil
            report.eventMultiplier = outcome.events.eventMultiplier
            report.event = outcome.events.event?.title
            report.currentStreak = outcome.events.currentStreak
            report.freezeUsed = outcome.events.freezeUsed
            report.freezesLeft = profile.freezesRemaining
            report.challengesCompleted = outcome.events.challengesCompleted.map(\.title)
            report.confirmed = status == .settled
            report.recycled = primaries.count - fresh.count
            return (settled, earned, report)
        }
    }
}
