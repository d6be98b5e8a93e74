import GRDB
import Library

extension LibraryDatabase {
    /// The photo kept in the similar group of `itemID`, as the index knows it now; nil when the item
    /// is in no similar group, is the kept photo itself, or its kept photo is no longer indexed.
    public func similarKept(of itemID: Int64) throws -> ItemRecord? {
        try read { db in
            try ItemRecord.fetchOne(db, sql: """
                SELECT k.* FROM item i JOIN item k ON k.id = i.similarGroup WHERE i.id = ? AND k.id != i.id
                """, arguments: [itemID])
        }
    }
}
