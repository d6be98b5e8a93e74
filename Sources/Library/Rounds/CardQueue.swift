import Foundation
import Game
import GRDB

/// Why a file is a candidate, in the order a standard round deals them: a duplicate copy is the
/// clearest case, a big video frees the most, then screenshots, then old photos.
public enum CardCategory: String, Sendable, CaseIterable, Codable {
    case duplicates, similar, bigVideos, screenshots, oldPhotos, other

    /// The category a boss's queue deals.
    public init(_ queue: BossQueue) {
        switch queue {
        case .screenshots: self = .screenshots
        case .videos: self = .bigVideos
        case .old: self = .oldPhotos
        case .duplicates: self = .duplicates
        case .similar: self = .similar
        }
    }
}

/// One deletable unit: a file with its Live Photo movie and sidecars.
public struct Card: Sendable, Equatable {
    public var item: ItemRecord
    public var linked: [ItemRecord]
    public var category: CardCategory
    /// For a duplicate: the copy that stays; for a similar photo: the photo its group keeps.
    public var twin: ItemRecord?
    /// The player has decided on this file before (and kept it, long enough ago to see it again).
    public var reviewedBefore: Bool

    public var bytes: Int64 { item.size + linked.reduce(0) { $0 + $1.size } }
    public var id: Int64 { item.id! }
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

    public init(thresholds: Thresholds, keptSince: Date) {
        self.thresholds = thresholds
        self.keptSince = keptSince
    }

    /// Files kept in the last `keptCooldownDays` calendar days are left out.
    public init(thresholds: Thresholds, keptCooldownDays: Int, now: Date, calendar: Calendar) {
        self.init(thresholds: thresholds, keptSince: calendar.date(byAdding: .day, value: -keptCooldownDays, to: now) ?? now)
    }
}

/// Builds card queues from the index.
///
/// The standard order: files the player has never decided on first; then duplicates, similar
/// photos, big videos, screenshots, old photos; within each, the largest first; then by path.
/// Never dealt: a file linked to another (it comes with its owner), a file kept since
/// `keptSince`, a file waiting in a pending batch, a file in the trash, the kept copy of a
/// duplicate group (or a hard link to it: deleting it would free nothing), and the kept photo of
/// a similar group as a similar card.
enum CardQueue {
    /// The joins every queue reads through: `g` an item's duplicate group, `k` the copy it keeps, `s` the similar group's kept photo.
    static let joins = """
        FROM item
        LEFT JOIN duplicateGroup g ON g.id = item.duplicateGroup
        LEFT JOIN item k ON k.id = g.keptItem
        LEFT JOIN item s ON s.id = item.similarGroup
        """

    /// What no queue deals: a linked file, a file kept since `keptSince`, one waiting in a pending batch, one in the trash.
    static let dealable = """
        item.linkedTo IS NULL
          AND item.id NOT IN (SELECT item FROM decision WHERE decision = 'keep' AND decidedAt >= ?)
          AND item.id NOT IN (SELECT d.item FROM decision d JOIN round r ON r.id = d.round
                              WHERE r.status = 'pending' AND d.decision = 'delete')
          AND item.id NOT IN (SELECT item FROM trashed WHERE state != 'rolledBack' AND restoredAt IS NULL)
        """

    /// The cards of one category (`wanted`), of every category (nil), or, with a weekly boss's `filter`, every
    /// dealable file the filter takes, each under its first category (`other` when it has none).
    static func cards(_ db: Database, category wanted: CardCategory?, filter: ResolvedBossFilter? = nil, policy: QueuePolicy,
                      order: QueueOrder) throws -> [Card] {
        let t = policy.thresholds
        let sql: String
        let arguments: StatementArguments
        if let filter {
            let (condition, filterArguments) = filter.sql
            sql = """
                SELECT item.*, g.keptItem AS keptItem, k.inode AS keptInode, k.device AS keptDevice, s.id AS similarKept \(joins)
                WHERE \(dealable) AND \(condition)
                """
            arguments = [policy.keptSince] + filterArguments
        } else {
            sql = """
                SELECT item.*, g.keptItem AS keptItem, k.inode AS keptInode, k.device AS keptDevice, s.id AS similarKept \(joins)
                WHERE \(dealable)
                  AND (item.screenshotEvidence IS NOT NULL OR (item.kind = 'video' AND item.size > ?)
                       OR (item.kind = 'photo' AND item.capturedEpoch < ?) OR item.duplicateGroup IS NOT NULL
                       OR item.similarGroup IS NOT NULL)
                """
            arguments = [policy.keptSince, t.bigVideoBytes, t.oldBefore.timeIntervalSince1970]
        }
        let reviewed = Set(try Int64.fetchAll(db, sql: "SELECT DISTINCT item FROM decision"))
        var cards: [Card] = []
        var twins: [Int64] = []
        // A cursor, not fetchAll: its rows look columns up through the statement's index of names,
        // where copied rows compared every column name case-insensitively for each of the ~30
        // lookups of each row (14 % of a queue's time at 20,000 files was String.lowercased).
        let rows = try Row.fetchCursor(db, sql: sql, arguments: arguments)
        while let row = try rows.next() {
            let item = try ItemRecord(row: row)
            let keptItem: Int64? = row["keptItem"]
            let isExtraCopy = keptItem != nil && keptItem != item.id
                && !((row["keptInode"] as Int64?) == item.inode && (row["keptDevice"] as Int64?) == item.device)
            var memberships: [CardCategory] = []
            if isExtraCopy { memberships.append(.duplicates) }
            let similarKept: Int64? = row["similarKept"]
            if let similarKept, similarKept != item.id { memberships.append(.similar) }
            if item.isBigVideo(t) { memberships.append(.bigVideos) }
            if item.isScreenshot { memberships.append(.screenshots) }
            if item.isOld(t) { memberships.append(.oldPhotos) }
            let category: CardCategory
            if filter != nil {
                category = memberships.first ?? .other
            } else if let wanted {
                guard memberships.contains(wanted) else { continue }
                category = wanted
            } else {
                guard let first = memberships.first else { continue }
                category = first
            }
            if category == .duplicates, let keptItem { twins.append(keptItem) }
            if category == .similar, let similarKept { twins.append(similarKept) }
            cards.append(Card(item: item, linked: [], category: category, twin: nil, reviewedBefore: reviewed.contains(item.id!)))
        }
        try attach(&cards, twins: twins, db)
        return sorted(cards, order)
    }

