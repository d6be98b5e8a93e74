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

    package init(id: Int64? = nil, startedAt: Date, finishedAt: Date?, roots: String, files: Int, bytes: Int64, inspected: Int, errors: Int) {
        self.id = id
        self.startedAt = startedAt
        self.finishedAt = finishedAt
        self.roots = roots
        self.files = files
        self.bytes = bytes
        self.inspected = inspected
        self.errors = errors
    }

    public mutating func didInsert(_ inserted: InsertionSuccess) { id = inserted.rowID }
}

/// A file the scan could not read, with the reason: a row of `scanError`.
public struct ScanErrorRecord: Codable, Sendable, Equatable, FetchableRecord, PersistableRecord {
    public static let databaseTableName = "scanError"
    public var run: Int64
    public var path: Data
    public var reason: String

    package init(run: Int64, path: Data, reason: String) {
        self.run = run
        self.path = path
        self.reason = reason
    }
}
