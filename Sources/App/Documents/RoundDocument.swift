import Foundation
import Game
import Play

/// `clean round --json`, `clean boss NAME --json` and `clean pending confirm --json`: a round's result,
/// as DESIGN.md names it. `message` only when a command has something to add.
package struct RoundDocument: Encodable {
    let reviewed: Int
    let kept: Int
    let deleted: Int
    let bytesFreed: Int64
    let xpEarned: Int
    let multiplier: Double
    let eventMultiplier: Double
    let event: String?
    let levelUp: Bool
    let level: Int
    let achievementsUnlocked: [String]
    let bossDefeated: Bool
    let currentStreak: Int
    let confirmed: Bool
    let pending: Bool
    let dryRun: Bool
    let round: Int64?
    let boss: String?
    let weekly: Bool
    let freezeUsed: Bool
    let challengesCompleted: [String]
    let recycled: Int
    let roundEndMilliseconds: Double
    let skipped: [FileProblem]
    let leftBehind: [FileProblem]
    /// The pending batch the cards that could not move now wait in (see `skipped`), or null.
    let waitingRound: Int64?

    package init(_ r: RoundReport) {
        reviewed = r.reviewed
        kept = r.kept
        deleted = r.deleted
        bytesFreed = r.bytesFreed
        xpEarned = r.xpEarned
        multiplier = r.multiplier
        eventMultiplier = r.eventMultiplier
        event = r.event
        levelUp = r.levelUp
        level = r.level
        achievementsUnlocked = r.achievementsUnlocked
        bossDefeated = r.bossDefeated
        currentStreak = r.currentStreak
        confirmed = r.confirmed
        pending = r.pending
        dryRun = r.dryRun
        round = r.roundID
        boss = r.kind.bossName
        weekly = Self.isWeekly(r.kind)
        freezeUsed = r.freezeUsed
        challengesCompleted = r.challengesCompleted
        recycled = r.recycled
        roundEndMilliseconds = (r.roundEndSeconds * 100_000).rounded() / 100
        skipped = r.skipped.map { FileProblem(path: $0.path, reason: $0.reason) }
        leftBehind = r.leftBehind.map { FileProblem(path: $0.path, reason: $0.reason) }
        waitingRound = r.waitingRound
    }

    package static func isWeekly(_ kind: RoundKind) -> Bool {
        if case .weekly = kind { true } else { false }
    }
}

/// `round --json`'s document with a message a command adds ("nothing to play…").
package struct RoundMessageDocument: Encodable {
    let round: RoundDocument
    let message: String?

    package init(_ report: RoundReport, message: String?) {
        round = RoundDocument(report)
        self.message = message
    }

    private enum Keys: String, CodingKey { case message }

    /// The round's fields, then `message` when there is one.
    package func encode(to encoder: any Encoder) throws {
        try round.encode(to: encoder)
        guard let message else { return }
        var container = encoder.container(keyedBy: Keys.self)
        try container.encode(message, forKey: .message)
    }
}

/// The round-end screen's document (the web's confirmation answer): the round's result plus the XP
/// part by part, the level's title and the freezes left.
package struct RoundEndDocument: Encodable {
    struct Breakdown: Encodable {
        let files: Int
        let round: Int
        let size: Int
        let boss: Int
        let challenges: Int
        let multiplier: Double
        let event: Double
    }

    let report: RoundReport

    package init(_ report: RoundReport) { self.report = report }

    private enum Keys: String, CodingKey { case breakdown, levelTitle, freezesLeft }

    package func encode(to encoder: any Encoder) throws {
        try RoundDocument(report).encode(to: encoder)
        let parts = report.breakdown
        var container = encoder.container(keyedBy: Keys.self)
        try container.encode(Breakdown(files: parts.files, round: parts.round, size: parts.size, boss: parts.boss,
                                       challenges: report.challengeXP, multiplier: report.multiplier, event: report.eventMultiplier),
                             forKey: .breakdown)
        try container.encode(report.levelTitle, forKey: .levelTitle)
        try container.encode(report.freezesLeft, forKey: .freezesLeft)
    }
}
