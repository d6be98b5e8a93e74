import Foundation

/// Which kind of play produced a round result.
public enum RoundKind: Sendable, Hashable {
    /// A timed round over the standard queue.
    case round
    /// An untimed battle against the boss with this name ("screenshots", "videos", "old", "duplicates").
    case boss(String)

    /// The boss's name for a boss battle, nil for a standard round.
    public var bossName: String? {
        if case .boss(let name) = self { name } else { nil }
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
