import Foundation
import Game
import GRDB
import Keeping
import Library

/// The SQL of the card queues: which files are dealt, under which category, in which order.
///
/// The standard order: files the player has never decided on first; then duplicates, similar
/// photos, big videos, screenshots, old photos; within each, the largest card (the file with its
/// linked files) first; then by path. Never dealt: a file linked to another (it comes with its
/// owner), a file in a store another program owns, a file kept since `keptSince`, a file waiting
/// in a pending batch, a file in the trash, the kept copy of a duplicate group (or a hard link to it: deleting it would free nothing), and
/// the kept photo of a similar group as a similar card.
///
/// The standard order is read as stretches (never-reviewed duplicates, never-reviewed similar
/// photos, …), each walking an index already sorted by card size (migration v7), so the first
/// cards of a queue cost the same at a thousand files as at a million: nothing is sorted and
/// nothing is loaded beyond the cards asked for.
enum CardQueue {
    /// The stretches of a queue, in order. `wanted`: one category (a boss), nil: every category (a
    /// round); `filter`: a weekly boss, whose cards are every dealable file it takes, each under its
    /// first category (`other` when it has none).
    static func stretches(category wanted: CardCategory?, filter: IndexedBossFilter?, policy: QueuePolicy,
                          order: QueueOrder, seed: Int) -> [CardStretch] {
        let t = policy.thresholds
        let base = SQLCondition(dealable, [policy.keptSince])
        if order == .standard, filter == nil {
            var stretches: [CardStretch] = []
            for reviewed in [false, true] {
                let seen = SQLCondition(reviewed ? self.reviewed : "NOT \(self.reviewed)")
                for (index, category) in ranked.enumerated() where wanted == nil || wanted == category {
                    // In a round a file is dealt under its first category only.
                    let earlier = wanted == nil ? ranked[..<index].map { $0.member(t).isFalse } : []
                    let condition = SQLCondition.all([base, category.member(t), seen] + earlier)
                    stretches.append(CardStretch(condition: condition, category: category, index: orderIndex[category],
                                                 orderBy: "\(cardBytes) DESC, item.path"))
                }
            }
            return stretches
        }
        // One stretch, sorted by SQLite: a weekly boss's filter, or an order the player chose.
        let scope = scope(category: wanted, filter: filter, t)
        let rank = "CASE " + ranked.enumerated().map { "WHEN \($1.member(t).isTrue.sql) THEN \($0)" }.joined(separator: " ")
            + " ELSE \(ranked.count) END"
        let rankArguments = ranked.flatMap { $0.member(t).arguments }
        let orderBy: String
        switch order {
        case .standard: orderBy = "\(reviewed), rank, \(cardBytes) DESC, item.path"
        case .largest: orderBy = "\(cardBytes) DESC, item.path"
        case .oldest: orderBy = "item.capturedEpoch IS NULL, item.capturedEpoch, item.path"
        // A shuffle that stays the same from one page to the next: a multiplicative hash of the id.
        case .random: orderBy = "(item.id * 2654435761 + \(seed)) % 4294967291, item.id"
        }
        return [CardStretch(condition: .all([base, scope]), category: wanted, rank: (rank, rankArguments), orderBy: orderBy)]
    }

    /// The query of the ids of up to `limit` cards of `stretch` (nil: all), skipping the first `offset`, in
    /// order, with each one's rank. Only the columns the condition and the order read are read for the
    /// rows the sort considers: a weekly boss sorts its 100,000 matches at a million files, and reading
    /// each whole row and its duplicate group for that took 0.23 s against 0.07 s for the ids alone.
    static func page(_ stretch: CardStretch, offset: Int, limit: Int?) -> (sql: String, arguments: StatementArguments) {
        let rank = stretch.rank ?? ("0", [])
        let sql = """
            SELECT item.id, \(rank.sql) AS rank
            \(source(indexedBy: stretch.index))
            WHERE \(stretch.condition.sql)
            ORDER BY \(stretch.orderBy)
            LIMIT ? OFFSET ?
            """
        return (sql, StatementArguments(rank.arguments + stretch.condition.arguments + [limit ?? -1, offset]))
    }

    /// The query of the whole rows of the cards `ids` (a page), each with its duplicate group's kept item
    /// and whether the player decided on it before; in no particular order.
    static func rows(_ ids: some Collection<Int64>) -> String {
        """
        SELECT item.*, g.keptItem AS keptItem, \(reviewed) AS reviewedBefore
        FROM item LEFT JOIN duplicateGroup g ON g.id = item.duplicateGroup
        WHERE item.id IN (\(ids.map(String.init).joined(separator: ",")))
        """
    }

