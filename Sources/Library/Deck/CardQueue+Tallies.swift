import Foundation
import Game
import GRDB

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
