import Foundation
import Game
import GRDB
import Keeping
import Library

/// A card queue read from the index a page at a time: a round or a boss battle deals its first
/// cards at once however large the library is, and reads more as the player gets near them.
public final class CardDeck: @unchecked Sendable {
    /// How many cards the queue held when it was dealt.
    public let total: Int
    private let database: LibraryDatabase
    private let stretches: [CardStretch]
    /// The keeper rule of group cards (duplicates and similar photos are one card a group).
    private let groups: KeeperRule
    // Where the next page starts; guarded by `lock` (the web app may ask from two requests).
    private var stretch = 0
    private var offset = 0
    private var dealt: Set<Int64> = []
    private let lock = NSLock()

    init(_ database: LibraryDatabase, stretches: [CardStretch], total: Int, groups: KeeperRule) {
        self.database = database
        self.stretches = stretches
        self.total = total
        self.groups = groups
    }

    /// True once every card of the queue has been read.
    public var isExhausted: Bool { lock.withLock { stretch >= stretches.count } }

    /// The next `limit` cards of the queue (nil: all that are left), never one already dealt.
    public func next(_ limit: Int?) throws -> [Card] {
        try lock.withLock {
            var cards: [Card] = []
            while stretch < stretches.count, limit.map({ cards.count < $0 }) ?? true {
                let wanted = limit.map { $0 - cards.count }
                let (stretch, offset) = (stretches[self.stretch], self.offset)
                // Rows, not cards, move the page on: a group's copies are several rows and one card.
                let (page, rows) = try database.read { db in try CardQueue.cards(db, stretch, offset: offset, limit: wanted, groups: groups) }
                self.offset += rows
                if wanted == nil || rows < wanted! {
                    self.stretch += 1
                    self.offset = 0
                }
                // A file that changed stretch between two pages (the index moved meanwhile) is dealt once, and a
                // file shown in a group card is not dealt again as a card of its own (nor in another group).
                for card in page where card.itemIDs.allSatisfy({ !dealt.contains($0) }) {
                    dealt.formUnion(card.itemIDs)
                    cards.append(card)
                }
            }
            return cards
        }
    }
}

extension LibraryDatabase {
    /// The deck of a round (`category` nil: every kind, in the standard order) or a boss battle.
    public func deck(_ category: CardCategory?, policy: QueuePolicy, order: QueueOrder = .standard) throws -> CardDeck {
        try deck(category: category, filter: nil, policy: policy, order: order)
    }

    /// The deck of a weekly boss: every dealable file its filter takes, in `order`.
    public func deck(filter: ResolvedBossFilter, policy: QueuePolicy, order: QueueOrder = .standard) throws -> CardDeck {
        try deck(category: nil, filter: filter, policy: policy, order: order)
    }

    private func deck(category: CardCategory?, filter: ResolvedBossFilter?, policy: QueuePolicy, order: QueueOrder) throws -> CardDeck {
        let filter = try filter.map { filter in try read { db in try IndexedBossFilter(filter, db) } }
        let stretches = CardQueue.stretches(category: category, filter: filter, policy: policy, order: order,
                                            seed: Int.random(in: 0..<1 << 30))
        let total = try read { db in try CardQueue.cardCount(db, category: category, filter: filter, policy: policy) }
        return CardDeck(self, stretches: stretches, total: total, groups: policy.keeper)
    }

    /// Every card a round (`category` nil) or a boss battle can deal now, in `order`.
    public func cards(_ category: CardCategory?, policy: QueuePolicy, order: QueueOrder = .standard) throws -> [Card] {
        try deck(category, policy: policy, order: order).next(nil)
    }

    /// Every card a weekly boss's filter deals now, in `order`.
    public func cards(filter: ResolvedBossFilter, policy: QueuePolicy, order: QueueOrder = .standard) throws -> [Card] {
        try deck(filter: filter, policy: policy, order: order).next(nil)
    }

    /// How many cards a round (`category` nil) or a boss battle deals now, counted by the index (a boss of
    /// group cards counts its groups): what its deck's `total` says, without dealing it.
    public func cardCount(_ category: CardCategory?, policy: QueuePolicy) throws -> Int {
        try read { db in try CardQueue.cardCount(db, category: category, filter: nil, policy: policy) }
    }

    /// How many cards a round (`category` nil) or a boss battle deals now and their bytes, counted by the index.
    /// A boss of group cards counts its groups, with the bytes of the copies a group's suggested member stands for.
    public func cardTally(_ category: CardCategory?, policy: QueuePolicy) throws -> CardTally {
        try read { db in
            if let category, let groups = try CardQueue.groupTally(db, category: category, policy: policy) { return groups }
            return try CardQueue.tally(db, category: category, filter: nil, policy: policy)
        }
    }

    /// Whether a weekly boss's filter deals at least one card now.
    public func hasCard(filter: ResolvedBossFilter, policy: QueuePolicy) throws -> Bool {
        try cardCount(filter: filter, policy: policy, upTo: 1) > 0
    }

    /// How many cards a weekly boss's filter deals now, counted by the index (no item is loaded); with `limit`,
    /// counted no further than that.
    public func cardCount(filter: ResolvedBossFilter, policy: QueuePolicy, upTo limit: Int? = nil) throws -> Int {
        try read { db in
            let filter = try IndexedBossFilter(filter, db)
            if let limit { return try CardQueue.cardCount(db, filter: filter, policy: policy, upTo: limit) }
            return try CardQueue.tally(db, category: nil, filter: filter, policy: policy).count
        }
    }
}

extension LibraryDatabase {
    /// The current index entry of an item, with its linked files and (for a duplicate) the path of its kept copy.
    public func cardFiles(of itemID: Int64) throws -> (item: ItemRecord, linked: [ItemRecord], keptCopy: ItemRecord?)? {
        try read { db in
            guard let item = try ItemRecord.fetchOne(db, key: itemID) else { return nil }
            let linked = try ItemRecord.fetchAll(db, sql: "SELECT * FROM item WHERE linkedTo = ? ORDER BY path", arguments: [itemID])
            let kept = try ItemRecord.fetchOne(db, sql: """
                SELECT k.* FROM duplicateGroup g JOIN item k ON k.id = g.keptItem WHERE g.id = ? AND k.id != ?
                """, arguments: [item.duplicateGroup, itemID])
            return (item, linked, kept)
        }
    }
}
