import Foundation
import GRDB

/// A duplicate or similar group card the player kept whole: not dealt again while the group stands as it
/// was (the deck's `CardQueue.keptWhole`, migration v16).
public struct KeptWholeGroup: Sendable, Equatable {
    public var category: CardCategory
    /// The group's key: its duplicate group, or the photo its similar group keeps (`CardGroup.id`).
    public var key: Int64
    /// The members the card showed (one of hard links to one file stands for them all).
    public var members: [Int64]

    public init(category: CardCategory, key: Int64, members: [Int64]) {
        self.category = category
        self.key = key
        self.members = members
    }

    /// Marks the files of the group the card showed, and the hard links to them, with their size and mtime now.
    func mark(at date: Date, _ db: Database) throws {
        guard let column = CardCategory.groupColumn[category], !members.isEmpty else { return }
        try db.execute(sql: """
            INSERT OR REPLACE INTO keptGroup (item, category, groupKey, size, mtimeNs, keptAt)
            SELECT i.id, ?, ?, i.size, i.mtimeNs, ? FROM item i
            WHERE i.\(column) = ? AND EXISTS (
                SELECT 1 FROM item s WHERE s.id IN (\(members.map(String.init).joined(separator: ",")))
                AND s.device = i.device AND s.inode = i.inode)
            """, arguments: [category.rawValue, key, date, key])
    }

    /// A copy restored from the trash into a group the player kept whole since: marked with the group as it
    /// is now, so the restore (the player's own choice to have it back) does not deal the group again. A copy
    /// restored into a group never kept whole stays unmarked: its group is dealt as any other.
    static func markRestored(item: Int64, at date: Date, _ db: Database) throws {
        for (category, column) in CardCategory.groupCategories {
            try db.execute(sql: """
                INSERT OR REPLACE INTO keptGroup (item, category, groupKey, size, mtimeNs, keptAt)
                SELECT i.id, ?, i.\(column), i.size, i.mtimeNs, ? FROM item i
                WHERE i.id = ? AND i.\(column) IS NOT NULL
                  AND EXISTS (SELECT 1 FROM keptGroup k WHERE k.category = ? AND k.groupKey = i.\(column) AND k.item != i.id)
                """, arguments: [category.rawValue, date, item, category.rawValue])
        }
    }
}
