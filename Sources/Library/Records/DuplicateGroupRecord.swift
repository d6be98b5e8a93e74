import GRDB

/// A set of files with identical content: a row of `duplicateGroup`.
public struct DuplicateGroupRecord: Codable, Sendable, Equatable, FetchableRecord, MutablePersistableRecord {
    public static let databaseTableName = "duplicateGroup"

    public var id: Int64?
    public var contentHash: String
    public var size: Int64
    /// The copy kept: the one its card suggests (the keep rule, `Keeping.KeptCopies.chooseDuplicates`).
    public var keptItem: Int64
    /// How many indexed paths hold this content.
    public var files: Int
    /// Bytes freed by removing every copy but the kept one (hard links to one inode count once).
    public var reclaimableBytes: Int64

    public mutating func didInsert(_ inserted: InsertionSuccess) { id = inserted.rowID }
}
