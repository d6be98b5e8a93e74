import Deck
import FileSystem
import Foundation
import Game
import Keeping
import Library
import Trash

/// What play needs from the outside, gathered once by the command: the index, the trash, the
/// rules and the player's tier, the clock and the calendar.
public struct PlayContext {
    public let library: LibraryDatabase
    public let trash: Trash
    public let rules: Rules
    public let tier: Tier
    /// The time of this run (`SWIPECLEAN_NOW` in tests and demos).
    public let now: Date
    public let calendar: Calendar
    public let thresholds: Thresholds
    /// Kept files are not dealt again for this many days.
    public let keptCooldownDays: Int
    /// Which member of a group card is suggested to stay (`[keep]`).
    public var keeper: KeeperRule = .defaults

    public init(library: LibraryDatabase, trash: Trash, rules: Rules, tier: Tier, now: Date, calendar: Calendar,
                thresholds: Thresholds, keptCooldownDays: Int) {
        self.library = library
        self.trash = trash
        self.rules = rules
        self.tier = tier
        self.now = now
        self.calendar = calendar
        self.thresholds = thresholds
        self.keptCooldownDays = keptCooldownDays
    }

    public var today: Day { Day(now, in: calendar) }
    var limits: TierLimits { rules.tiers.limits(for: tier) }
    public var newPlayer: Profile { Profile.newPlayer(tier: tier, rules: rules) }

    public var queuePolicy: QueuePolicy {
        Self.queuePolicy(thresholds: thresholds, keptCooldownDays: keptCooldownDays, now: now, calendar: calendar,
                         keeper: keeper)
    }

    /// The queues' rules of play, built here only: what is dealt and counted at `now` (files kept within
    /// `keptCooldownDays` left out; duplicates and similar photos a card a group, with `keeper`'s suggestion).
    public static func queuePolicy(thresholds: Thresholds, keptCooldownDays: Int, now: Date, calendar: Calendar,
                                   keeper: KeeperRule) -> QueuePolicy {
        var policy = QueuePolicy(thresholds: thresholds, keptCooldownDays: keptCooldownDays, now: now, calendar: calendar)
        policy.keeper = keeper
        return policy
    }
}

extension PlayContext {
    /// The boss fought as `clean boss NAME`, from the rules (the config's `[[game.bosses]]`), or nil.
    public func boss(named name: String) -> BossDefinition? { rules.boss(named: name) }

    /// Every card a standard round (`category` nil) or a boss battle can deal now.
    public func cards(_ category: CardCategory?, order: QueueOrder = .standard) throws -> [Card] {
        try library.cards(category, policy: queuePolicy, order: order)
    }

    /// The deck of a standard round (`category` nil) or a boss battle, read a page at a time.
    public func deck(_ category: CardCategory?, order: QueueOrder = .standard) throws -> CardDeck {
        try library.deck(category, policy: queuePolicy, order: order)
    }
}

/// What is left of today's free-tier allowance (nil: no limit).
public struct Allowance: Sendable, Equatable {
    public var swipeSeconds: Double?
    public var undos: Int?

    public var isUsedUp: Bool { (swipeSeconds ?? 1) <= 0 }
}

extension PlayContext {
    public func allowance() throws -> Allowance {
        let used = try library.usage(on: today)
        return Allowance(swipeSeconds: limits.swipeSecondsPerDay.map { max(0, Double($0) - used.swipeSeconds) },
                         undos: limits.undosPerDay.map { max(0, $0 - used.undos) })
    }

    /// Counts a session's swiping time and undos against today's allowance.
    public func spend(seconds: Double, undos: Int) throws {
        try library.addUsage(on: today, seconds: seconds, undos: undos)
    }

    /// True while the card's file is still the one indexed: same size, mtime and inode.
    public static func isUnchanged(_ card: Card) -> Bool {
        guard let now = try? linkStatus(card.item.rawPath), now.kind == .regular else { return false }
        return now.isSameVersion(as: card.item.status)
    }
}
