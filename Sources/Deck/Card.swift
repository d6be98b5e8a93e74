import Foundation
import Keeping
import Library

/// One deletable unit: a file with its Live Photo movie and sidecars.
public struct Card: Sendable, Equatable {
    public var item: ItemRecord
    public var linked: [ItemRecord]
    public var category: CardCategory
    /// For a duplicate: the copy that stays; for a similar photo: the photo its group keeps.
    public var twin: ItemRecord?
    /// The player has decided on this file before (and kept it, long enough ago to see it again).
    public var reviewedBefore: Bool
    /// In the duplicates and similar queues, the whole group this card stands for (its `item` is the
    /// member the rule suggests keeping); nil for a card of one file.
    public var group: CardGroup?
    /// For a card of one file dealt outside its group's queue (an old photo that has a copy): its
    /// copies, so the card can say whether a delete takes one copy or the last one.
    public var copies: Copies?

    /// A file's other copies (duplicates, byte for byte) or similar photos, where they are now.
    public struct Copies: Sendable, Equatable {
        /// `duplicates` or `similar`.
        public var kind: CardCategory
        /// The others still in the library.
        public var elsewhere: [ItemRecord]
        /// The others in the trash or waiting in a pending batch.
        public var leaving: Int
    }

    public init(item: ItemRecord, linked: [ItemRecord], category: CardCategory, twin: ItemRecord?, reviewedBefore: Bool,
                group: CardGroup? = nil) {
        self.item = item
        self.linked = linked
        self.category = category
        self.twin = twin
        self.reviewedBefore = reviewedBefore
        self.group = group
    }

    /// The file and its linked files; for a group, what a delete keeping the suggested member frees.
    public var bytes: Int64 {
        if let group { return group.members.dropFirst().reduce(0) { $0 + $1.bytes } }
        return item.size + linked.reduce(0) { $0 + $1.size }
    }
    public var id: Int64 { item.id! }
    /// Every item the card stands for: the group's members, or its own file.
    public var itemIDs: [Int64] { group.map { $0.members.map(\.id) } ?? [id] }
}

/// How a queue is ordered: the standard order (see `CardQueue`), or by the player's choice.
public enum QueueOrder: String, Sendable, CaseIterable {
    case standard, oldest, largest, random
}

/// What a queue leaves out: files kept recently and what the candidate lines are.
public struct QueuePolicy: Sendable {
    public var thresholds: Thresholds
    /// Files kept on or after this instant are not dealt again yet.
    public var keptSince: Date
    /// Which member of a group card is suggested to stay (`[keep]`).
    public var keeper: KeeperRule = .defaults

    public init(thresholds: Thresholds, keptSince: Date) {
        self.thresholds = thresholds
        self.keptSince = keptSince
    }

    /// Files kept in the last `keptCooldownDays` calendar days are left out.
    public init(thresholds: Thresholds, keptCooldownDays: Int, now: Date, calendar: Calendar) {
        self.init(thresholds: thresholds, keptSince: calendar.date(byAdding: .day, value: -keptCooldownDays, to: now) ?? now)
    }
}
