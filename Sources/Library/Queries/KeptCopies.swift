import GRDB

extension LibraryDatabase {
    /// The item each duplicate group keeps (the copy its other members are cards against).
    /// One id per group, so a listing marks the kept copy without a query per item.
    public func keptDuplicates() throws -> Set<Int64> {
        try read { db in Set(try Int64.fetchAll(db, sql: "SELECT keptItem FROM duplicateGroup WHERE keptItem IS NOT NULL")) }
    }
}
