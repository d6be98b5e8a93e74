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
    /// The categories a standard round deals, in its order (every boss's category is one of them).
    static let ranked: [CardCategory] = [.duplicates, .similar, .bigVideos, .screenshots, .oldPhotos, .badShots]

    /// The files a queue may deal, before `dealable`: those `filter` takes, those of `wanted`, or those of any category.
    static func scope(category wanted: CardCategory?, filter: IndexedBossFilter?, _ t: Thresholds) -> SQLCondition {
        if let filter { return filter.sql }
        if let wanted { return wanted.member(t) }
        return .any(ranked.map { $0.member(t) })
    }
}
