import Foundation
import Game
import GRDB

/// Storage recovered: what went to the trash, net of restores, by category and by day.
public struct StorageReport: Sendable, Equatable {
    public struct Tally: Sendable, Equatable {
        public init() {}
        public var files = 0
        public var bytes: Int64 = 0
        public init(files: Int, bytes: Int64) {
            self.files = files
            self.bytes = bytes
        }
        mutating func add(_ size: Int64) {
            files += 1
            bytes += size
        }
    }

    /// Bytes moved to the trash and not restored (purged ones included: they are freed for good).
    public var bytesFreed: Int64 = 0
    public var filesDeleted = 0
    public var filesRestored = 0
    public var bytesRestored: Int64 = 0
    /// Still recoverable with `clean restore`.
    public var bytesInTrash: Int64 = 0
    public var filesInTrash = 0
    /// Deleted for good by `clean trash empty`.
    public var bytesPurged: Int64 = 0
    /// Keyed by each `CardCategory`'s raw value, every category present (net of restores); a file of a category this
    /// build does not know counts as `other`.
    public var byCategory: [String: Tally] = Dictionary(uniqueKeysWithValues: CardCategory.allCases.map { ($0.rawValue, Tally()) })
    public var byDay: [Day: Tally] = [:]
    /// The largest files freed (not restored), biggest first.
    public var biggest: [TrashedRecord] = []

    /// Adds up `moved` (files whose move finished), in `calendar`'s days.
    public init(moved: [TrashedRecord], calendar: Calendar, biggestCount: Int = 5) {
        for file in moved where file.state == "done" {
            filesDeleted += 1
            if file.restoredAt != nil {
                filesRestored += 1
                bytesRestored += file.size
                continue
            }
            bytesFreed += file.size
            if file.purgedAt != nil { bytesPurged += file.size } else {
                bytesInTrash += file.size
                filesInTrash += 1
            }
            byCategory[byCategory[file.category] == nil ? CardCategory.other.rawValue : file.category]!.add(file.size)
            byDay[Day(file.deletedAt, in: calendar), default: Tally()].add(file.size)
        }
        biggest = Array(moved.filter { $0.state == "done" && $0.restoredAt == nil }.sorted { $0.size > $1.size }.prefix(biggestCount))
    }
}

extension LibraryDatabase {
    /// The report over files sent to the trash since `since` (all when nil).
    public func storageReport(since: Date?, calendar: Calendar) throws -> StorageReport {
        let moved = try read { db in
            try TrashedRecord.filter(Column("state") == "done" && Column("deletedAt") >= (since ?? .distantPast)).order(Column("id")).fetchAll(db)
        }
        return StorageReport(moved: moved, calendar: calendar)
    }

    /// The first scan's totals (files, bytes), for "the library then and now".
    public func firstScan() throws -> ScanRunRecord? {
        try read { db in try ScanRunRecord.order(Column("id")).fetchOne(db) }
    }
}