    /// The cards of up to `limit` rows of `stretch` (nil: all), skipping the first `offset`: the page's ids in
    /// order, then their rows (one read transaction: the caller's). The rows of one group make one card (`groups`,
    /// the keeper rule, suggests which member stays), so there may be fewer cards than rows: `rows` says how
    /// many rows the page read.
    static func cards(_ db: Database, _ stretch: CardStretch, offset: Int, limit: Int?, groups: KeeperRule) throws -> (cards: [Card], rows: Int) {
        var stretch = stretch
        stretch.index = try existing(stretch.index, db)
        let (sql, arguments) = page(stretch, offset: offset, limit: limit)
        var order: [Int64] = []
        var rankOf: [Int64: Int] = [:]
        for row in try Row.fetchAll(db, sql: sql, arguments: arguments) {
            let id: Int64 = row[0]
            order.append(id)
            rankOf[id] = row[1]
        }
        var cardOf: [Int64: Card] = [:]
        var twins: [Int64: Int64] = [:]
        for chunk in order.chunked(500) {
            // A cursor, not fetchAll: its rows look columns up through the statement's index of names.
            let cursor = try Row.fetchCursor(db, sql: rows(chunk))
            while let row = try cursor.next() {
                let item = try ItemRecord(row: row)
                let rank = rankOf[item.id!] ?? ranked.count
                let category = stretch.category ?? (rank < ranked.count ? ranked[rank] : .other)
                switch category {
                case .duplicates: twins[item.id!] = row["keptItem"]
                case .similar: twins[item.id!] = item.similarGroup
                default: break
                }
                cardOf[item.id!] = Card(item: item, linked: [], category: category, twin: nil, reviewedBefore: row["reviewedBefore"])
            }
        }
        var cards = order.compactMap { cardOf[$0] }
        try attach(&cards, twins: twins, db)
        return (try gather(cards, rule: groups, db), order.count)
    }

    /// Turns the cards of duplicates and similar photos into one card a group, where the group's first
    /// card of the page stood (a later copy of a group already dealt is dropped); a group with one
    /// file left (the others in the trash or waiting to go) is no card at all: it is the last copy.
    static func gather(_ cards: [Card], rule: KeeperRule, _ db: Database) throws -> [Card] {
        var seen = Set<String>()
        var gathered: [Card] = []
        for card in cards {
            guard card.category == .duplicates || card.category == .similar else { gathered.append(card); continue }
            let key = card.category == .duplicates ? card.item.duplicateGroup : card.item.similarGroup
            guard let key, seen.insert("\(card.category.rawValue) \(key)").inserted,
                  let group = try CardGroup.fetch(db, category: card.category, key: key, rule: rule) else { continue }
            gathered.append(Card(item: group.suggested.item, linked: group.suggested.linked, category: card.category, twin: nil,
                                 reviewedBefore: card.reviewedBefore, group: group))
        }
        return gathered
    }

    /// Fills in each card's linked files and its twin: for a duplicate the copy that stays, for a
    /// similar photo the photo its group keeps.
    private static func attach(_ cards: inout [Card], twins: [Int64: Int64], _ db: Database) throws {
        var linked: [Int64: [ItemRecord]] = [:]
        for chunk in cards.map(\.id).chunked(500) {
            let list = chunk.map(String.init).joined(separator: ",")
            for item in try ItemRecord.fetchAll(db, sql: "SELECT * FROM item WHERE linkedTo IN (\(list)) ORDER BY path") {
                linked[item.linkedTo!, default: []].append(item)
            }
        }
        var kept: [Int64: ItemRecord] = [:]
        for chunk in Array(Set(twins.values)).chunked(500) {
            let list = chunk.map(String.init).joined(separator: ",")
            for item in try ItemRecord.fetchAll(db, sql: "SELECT * FROM item WHERE id IN (\(list))") { kept[item.id!] = item }
        }
        for index in cards.indices {
            cards[index].linked = linked[cards[index].id] ?? []
            cards[index].twin = twins[cards[index].id].flatMap { kept[$0] }
            let item = cards[index].item
            switch cards[index].category {
            case .duplicates, .similar: break
            default:
                // Dealt outside its group's queue: the card says where its copies are (few cards have any).
                var found: Card.Copies?
                if let group = item.duplicateGroup {
                    found = try copies(of: item, column: "duplicateGroup", key: group, kind: .duplicates, db)
                } else if let group = item.similarGroup {
                    found = try copies(of: item, column: "similarGroup", key: group, kind: .similar, db)
                }
                if let found, !found.elsewhere.isEmpty || found.leaving > 0 { cards[index].copies = found }
            }
        }
    }

    /// The other members of `item`'s group: those in the library, and how many are leaving (trash, pending batch).
    private static func copies(of item: ItemRecord, column: String, key: Int64, kind: CardCategory, _ db: Database) throws -> Card.Copies {
        let others = try ItemRecord.fetchAll(db, sql: "SELECT * FROM item WHERE \(column) = ? AND id != ? AND store IS NULL ORDER BY path",
                                             arguments: [key, item.id])
        let leaving = Set(try Int64.fetchAll(db, sql: "SELECT item FROM (\(Self.leaving)) WHERE item IN (\(others.map { String($0.id!) }.joined(separator: ",")))"))
        let sameFile = { (other: ItemRecord) in other.device == item.device && other.inode == item.inode }
        return Card.Copies(kind: kind, elsewhere: others.filter { !leaving.contains($0.id!) && !sameFile($0) },
                           leaving: others.filter { leaving.contains($0.id!) }.count)
    }
}

/// One stretch of a queue: the files `condition` takes, in `orderBy`, all under `category` (nil:
/// each under the category `rank` computes).
struct CardStretch {
    var condition: SQLCondition
    var category: CardCategory?
    /// The index that reads the stretch in order, if one does.
    var index: String?
    var rank: (sql: String, arguments: [(any DatabaseValueConvertible)?])?
    var orderBy: String

    init(condition: SQLCondition, category: CardCategory?, index: String? = nil, rank: (String, [(any DatabaseValueConvertible)?])? = nil,
         orderBy: String) {
        self.condition = condition
        self.category = category
        self.index = index
        self.rank = rank.map { (sql: $0.0, arguments: $0.1) }
        self.orderBy = orderBy
    }
}
