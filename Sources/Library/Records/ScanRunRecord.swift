import Foundation
import GRDB

/// One run of `clean scan`: a row of `scanRun`.
public struct ScanRunRecord: Codable, Sendable, Equatable, FetchableRecord, MutablePersistableRecord {
    public static let databaseTableName = "scanRun"

    public var id: Int64?
    public var startedAt: Date
    public var finishedAt: Date?
    /// The roots scanned, one per line (display form).
    public var roots: String
    public var files: Int
    public var bytes: Int64
    /// How many files were read this run (new or changed); the rest were unchanged.
    public var inspected: Int
    public var errors: Int

    public mutating func didInsert(_ inserted: InsertionSuccess) { id = inserted.rowID }
}

/// A file the scan could not read, with the reason: a row of `scanError`.
public struct ScanErrorRecord: Codable, Sendable, Equatable, FetchableRecord, PersistableRecord {
    public static let databaseTableName = "scanError"
    public var run: Int64
    public var path: Data
    public var reason: String
}
