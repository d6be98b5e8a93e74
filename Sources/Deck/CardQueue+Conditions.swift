import Foundation
import Game
import GRDB
import Library

/// The conditions of the card queues: what no queue deals, what each category takes.
extension CardQueue {
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
    static let keptWhole = CardCategory.groupCategories.map { category, column in
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
    /// The categories a standard round deals, in its order (every boss's category is one of them).
    static let ranked: [CardCategory] = [.duplicates, .similar, .bigVideos, .screenshots, .oldPhotos, .badShots]

    /// The condition that `item` belongs to `category` (true, false or, where a value is missing, NULL).
    package static func member(_ category: CardCategory, _ t: Thresholds) -> SQLCondition {
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
}

/// A piece of a WHERE clause with its arguments, in order.
package struct SQLCondition {
    package var sql: String
    package var arguments: [(any DatabaseValueConvertible)?]

    package init(_ sql: String, _ arguments: [(any DatabaseValueConvertible)?] = []) {
        self.sql = sql
        self.arguments = arguments
    }

    /// True, or false where the condition is false or NULL.
    package var isTrue: SQLCondition { SQLCondition("COALESCE(\(sql), 0)", arguments) }
    /// True where the condition is false or NULL (a missing capture date is not "old").
    package var isFalse: SQLCondition { SQLCondition("NOT COALESCE(\(sql), 0)", arguments) }

    package static func all(_ parts: [SQLCondition]) -> SQLCondition {
        SQLCondition(parts.map(\.sql).joined(separator: "\n  AND "), parts.flatMap(\.arguments))
    }

    package static func any(_ parts: [SQLCondition]) -> SQLCondition {
        SQLCondition("(" + parts.map(\.sql).joined(separator: " OR ") + ")", parts.flatMap(\.arguments))
    }
}
