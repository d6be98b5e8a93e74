import Foundation
import Game
import GRDB
import Library

/// How many cards a queue deals and their bytes, counted by the index.
extension CardQueue {
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

    /// How many cards a queue deals now: its files, or for a boss of group cards its groups; a round's (or a
    /// weekly boss's) files less the copies its group cards gather, plus those cards.
    static func cardCount(_ db: Database, category: CardCategory?, filter: IndexedBossFilter?, policy: QueuePolicy) throws -> Int {
        if filter == nil, let category, let groups = try groupTally(db, category: category, policy: policy) {
            return groups.count
        }
        let files = try tally(db, category: category, filter: filter, policy: policy).count
        guard category == nil, files <= exactCountUpTo else { return files }
        let grouped = try groupCards(db, scope: scope(category: nil, filter: filter, policy.thresholds), policy: policy)
        return files - grouped.files + grouped.cards
    }

    /// Up to how many files a round's or a weekly boss's count takes its group cards into account. Reading every
    /// grouped file costs 0.8 s at a million files with 70,000 groups (a round's count reads one index in
    /// 0.05 s), and a deck that long is never played to its end: its count stays its files. Under it, where a
    /// player can reach the end, the count is the cards (35 ms at 50,000 files with 3,500 groups, by sqlite3):
    /// near, not exact, where a group's file was dealt on an earlier card (`CardDeckTests`: within 2 %).
    static let exactCountUpTo = 20_000

    /// The files of a round (or a weekly boss's `scope`) that are no card of their own, and how many group cards
    /// they make. A round deals a
    /// file under its first category (`ranked`): each duplicate group with an extra copy to deal is one card,
    /// so is each similar group with a photo dealt as similar; a file of the round in either kind of group goes
    /// into that group's card, whatever category it would have had alone; of hard links to one file, one is a
    /// member (the others are dealt as cards of their own); a copy whose group is down to one file is none, and
    /// so is a similar group holding a file of a duplicate group's card (dealt before it: duplicates come first). Read over the groups' own partial indexes
    /// (migration v14): the rows of a group are few next to the round's.
    static func groupCards(_ db: Database, scope: SQLCondition, policy: QueuePolicy) throws -> (files: Int, cards: Int) {
        let round = SQLCondition.all([SQLCondition(dealable, [policy.keptSince]), scope])
        let row = try Row.fetchOne(db, sql: """
            WITH grouped AS (
                SELECT item.id AS id, item.duplicateGroup AS duplicate, item.similarGroup AS similar, item.device || ':' || item.inode AS file,
                       \(CardCategory.extraCopyCondition) AS isDuplicate, \(CardCategory.similarCopyCondition) AS isSimilar
                FROM item WHERE item.duplicateGroup IS NOT NULL AND \(round.sql)
                UNION ALL
                SELECT item.id, item.duplicateGroup, item.similarGroup, item.device || ':' || item.inode, \(CardCategory.extraCopyCondition), \(CardCategory.similarCopyCondition)
                FROM item WHERE item.duplicateGroup IS NULL AND item.similarGroup IS NOT NULL AND \(round.sql)),
            duplicates AS (SELECT DISTINCT duplicate AS groupKey FROM grouped WHERE isDuplicate),
            similars AS (SELECT DISTINCT similar AS groupKey FROM grouped WHERE isSimilar AND NOT isDuplicate),
            dealtDuplicates AS (SELECT groupKey FROM duplicates WHERE \(distinctFiles("duplicateGroup")) > 1),
            dealtSimilars AS (SELECT groupKey FROM similars WHERE \(distinctFiles("similarGroup")) > 1
                AND NOT EXISTS (SELECT 1 FROM item m WHERE m.similarGroup = groupKey AND m.duplicateGroup IN dealtDuplicates
                                AND m.store IS NULL AND m.id NOT IN (\(leaving))))
            SELECT (SELECT COUNT(DISTINCT CASE WHEN duplicate IN dealtDuplicates THEN 'd' || duplicate || ' ' || file
                                               WHEN similar IN dealtSimilars THEN 's' || similar || ' ' || file
                                               WHEN isDuplicate OR isSimilar THEN 'x' || id END)
                    FROM grouped),
                   (SELECT COUNT(*) FROM dealtDuplicates) + (SELECT COUNT(*) FROM dealtSimilars)
            """, arguments: StatementArguments(round.arguments + round.arguments))
        return (row?[0] ?? 0, row?[1] ?? 0)
    }

    /// How many files the group `groupKey` of `column` holds that are not on their way out: a group of one is
    /// no card (`CardGroup`), it is the last copy.
    private static func distinctFiles(_ column: String) -> String {
        """
        (SELECT COUNT(DISTINCT m.device || ':' || m.inode) FROM item m
         WHERE m.\(column) = groupKey AND m.store IS NULL AND m.id NOT IN (\(leaving)))
        """
    }

    /// How many group cards a duplicates or similar queue deals now (groups with a copy that is not set
    /// aside) and the bytes of those copies (what deleting all but the suggested member frees, about).
    /// Read from the group's own partial index (migration v14 holds the group in it); the few copies are
    /// each tested against the set-aside list.
    static func groupTally(_ db: Database, category: CardCategory, policy: QueuePolicy) throws -> CardTally? {
        guard let column = CardCategory.groupColumn[category] else { return nil }
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