    /// Fills in each card's linked files and, for duplicates, the copy that stays.
    private static func attach(_ cards: inout [Card], twins: [Int64], _ db: Database) throws {
        let ids = cards.map(\.id)
        var linked: [Int64: [ItemRecord]] = [:]
        for chunk in ids.chunked(500) {
            let list = chunk.map(String.init).joined(separator: ",")
            for item in try ItemRecord.fetchAll(db, sql: "SELECT * FROM item WHERE linkedTo IN (\(list)) ORDER BY path") {
                linked[item.linkedTo!, default: []].append(item)
            }
        }
        var kept: [Int64: ItemRecord] = [:]
        for chunk in Array(Set(twins)).chunked(500) {
            let list = chunk.map(String.init).joined(separator: ",")
            for item in try ItemRecord.fetchAll(db, sql: "SELECT * FROM item WHERE id IN (\(list))") { kept[item.id!] = item }
        }
        var keptOfGroup: [Int64: Int64] = [:]
        for row in try Row.fetchAll(db, sql: "SELECT id, keptItem FROM duplicateGroup") {
            let group: Int64 = row[0], kept: Int64 = row[1]
            keptOfGroup[group] = kept
        }
        for index in cards.indices {
            cards[index].linked = linked[cards[index].id] ?? []
            if cards[index].category == .duplicates, let group = cards[index].item.duplicateGroup, let keptID = keptOfGroup[group] {
                cards[index].twin = kept[keptID]
            }
            if cards[index].category == .similar, let keptID = cards[index].item.similarGroup { cards[index].twin = kept[keptID] }
        }
    }

    static func sorted(_ cards: [Card], _ order: QueueOrder) -> [Card] {
        let rank = Dictionary(uniqueKeysWithValues: CardCategory.allCases.enumerated().map { ($1, $0) })
        switch order {
        case .standard:
            return cards.sorted {
                if $0.reviewedBefore != $1.reviewedBefore { return !$0.reviewedBefore }
                if $0.category != $1.category { return rank[$0.category]! < rank[$1.category]! }
                if $0.bytes != $1.bytes { return $0.bytes > $1.bytes }
                return $0.item.path.lexicographicallyPrecedes($1.item.path)
            }
        case .largest:
            return cards.sorted { $0.bytes != $1.bytes ? $0.bytes > $1.bytes : $0.item.path.lexicographicallyPrecedes($1.item.path) }
        case .oldest:
            return cards.sorted {
                let a = $0.item.capturedEpoch ?? .infinity, b = $1.item.capturedEpoch ?? .infinity
                return a != b ? a < b : $0.item.path.lexicographicallyPrecedes($1.item.path)
            }
        case .random:
            return cards.shuffled()
        }
    }
}

extension LibraryDatabase {
    /// The cards a weekly boss's filter deals now, in `order` (the standard order: by category, largest first).
    public func cards(filter: ResolvedBossFilter, policy: QueuePolicy, order: QueueOrder = .standard) throws -> [Card] {
        try read { db in try CardQueue.cards(db, category: nil, filter: filter, policy: policy, order: order) }
    }

    /// How many cards a weekly boss's filter deals now, counted by the index (no item is loaded).
    public func cardCount(filter: ResolvedBossFilter, policy: QueuePolicy) throws -> Int {
        let (condition, arguments) = filter.sql
        return try read { db in
            try Int.fetchOne(db, sql: "SELECT COUNT(*) \(CardQueue.joins) WHERE \(CardQueue.dealable) AND \(condition)",
                             arguments: [policy.keptSince] + arguments) ?? 0
        }
    }
}

extension LibraryDatabase {
    /// The cards a round (`category` nil: every kind, in the standard order) or a boss battle can deal now.
    public func cards(_ category: CardCategory?, policy: QueuePolicy, order: QueueOrder = .standard) throws -> [Card] {
        try read { db in try CardQueue.cards(db, category: category, policy: policy, order: order) }
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
