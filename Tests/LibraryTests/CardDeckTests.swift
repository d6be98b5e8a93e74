import Foundation
import Game
import GRDB
import Testing
import TestSupport
@testable import Deck
@testable import Library

/// The card queues are SQL read a page at a time (CardQueue, CardDeck); these tests hold them to the
/// rules written out plainly in Swift (`Oracle`) over a random index of every kind of candidate: links,
/// duplicate groups with hard links, similar groups, decisions old and recent, pending batches, the trash.
@Suite struct CardDeckTests {
    static let policy = QueuePolicy(thresholds: Thresholds(bigVideoBytes: 5_000, oldBefore: Date(timeIntervalSince1970: 1_000_000_000)),
                                    keptSince: Date(timeIntervalSince1970: 1_500_000_000))

    /// A random index of `count` files (seeded, so a failure can be replayed). `overlapping`: a similar group
    /// may hold copies of a duplicate group too (a card of one then leaves the other's out of the deck).
    static func randomIndex(_ count: Int, seed: UInt64, overlapping: Bool = true) throws -> TestTree {
        let tree = try TestTree()
        var random = SplitMix(seed: seed)  // seeded: a failure can be replayed
        try tree.database.write { db in
            for i in 1...count {
                let kind = ["photo", "photo", "photo", "video", "other"][Int(random.next() % 5)]
                let folder = random.next() % 3
                let ext = kind == "video" ? "MOV" : kind == "photo" ? "JPG" : "AAE"
                // Few distinct sizes: many ties, so the order by path matters.
                let size = Int64(random.next() % 12) * 1_000
                let epoch: Double? = random.next() % 4 == 0 ? nil : Double(800_000_000 + random.next() % 400_000_000)
                let screenshot: String? = kind == "photo" && random.next() % 4 == 0 ? "name" : nil
                let badShot: String? = kind == "photo" && random.next() % 5 == 0 ? "blurry" : nil
                try db.execute(sql: """
                    INSERT INTO item (id, path, size, mtimeNs, inode, device, mime, kind, capturedEpoch, dateSource, screenshotEvidence, badShot)
                    VALUES (?, ?, ?, 0, ?, 1, 'x', ?, ?, 'exif', ?, ?)
                    """, arguments: [i, Data("/p/\(folder)/IMG_\(i % 97)_\(i).\(ext)".utf8), size, i, kind, epoch, screenshot, badShot])
            }
            // Duplicate groups of 2–4 copies; a third of the groups hold a hard link to the kept copy.
            var id = 1
            while id + 3 <= count {
                if random.next() % 3 == 0 {
                    let members = Array(id..<(id + 2 + Int(random.next() % 3)))
                    try db.execute(sql: "INSERT INTO duplicateGroup (contentHash, size, keptItem, files, reclaimableBytes) VALUES (?, 0, ?, ?, 0)",
                                   arguments: ["h\(id)", members[0], members.count])
                    let group = db.lastInsertedRowID
                    for member in members { try db.execute(sql: "UPDATE item SET duplicateGroup = ? WHERE id = ?", arguments: [group, member]) }
                    if random.next() % 3 == 0 {
                        try db.execute(sql: "UPDATE item SET inode = ? WHERE id = ?", arguments: [members[0], members[1]])
                    }
                }
                id += 5
            }
            // Similar groups: the first photo of a run keeps, the next ones are similar to it.
            let photos = try Int64.fetchAll(db, sql: overlapping ? "SELECT id FROM item WHERE kind = 'photo' ORDER BY id"
                                                : "SELECT id FROM item WHERE kind = 'photo' AND duplicateGroup IS NULL ORDER BY id")
            for start in stride(from: 0, to: photos.count - 3, by: 7) where random.next() % 2 == 0 {
                for member in photos[start..<(start + 3)] {
                    try db.execute(sql: "UPDATE item SET similarGroup = ? WHERE id = ?", arguments: [photos[start], member])
                }
            }
            // Linked files: some "other" files and videos go with a photo (their bytes join its card).
            let others = try Int64.fetchAll(db, sql: "SELECT id FROM item WHERE kind != 'photo' ORDER BY id")
            for other in others where random.next() % 3 == 0 {
                let owner = photos[Int(random.next() % UInt64(photos.count))]
                try db.execute(sql: "UPDATE item SET linkedTo = ?, linkKind = 'sidecar' WHERE id = ?", arguments: [owner, other])
            }
            // Decisions: kept long ago (dealt again, reviewed), kept recently (not dealt), deleted in a pending batch.
            try db.execute(sql: "INSERT INTO round (id, kind, startedAt, endedAt, status, reviewed, kept) VALUES (1, 'round', 0, 0, 'settled', 0, 0)")
            try db.execute(sql: "INSERT INTO round (id, kind, startedAt, endedAt, status, reviewed, kept) VALUES (2, 'round', 0, 0, 'pending', 0, 0)")
            for item in 1...count where random.next() % 6 == 0 {
                let (round, decision, at): (Int, String, Double) = [(1, "keep", 1_000_000_000), (1, "keep", 1_600_000_000),
                                                                    (2, "delete", 1_600_000_000), (1, "delete", 1_000_000_000)][Int(random.next() % 4)]
                try db.execute(sql: "INSERT INTO decision (round, item, path, decision, category, decidedAt) VALUES (?, ?, x'00', ?, 'other', ?)",
                               arguments: [round, item, decision, at])
            }
            // The trash: in it (not dealt), rolled back and restored (dealt).
            for item in 1...count where random.next() % 9 == 0 {
                let (state, restored): (String, Double?) = [("done", nil), ("rolledBack", nil), ("done", 1_700_000_000)][Int(random.next() % 3)]
                try db.execute(sql: """
                    INSERT INTO trashed (round, item, part, originalPath, size, mtimeNs, inode, device, category, state, deletedAt, restoredAt)
                    VALUES (1, ?, 0, x'00', 0, 0, 0, 0, 'other', ?, 0, ?)
                    """, arguments: [item, state, restored])
            }
        }
        return tree
    }

