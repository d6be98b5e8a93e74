import FileSystem
import Foundation
import GRDB

/// A standard round or a boss battle, from its end of play until its moves are credited: a row of `round`.
public struct RoundRecord: Codable, Sendable, Equatable, FetchableRecord, MutablePersistableRecord {
    public static let databaseTableName = "round"

    public enum Status: String, Codable, Sendable {
        /// Played, not confirmed: nothing moved; `clean pending` can confirm or discard it.
        case pending
        /// Confirmed; its files are being moved. A crash here is finished by recovery.
        case moving
        /// Moves done and credited (XP, stats, streak) in one transaction.
        case settled
        /// The player said no for good: nothing moved; the round still counted as played.
        case discarded
    }

    /// What was played, as the `kind` column spells it.
    public enum Kind: String, Codable, Sendable {
        /// A timed round over the standard queue.
        case round
        /// A battle against the boss named in `boss`.
        case boss
        /// A battle against the weekly boss named in `boss` (its name in the weekly pool), in the week of `endedAt`.
        case weekly
    }

    public var id: Int64?
    public var kind: Kind
    /// The boss's name for a boss battle (a name of the rules at the time it was played), nil for a round.
    public var boss: String?
    public var startedAt: Date
    public var endedAt: Date
    public var status: Status
    public var reviewed: Int
    public var kept: Int
    /// Cards actually moved (set when settled).
    public var deleted: Int
    public var bytesFreed: Int64
    public var xpEarned: Int
    public var multiplier: Double
    public var settledAt: Date?

    public init(kind: Kind, boss: String?, startedAt: Date, endedAt: Date, status: Status, reviewed: Int, kept: Int) {
        self.kind = kind
        self.boss = boss
        self.startedAt = startedAt
        self.endedAt = endedAt
        self.status = status
        self.reviewed = reviewed
        self.kept = kept
        deleted = 0
        bytesFreed = 0
        xpEarned = 0
        multiplier = 1
    }

    public mutating func didInsert(_ inserted: InsertionSuccess) { id = inserted.rowID }
}

/// One keep or delete the player chose: a row of `decision`.
public struct DecisionRecord: Codable, Sendable, Equatable, FetchableRecord, MutablePersistableRecord {
    public static let databaseTableName = "decision"

    /// `stay`: a member of a group card kept as the copy the others go against, while those others
    /// were deleted: not a keep of the file itself (it is dealt again in other queues as usual), but
    /// what the batch's moves are checked against.
    public enum Choice: String, Codable, Sendable { case keep, delete, stay }

    public var id: Int64?
    public var round: Int64
    public var item: Int64
    public var path: Data
    public var decision: Choice
    public var category: String
    public var decidedAt: Date

    /// The decided file's path as it was dealt.
    public var rawPath: RawPath { RawPath(bytes: Array(path)) }

    public init(round: Int64, item: Int64, path: Data, decision: Choice, category: String, decidedAt: Date) {
        self.round = round
        self.item = item
        self.path = path
        self.decision = decision
        self.category = category
        self.decidedAt = decidedAt
    }

    public mutating func didInsert(_ inserted: InsertionSuccess) { id = inserted.rowID }
}
