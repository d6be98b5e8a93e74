import FileSystem
import Foundation
import Game

/// What a finished round or boss battle did, for the screen and `--json`.
public struct RoundReport: Sendable {
    public var roundID: Int64?
    public var kind: RoundKind
    /// Files decided (a group card's every member counts).
    public var reviewed = 0
    /// Cards decided (a group card counts once); 0 when not known (a batch confirmed later).
    public var cards = 0
    public var kept = 0
    /// Cards moved to the trash.
    public var deleted = 0
    public var bytesFreed: Int64 = 0
    public var xpEarned = 0
    /// The XP before the multiplier, part by part (files, round, size, boss); zero unless confirmed.
    public var breakdown = XPBreakdown()
    /// XP from challenges this round completed (not multiplied).
    public var challengeXP = 0
    public var multiplier = 1.0
    /// The seasonal event's multiplier, applied after the streak's (1 when no event is on).
    public var eventMultiplier = 1.0
    /// The seasonal event's title, when one is on.
    public var event: String?
    public var levelUp = false
    public var level = 1
    public var levelTitle = ""
    public var achievementsUnlocked: [String] = []
    public var bossDefeated = false
    public var currentStreak = 0
    public var freezeUsed = false
    public var freezesLeft = 0
    public var challengesCompleted: [String] = []
    /// The batch was confirmed and moved (false: pending, discarded or a dry run).
    public var confirmed = false
    public var dryRun = false
    /// Recorded but not confirmed: waiting in `clean pending`.
    public var pending = false
    /// Cards the trash did not move, and why.
    public var skipped: [(path: RawPath, reason: String)] = []
    /// The pending batch the cards that could not move now wait in (their folder is gone or cannot be left, a write
    /// failed), nil when none waits.
    public var waitingRound: Int64?
    /// Linked files that stayed behind though their card moved.
    public var leftBehind: [(path: RawPath, reason: String)] = []
    /// How long the round end took: game rules and the one transaction that writes them.
    public var roundEndSeconds = 0.0
    /// Files deleted again after a restore: counted in the stats, no XP a second time.
    public var recycled = 0

    public init(kind: RoundKind) { self.kind = kind }
}
