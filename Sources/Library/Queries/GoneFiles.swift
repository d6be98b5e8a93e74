import GRDB

extension LibraryDatabase {
    /// Drops from the index the items whose files were found gone (at a confirmation): the next
    /// deal does not offer them again, as the next scan would not have found them. A file linked to
    /// one of them (a Live Photo's movie) stays, its own card from now on.
    public func forget(_ items: [Int64]) throws {
        guard !items.isEmpty else { return }
        try write { db in
            let statement = try db.cachedStatement(sql: "DELETE FROM item WHERE id = ?")
            for item in items { try statement.execute(arguments: [item]) }
        }
    }
}
