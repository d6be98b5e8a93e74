import Foundation
import Game
import GRDB

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
    /// Where the cards come from: the item, through `index` when named. Every condition of a queue reads the
    /// row alone (migration v8), so a count joins nothing; the cards' select joins `g`, their duplicate group.
    static func source(indexedBy index: String? = nil) -> String {
        "FROM item" + (index.map { " INDEXED BY \($0)" } ?? "")
    }

    /// `index` when the database has it. A cold scan builds the queues' indexes last (`DeferredIndexes`):
    /// a queue read meanwhile, by another `clean` during that scan, is planned by SQLite without it
    /// instead of failing with "no such index".
    static func existing(_ index: String?, _ db: Database) throws -> String? {
        guard let index else { return nil }
        let present = try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM sqlite_master WHERE type = 'index' AND name = ?)",
                                        arguments: [index]) ?? false
        return present ? index : nil
    }

    /// The index each stretch of the standard order walks (migrations v7 and v8): already sorted by card size, so
    /// nothing is sorted; named, so SQLite never prefers a counting index and sorts a million rows instead.
    static let orderIndex: [CardCategory: String] = [
        .duplicates: "item_card_extra_copies", .similar: "item_card_similar", .bigVideos: "item_card_by_kind",
        .screenshots: "item_card_screenshots", .oldPhotos: "item_card_by_kind", .badShots: "item_card_bad_shots",
    ]

    /// The covering index a round's total is counted from (migration v8).
    static let roundTallyIndex = "item_tally_by_kind"

    /// What no queue deals: a linked file (its card is its owner's), or one of the files `setAside`. A count
    /// does not test every row against that list (see `tally`); dealing cards stops after a page.
    static let dealable = "\(unlinked) AND item.id NOT IN (\(setAside))"

    /// A file that is its own card, not linked to another's, and the player's: not in a store another
    /// program owns (an iPhone backup, a Photos library, a cache, another trash: never a card).
    static let unlinked = "item.linkedTo IS NULL AND item.store IS NULL"

    /// The items no queue deals whatever they are (argument: `keptSince`): kept since then, kept whole in
    /// a group card while that group stands as it was, waiting in a pending batch, in the trash. Few, next to
    /// the index: a count takes them off afterwards.
    static let setAside = """
        SELECT item FROM decision WHERE decision = 'keep' AND decidedAt >= ?
        UNION ALL
        \(keptWhole)
        UNION ALL
        \(leaving)
        """

    /// The members of the duplicate and similar groups the player kept whole (migration v16) whose group
    /// still stands as it was kept: the member unchanged (same size and mtime), still in that group, and
    /// every file of the group now (in the trash or a pending batch aside, as the card left them out) one
    /// marked with it then. A file that joins the group, or a member that changes, deals the group again.
    static let keptWhole = groupCategories.map { category, column in
        """
        SELECT k.item FROM keptGroup k JOIN item i ON i.id = k.item
        WHERE k.category = '\(category.rawValue)' AND i.\(column) = k.groupKey AND i.size = k.size AND i.mtimeNs = k.mtimeNs
          AND NOT EXISTS (SELECT 1 FROM item m WHERE m.\(column) = k.groupKey AND m.id NOT IN (\(leaving)) AND NOT EXISTS (
                SELECT 1 FROM keptGroup o WHERE o.item = m.id AND o.category = k.category AND o.groupKey = k.groupKey))
        """
    }.joined(separator: "\nUNION ALL\n")

    /// The items on their way out: waiting in a pending batch, or in the trash.
    static let leaving = """
        SELECT d.item FROM decision d JOIN round r ON r.id = d.round
        WHERE r.status = 'pending' AND d.decision = 'delete'
        UNION ALL
        SELECT item FROM trashed WHERE state != 'rolledBack' AND restoredAt IS NULL
        """

    /// A card's bytes: the file and the files linked to it, kept by the schema's triggers (migration v7).
    /// Written exactly as the indexes of v7 name it, so SQLite orders by those indexes.
    static let cardBytes = "item.size + item.linkedBytes"
    /// The player decided on the file itself before (a copy a group card kept while its others went, `stay`,
    /// was not decided on for itself).
    static let reviewed = "EXISTS (SELECT 1 FROM decision WHERE decision.item = item.id AND decision.decision != 'stay')"
    /// Another copy of a duplicate group than the kept one, and not a hard link to it (deleting it would free
    /// nothing): kept in the row by the schema's triggers (migration v8), so a count reads an index alone.
    static let extraCopy = "(item.extraCopy = 1)"
    /// A photo of a similar group other than the one it keeps (a group whose kept photo left the index is
    /// dissolved by a trigger of migration v8, so the kept photo is there).
    static let similarCopy = "(item.similarGroup IS NOT NULL AND item.similarGroup != item.id)"
    /// The categories a standard round deals, in its order.
    static let ranked: [CardCategory] = [.duplicates, .similar, .bigVideos, .screenshots, .oldPhotos]

    /// The categories a queue walks: a round's ranked ones, and a boss's own when a round does not deal it (bad shots).
    static func dealtIn(_ wanted: CardCategory?) -> [CardCategory] {
        guard let wanted, !ranked.contains(wanted), wanted != .other else { return ranked }
        return ranked + [wanted]
    }

    /// The condition that `item` belongs to `category` (true, false or, where a value is missing, NULL).
    static func member(_ category: CardCategory, _ t: Thresholds) -> SQLCondition {
        switch category {
        case .duplicates: return SQLCondition(extraCopy)
        case .similar: return SQLCondition(similarCopy)
        case .bigVideos: return SQLCondition("(item.kind = 'video' AND item.size > ?)", [t.bigVideoBytes])
        case .screenshots: return SQLCondition("(item.screenshotEvidence IS NOT NULL)")
        case .oldPhotos: return SQLCondition("(item.kind = 'photo' AND item.capturedEpoch < ?)", [t.oldBefore.timeIntervalSince1970])
        case .badShots: return SQLCondition("(item.badShot IS NOT NULL AND item.kind = 'photo' AND item.screenshotEvidence IS NULL)")
        case .other: return SQLCondition("1")
        }
    }

    /// The files a queue may deal, before `dealable`: those `filter` takes, those of `wanted`, or those of any category.
    static func scope(category wanted: CardCategory?, filter: IndexedBossFilter?, _ t: Thresholds) -> SQLCondition {
        if let filter { return filter.sql }
        if let wanted { return member(wanted, t) }
        return .any(ranked.map { member($0, t) })
    }

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
                for (index, category) in dealtIn(wanted).enumerated() where wanted == nil || wanted == category {
                    // In a round a file is dealt under its first category only.
                    let earlier = wanted == nil ? ranked[..<index].map { member($0, t).isFalse } : []
                    let condition = SQLCondition.all([base, member(category, t), seen] + earlier)
                    stretches.append(CardStretch(condition: condition, category: category, index: orderIndex[category],
                                                 orderBy: "\(cardBytes) DESC, item.path"))
                }
            }
            return stretches
        }
        // One stretch, sorted by SQLite: a weekly boss's filter, or an order the player chose.
        let scope = scope(category: wanted, filter: filter, t)
        let rank = "CASE " + ranked.enumerated().map { "WHEN \(member($1, t).isTrue.sql) THEN \($0)" }.joined(separator: " ")
            + " ELSE \(ranked.count) END"
        let rankArguments = ranked.flatMap { member($0, t).arguments }
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
    /// order, then their rows (one read transaction: the caller's). With `groups` (the keeper rule), the rows of
    /// one group make one card, so there may be fewer cards than rows: `rows` says how many rows the page read.
    static func cards(_ db: Database, _ stretch: CardStretch, offset: Int, limit: Int?, groups: KeeperRule? = nil) throws -> (cards: [Card], rows: Int) {
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
        return (try groups.map { try gather(cards, rule: $0, db) } ?? cards, order.count)
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

    /// The query that counts the files a queue takes and their bytes, before those set aside are taken
    /// off (`tally`). A round counts every category in one pass over `roundIndex`, the index holding all
    /// their columns (nil while a cold scan has not built it yet).
    static func tallySelect(category wanted: CardCategory?, filter: IndexedBossFilter?, policy: QueuePolicy,
                            roundIndex: String? = roundTallyIndex) -> (sql: String, arguments: StatementArguments) {
        tallySelect(counted(category: wanted, filter: filter, policy), index: wanted == nil && filter == nil ? roundIndex : nil)
    }

    private static func tallySelect(_ counted: SQLCondition, index: String?) -> (sql: String, arguments: StatementArguments) {
        ("SELECT COUNT(*), COALESCE(SUM(\(cardBytes)), 0) \(source(indexedBy: index)) WHERE \(counted.sql)",
         StatementArguments(counted.arguments))
    }

    /// The files a count takes: the queue's own cards, set-aside ones included.
    static func counted(category wanted: CardCategory?, filter: IndexedBossFilter?, _ policy: QueuePolicy) -> SQLCondition {
        .all([SQLCondition(unlinked), scope(category: wanted, filter: filter, policy.thresholds)])
    }

    /// How many cards a queue deals now and their bytes, counted by the index (no item is loaded): every
    /// file the queue takes, less those of them set aside, each looked up by id. Testing each of a
    /// million entries against the set-aside list cost more than the count itself (0.14 s against 0.09 s
    /// for 881,838 old photos).
    static func tally(_ db: Database, category wanted: CardCategory?, filter: IndexedBossFilter?, policy: QueuePolicy) throws -> CardTally {
        let counted = counted(category: wanted, filter: filter, policy)
        let (sql, arguments) = tallySelect(counted, index: wanted == nil && filter == nil ? try existing(roundTallyIndex, db) : nil)
        let taken = try Row.fetchOne(db, sql: sql, arguments: arguments)
        // The same condition over the set-aside files only: a CROSS JOIN goes from the list to the rows by
        // id, never over the index to test each entry.
        let off = try Row.fetchOne(db, sql: """
            SELECT COUNT(*), COALESCE(SUM(\(cardBytes)), 0)
            FROM (SELECT DISTINCT item AS id FROM (\(setAside))) AS aside CROSS JOIN item ON item.id = aside.id
            WHERE \(counted.sql)
            """, arguments: StatementArguments([policy.keptSince] + counted.arguments))
        return CardTally(count: (taken?[0] ?? 0) - (off?[0] ?? 0), bytes: (taken?[1] ?? 0) - (off?[1] ?? 0))
    }

    /// How many cards a queue deals now: its files, or for a boss of group cards its groups.
    static func cardCount(_ db: Database, category: CardCategory?, filter: IndexedBossFilter?, policy: QueuePolicy) throws -> Int {
        if policy.groupCards, filter == nil, let category, let groups = try groupTally(db, category: category, policy: policy) {
            return groups.count
        }
        return try tally(db, category: category, filter: filter, policy: policy).count
    }

    /// The column that names the group of a card of the duplicates and similar queues, whose cards are groups.
    static let groupCategories: [(CardCategory, String)] = [(.duplicates, "duplicateGroup"), (.similar, "similarGroup")]
    static let groupColumn = Dictionary(uniqueKeysWithValues: groupCategories)

    /// How many group cards a duplicates or similar queue deals now (groups with a copy that is not set
    /// aside) and the bytes of those copies (what deleting all but the suggested member frees, about).
    /// Read from the group's own partial index (migration v14 holds the group in it); the few copies are
    /// each tested against the set-aside list.
    static func groupTally(_ db: Database, category: CardCategory, policy: QueuePolicy) throws -> CardTally? {
        guard let column = groupColumn[category] else { return nil }
        let counted = counted(category: category, filter: nil, policy)
        let row = try Row.fetchOne(db, sql: """
            SELECT COUNT(DISTINCT item.\(column)), COALESCE(SUM(\(cardBytes)), 0) FROM item
            WHERE \(counted.sql) AND item.id NOT IN (\(setAside))
            """, arguments: StatementArguments(counted.arguments + [policy.keptSince]))
        return CardTally(count: row?[0] ?? 0, bytes: row?[1] ?? 0)
    }

    /// How many cards a weekly boss's filter deals now, counted no further than `limit`: the walk stops there
    /// (at 1, whether it deals any). A weekly boss can take most of a million files (0.12 s to count them all).
    static func cardCount(_ db: Database, filter: IndexedBossFilter, policy: QueuePolicy, upTo limit: Int) throws -> Int {
        let condition = SQLCondition.all([SQLCondition(dealable, [policy.keptSince]), filter.sql])
        return try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM (SELECT 1 \(source()) WHERE \(condition.sql) LIMIT ?)",
                                arguments: StatementArguments(condition.arguments + [limit])) ?? 0
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

/// How many cards a queue deals and the bytes they hold (each card with its linked files).
public struct CardTally: Sendable, Equatable {
    public var count: Int
    public var bytes: Int64

    public init(count: Int, bytes: Int64) {
        self.count = count
        self.bytes = bytes
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

/// A piece of a WHERE clause with its arguments, in order.
struct SQLCondition {
    var sql: String
    var arguments: [(any DatabaseValueConvertible)?]

    init(_ sql: String, _ arguments: [(any DatabaseValueConvertible)?] = []) {
        self.sql = sql
        self.arguments = arguments
    }

    /// True, or false where the condition is false or NULL.
    var isTrue: SQLCondition { SQLCondition("COALESCE(\(sql), 0)", arguments) }
    /// True where the condition is false or NULL (a missing capture date is not "old").
    var isFalse: SQLCondition { SQLCondition("NOT COALESCE(\(sql), 0)", arguments) }

    static func all(_ parts: [SQLCondition]) -> SQLCondition {
        SQLCondition(parts.map(\.sql).joined(separator: "\n  AND "), parts.flatMap(\.arguments))
    }

    static func any(_ parts: [SQLCondition]) -> SQLCondition {
        SQLCondition("(" + parts.map(\.sql).joined(separator: " OR ") + ")", parts.flatMap(\.arguments))
    }
}
