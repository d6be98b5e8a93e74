import Foundation

/// Which kind of play produced a round result.
public enum RoundKind: Sendable, Hashable {
    /// A timed round over the standard queue.
    case round
    /// An untimed battle against the boss with this name ("screenshots", "videos", "old", "duplicates").
    case boss(String)
    /// An untimed battle against this week's boss, by its name in the weekly pool (`clean boss weekly`).
    case weekly(String)

    /// The boss's name for a boss battle (weekly or not), nil for a standard round.
    public var bossName: String? {
        switch self {
        case .boss(let name), .weekly(let name): name
        case .round: nil
        }
    }
}

/// What a finished, confirmed round did, as the game core needs to know it.
public struct RoundResult: Sendable, Hashable {
    /// Cards the player decided on.
    public var reviewed: Int
    public var kept: Int
    /// Files actually moved to the trash.
    public var deleted: Int
    /// Bytes those files took.
    public var bytesFreed: Int
    public var kind: RoundKind
    /// For a boss battle, the confirmed deletions that count toward that boss; 0 for a standard round.
    public var confirmedTowardBoss: Int
    /// For a weekly battle, the cards its boss can still deal after this round (its target never exceeds
    /// these plus the week's deletions); 0 otherwise.
    public var weeklyRemaining: Int = 0

    public init(reviewed: Int, kept: Int, deleted: Int, bytesFreed: Int, kind: RoundKind = .round, confirmedTowardBoss: Int = 0) {
        self.reviewed = reviewed
        self.kept = kept
        self.deleted = deleted
        self.bytesFreed = bytesFreed
        self.kind = kind
        self.confirmedTowardBoss = confirmedTowardBoss
    }

    /// Whether the round counts at all: at least one photo reviewed.
    public var counts: Bool { reviewed > 0 }
}