    @Test(arguments: [1, 2, 3] as [UInt64])
    func aRoundDealsWhatTheRulesSayInTheirOrder(seed: UInt64) throws {
        let tree = try Self.randomIndex(400, seed: seed)
        let expected = try Oracle(tree.database, Self.policy).cards(category: nil)
        #expect(expected.count > 100)
        let cards = try tree.database.cards(nil, policy: Self.policy)
        #expect(cards.map(\.id) == expected.map(\.id))
        #expect(cards.map(\.category) == expected.map(\.category))
        #expect(cards.map(\.bytes) == expected.map(\.bytes))
        // The count reads the index, not the cards. Where a group card shares a file with a card dealt before it
        // (a similar group holding a duplicate's copy; a group whose kept copy came first as a screenshot because
        // its other copies were reviewed before and come last), which of the two comes depends on the order: near,
        // within 2 % (it counted 129 for 101 cards when it counted files).
        let counted = try tree.database.cardCount(nil, policy: Self.policy)
        #expect(abs(counted - expected.count) * 50 <= expected.count, "\(counted) counted, \(expected.count) dealt")
    }

    @Test(arguments: [CardCategory.duplicates, .similar, .bigVideos, .screenshots, .oldPhotos, .badShots])
    func eachBossDealsItsCategoryWithTwinsAndLinkedFiles(category: CardCategory) throws {
        let tree = try Self.randomIndex(400, seed: 7)
        let oracle = try Oracle(tree.database, Self.policy)
        let expected = try oracle.cards(category: category)
        #expect(!expected.isEmpty)
        let cards = try tree.database.cards(category, policy: Self.policy)
        #expect(cards.map(\.id) == expected.map(\.id))
        #expect(cards.allSatisfy { $0.category == category })
        #expect(cards.map { $0.twin?.id } == expected.map(\.twin))
        #expect(cards.map { $0.linked.map { $0.id! }.sorted() } == expected.map(\.linked))
        #expect(try tree.database.cardTally(category, policy: Self.policy).count == expected.count)
    }

    /// While a cold scan runs it has not built the queues' own indexes yet (they come last): another
    /// `clean` reading a queue then gets the same cards and counts, planned without them, not an error.
    @Test func withoutTheQueuesIndexesEveryQueueDealsAndCountsTheSame() throws {
        let tree = try Self.randomIndex(300, seed: 19)
        let categories: [CardCategory?] = [nil, .duplicates, .similar, .bigVideos, .screenshots, .oldPhotos, .badShots]
        let before = try categories.map { try tree.database.cards($0, policy: Self.policy).map(\.id) }
        let tallies = try categories.map { try tree.database.cardTally($0, policy: Self.policy) }
        let dropped = try tree.database.write { db in
            let names = try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'item'")
                .filter(DeferredIndexes.servesQueuesOnly)
            for name in names { try db.execute(sql: "DROP INDEX \(name)") }
            return names
        }
        #expect(dropped.contains("item_card_by_kind") && dropped.contains(CardQueue.roundTallyIndex))
        #expect(try categories.map { try tree.database.cards($0, policy: Self.policy).map(\.id) } == before)
        #expect(try categories.map { try tree.database.cardTally($0, policy: Self.policy) } == tallies)
        #expect(before.allSatisfy { !$0.isEmpty })
    }

    @Test(arguments: [QueueOrder.largest, .oldest])
    func anOrderThePlayerChoseSortsTheSameCards(order: QueueOrder) throws {
        let tree = try Self.randomIndex(300, seed: 11)
        let expected = try Oracle(tree.database, Self.policy).cards(category: nil, order: order)
        #expect(try tree.database.cards(nil, policy: Self.policy, order: order).map(\.id) == expected.map(\.id))
    }

    /// In a random order every card comes once and no file twice. Which of two cards sharing a file comes (a
    /// similar group whose kept photo is also a screenshot) depends on the order, so the files in no group are
    /// held to the standard deck's, the groups to theirs where they come.
    @Test func aRandomOrderDealsEveryCardOnceAndStaysTheSameFromPageToPage() throws {
        let tree = try Self.randomIndex(300, seed: 13)
        let expected = try Oracle(tree.database, Self.policy).cards(category: nil)
        let deck = try tree.database.deck(nil, policy: Self.policy, order: .random)
        var cards: [Card] = []
        while !deck.isExhausted { cards += try deck.next(9) }
        let files = cards.flatMap(\.itemIDs)
        #expect(Set(files).count == files.count, "no file dealt twice")
        let grouped = try tree.database.read { db in
            Set(try Int64.fetchAll(db, sql: "SELECT id FROM item WHERE duplicateGroup IS NOT NULL OR similarGroup IS NOT NULL"))
        }
        let alone = { (ids: [Int64]) in ids.filter { !grouped.contains($0) }.sorted() }
        #expect(alone(cards.filter { $0.group == nil }.map(\.id)) == alone(expected.filter { $0.ids.count == 1 }.map(\.id)))
        let groupCards = expected.filter { $0.ids.count > 1 }
        #expect(groupCards.count > 10)
        for card in cards where card.group != nil {
            let standard = groupCards.first { $0.category == card.category && $0.id == card.id }
            #expect(standard == nil || Set(standard!.ids) == Set(card.itemIDs), "group \(card.id) holds the same files in either order")
        }
        #expect(cards.map(\.id) != expected.map(\.id))
    }

    /// Read a page at a time, of any size, a deck deals the same cards in the same order as read at once.
    @Test(arguments: [1, 7, 40])
    func pagesOfAnySizeDealTheWholeQueueInOrder(page: Int) throws {
        let tree = try Self.randomIndex(300, seed: 17, overlapping: false)
        let whole = try tree.database.cards(nil, policy: Self.policy).map(\.id)
        let deck = try tree.database.deck(nil, policy: Self.policy)
        #expect(deck.total == whole.count)
        var paged: [Int64] = []
        while !deck.isExhausted {
            let cards = try deck.next(page)
            #expect(cards.count <= page)
            paged += cards.map(\.id)
        }
        #expect(paged == whole)
        #expect(try deck.next(page).isEmpty)
    }

    /// A weekly boss deals duplicates and similar photos as group cards too: its count is its cards, not its files.
    @Test(arguments: [BossFilter(kind: .photo), BossFilter(duplicate: true), BossFilter(similar: true)])
    func aWeeklyBossCountsTheCardsItDeals(boss: BossFilter) throws {
        let tree = try Self.randomIndex(300, seed: 17, overlapping: false)
        let filter = boss.resolved(for: WeeklyFilterIndexTests.week, in: Calendar(identifier: .gregorian))
        let deck = try tree.database.deck(filter: filter, policy: Self.policy)
        let cards = try deck.next(nil)
        #expect(cards.contains { $0.group != nil } && cards.count > 5)
        #expect(deck.total == cards.count)
    }

    /// A card's bytes include its linked files, however the rows are written: the triggers of migration v7.
    @Test func linkedBytesFollowEveryInsertUpdateAndDelete() throws {
        let tree = try TestTree()
        func bytes(_ id: Int) throws -> Int64 {
            try tree.database.read { db in try Int64.fetchOne(db, sql: "SELECT size + linkedBytes FROM item WHERE id = ?", arguments: [id]) ?? -1 }
        }
        try tree.database.write { db in
            for (id, size) in [(1, 100), (2, 20), (3, 3), (4, 4000)] {
                try db.execute(sql: """
                    INSERT INTO item (id, path, size, mtimeNs, inode, device, mime, kind, dateSource) VALUES (?, ?, ?, 0, ?, 1, 'x', 'photo', 'none')
                    """, arguments: [id, Data("/p/\(id)".utf8), size, id])
            }
            try db.execute(sql: "UPDATE item SET linkedTo = 1 WHERE id IN (2, 3)")
        }
        #expect(try bytes(1) == 123)
        try tree.database.write { db in try db.execute(sql: "UPDATE item SET size = 30 WHERE id = 3") }
        #expect(try bytes(1) == 150)
        try tree.database.write { db in try db.execute(sql: "UPDATE item SET linkedTo = 4 WHERE id = 2") }
        #expect(try bytes(1) == 130)
        #expect(try bytes(4) == 4020)
        try tree.database.write { db in try db.execute(sql: "DELETE FROM item WHERE id = 3") }
        #expect(try bytes(1) == 100)
        try tree.database.write { db in
            try db.execute(sql: """
                INSERT INTO item (id, path, size, mtimeNs, inode, device, mime, kind, dateSource, linkedTo) VALUES (5, '/p/5', 5, 0, 5, 1, 'x', 'other', 'none', 4)
                """)
        }
        #expect(try bytes(4) == 4025)
        // The owner deleted: its files' links are cleared (ON DELETE SET NULL) and nothing else changes.
        try tree.database.write { db in try db.execute(sql: "DELETE FROM item WHERE id = 4") }
        #expect(try bytes(2) == 20)
    }
}

/// The queue rules of CardQueue's documentation, over rows loaded whole, sorted by Swift.
private struct Oracle {
    struct Expected {
        var id: Int64
        var category: CardCategory
        var bytes: Int64
        var twin: Int64?
        var linked: [Int64]
        var reviewed: Bool
        var path: Data
        var epoch: Double?
        /// Every item the card stands for (a group card: its members).
        var ids: [Int64]
    }

    let items: [Int64: ItemRecord]
    let kept: [Int64: Int64]
    let reviewed: Set<Int64>
    let excluded: Set<Int64>
    let policy: QueuePolicy
    let database: LibraryDatabase

    init(_ database: LibraryDatabase, _ policy: QueuePolicy) throws {
        self.policy = policy
        self.database = database
        (items, kept, reviewed, excluded) = try database.read { db in
            let items = Dictionary(uniqueKeysWithValues: try ItemRecord.fetchAll(db).map { ($0.id!, $0) })
            let kept = Dictionary(uniqueKeysWithValues: try Row.fetchAll(db, sql: "SELECT id, keptItem FROM duplicateGroup")
                .map { ($0[0] as Int64, $0[1] as Int64) })
            let reviewed = Set(try Int64.fetchAll(db, sql: "SELECT item FROM decision"))
            let keptRecently = try Int64.fetchAll(db, sql: "SELECT item FROM decision WHERE decision = 'keep' AND decidedAt >= ?",
                                                  arguments: [policy.keptSince])
            let pending = try Int64.fetchAll(db, sql: """
                SELECT d.item FROM decision d JOIN round r ON r.id = d.round WHERE r.status = 'pending' AND d.decision = 'delete'
                """)
            let trashed = try Int64.fetchAll(db, sql: "SELECT item FROM trashed WHERE state != 'rolledBack' AND restoredAt IS NULL")
            return (items, kept, reviewed, Set(keptRecently + pending + trashed))
        }
    }

    func memberships(_ item: ItemRecord) -> [(CardCategory, Int64?)] {
        let t = policy.thresholds
        var found: [(CardCategory, Int64?)] = []
        if let group = item.duplicateGroup, let keptID = kept[group], keptID != item.id,
           let keptItem = items[keptID], !(keptItem.inode == item.inode && keptItem.device == item.device) {
            found.append((.duplicates, keptID))
        }
        if let group = item.similarGroup, items[group] != nil, group != item.id { found.append((.similar, group)) }
        if item.kind == .video && item.size > t.bigVideoBytes { found.append((.bigVideos, nil)) }
        if item.screenshotEvidence != nil { found.append((.screenshots, nil)) }
        if item.kind == .photo, let epoch = item.capturedEpoch, epoch < t.oldBefore.timeIntervalSince1970 { found.append((.oldPhotos, nil)) }
        if item.kind == .photo, item.badShot != nil, item.screenshotEvidence == nil { found.append((.badShots, nil)) }
        return found
    }

    func cards(category wanted: CardCategory?, order: QueueOrder = .standard) throws -> [Expected] {
        let linked = Dictionary(grouping: items.values.filter { $0.linkedTo != nil }, by: { $0.linkedTo! })
        var cards: [Expected] = []
        for item in items.values where item.linkedTo == nil && !excluded.contains(item.id!) {
            let found = memberships(item)
            guard let (category, twin) = wanted.map({ w in found.first { $0.0 == w } }) ?? found.first else { continue }
            let files = linked[item.id!] ?? []
            cards.append(Expected(id: item.id!, category: category, bytes: item.size + files.reduce(0) { $0 + $1.size }, twin: twin,
                                  linked: files.map { $0.id! }.sorted(), reviewed: reviewed.contains(item.id!), path: item.path,
                                  epoch: item.capturedEpoch, ids: [item.id!]))
        }
        return try gathered(sorted(cards, order))
    }

    /// Duplicates and similar photos are one card a group, where the group's first copy stands in the order; a
    /// card any of whose files was dealt before is not dealt again. Who the members are and which is suggested
    /// is `CardGroup`'s (tested in GroupCardTests): this holds the deck to where it deals them, and once.
    func gathered(_ cards: [Expected]) throws -> [Expected] {
        var dealt = Set<Int64>()
        var result: [Expected] = []
        for card in cards {
            var card = card
            if card.category == .duplicates || card.category == .similar {
                let item = items[card.id]!
                let key = card.category == .duplicates ? item.duplicateGroup! : item.similarGroup!
                guard let group = try database.read({ db in try CardGroup.fetch(db, category: card.category, key: key, rule: policy.keeper) })
                else { continue }
                let suggested = group.suggested
                card = Expected(id: suggested.item.id!, category: card.category, bytes: group.members.dropFirst().reduce(0) { $0 + $1.bytes },
                                twin: nil, linked: suggested.linked.map { $0.id! }.sorted(), reviewed: card.reviewed,
                                path: card.path, epoch: card.epoch, ids: group.members.map(\.id))
            }
            guard card.ids.allSatisfy({ !dealt.contains($0) }) else { continue }
            dealt.formUnion(card.ids)
            result.append(card)
        }
        return result
    }

    /// Cards of one file each, in `order`.
    func sorted(_ cards: [Expected], _ order: QueueOrder) -> [Expected] {
        let rank = Dictionary(uniqueKeysWithValues: CardCategory.allCases.enumerated().map { ($1, $0) })
        let byPath = { (a: Expected, b: Expected) in a.path.lexicographicallyPrecedes(b.path) }
        switch order {
        case .standard, .random:
            return cards.sorted {
                if $0.reviewed != $1.reviewed { return !$0.reviewed }
                if $0.category != $1.category { return rank[$0.category]! < rank[$1.category]! }
                return $0.bytes != $1.bytes ? $0.bytes > $1.bytes : byPath($0, $1)
            }
        case .largest:
            return cards.sorted { $0.bytes != $1.bytes ? $0.bytes > $1.bytes : byPath($0, $1) }
        case .oldest:
            return cards.sorted {
                let a = $0.epoch ?? .infinity, b = $1.epoch ?? .infinity
                return a != b ? a < b : byPath($0, $1)
            }
        }
    }
}
