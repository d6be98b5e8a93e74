import FileSystem
import Foundation
import Game
import GRDB

/// What the trash holds according to the index, and its restores and purges.
extension LibraryDatabase {
    /// Files now in the trash (moved, not restored, not purged), oldest first.
    public func filesInTrash() throws -> [TrashedRecord] {
        try read { db in
            try TrashedRecord.filter(Column("state") == "done" && Column("restoredAt") == nil && Column("purgedAt") == nil)
                .order(Column("id")).fetchAll(db)
        }
    }

    /// Every name in the trash a move of ours ever claimed (in the trash, restored or purged).
    public func trashNames() throws -> [Data] {
        try read { db in try Data.fetchAll(db, sql: "SELECT DISTINCT trashName FROM trashed WHERE trashName IS NOT NULL") }
    }

    public func trashedFiles(ids: [Int64]) throws -> [TrashedRecord] {
        try read { db in try TrashedRecord.filter(keys: ids).order(Column("id")).fetchAll(db) }
    }

    /// Records that `file` is back at `path`, and (if its deletion was credited) takes its bytes and,
    /// for a card's own file, the photo back out of the stats; XP stays. One transaction.
    /// `back` is the restored file's `lstat`: when it is the indexed file at its indexed path (a
    /// rename keeps size, mtime and inode), the index learns its new change time, so the file
    /// can be dealt again without a rescan.
    public func markRestored(_ file: TrashedRecord, to path: RawPath, at now: Date, back: FileStatus? = nil, calendar: Calendar? = nil,
                             newPlayer: @autoclosure () -> Profile) throws {
        try write { db in
            if let back {
                try db.execute(sql: "UPDATE item SET ctimeNs = ? WHERE path = ? AND size = ? AND mtimeNs = ? AND inode = ?",
                               arguments: [back.ctimeNanoseconds, Data(path.bytes), back.size, back.mtimeNanoseconds,
                                           Int64(bitPattern: back.inode)])
            }
            guard var current = try TrashedRecord.fetchOne(db, key: file.id), current.restoredAt == nil else { return }
            current.restoredAt = now
            current.restoredTo = Data(path.bytes)
            current.leaving = nil
            current.leavingTo = nil
            try current.update(db)
            try KeptWholeGroup.markRestored(item: current.item, at: now, db)
            guard current.credited else { return }
            var profile = try Self.storedProfile(db) ?? newPlayer()
            profile = profile.applyingRestore(files: current.part == 0 ? 1 : 0, bytes: Int(current.size),
                                              deletedOn: calendar.map { Day(current.deletedAt, in: $0) }, calendar: calendar)
            try Self.save(profile, at: now, db)
        }
    }

    /// Journals a restore of `id` to `target` (or an empty of `ids`) before any file changes: one
    /// durable transaction, so a crash part-way is finished or undone by the next start.
    public func beginLeaving(_ ids: [Int64], _ leaving: TrashedRecord.Leaving, to target: RawPath? = nil) throws {
        guard !ids.isEmpty else { return }
        try write { db in
            for chunk in ids.chunked(500) {
                try db.execute(sql: "UPDATE trashed SET leaving = ?, leavingTo = ? WHERE id IN (\(chunk.map(String.init).joined(separator: ",")))",
                               arguments: [leaving.rawValue, target.map { Data($0.bytes) }])
            }
        }
    }

    /// Forgets a restore or empty that changed nothing (refused, or undone by recovery): the entries stay in the trash.
    public func endLeaving(_ ids: [Int64]) throws {
        guard !ids.isEmpty else { return }
        try write { db in try Self.endLeaving(ids, db) }
    }

    private static func endLeaving(_ ids: [Int64], _ db: Database) throws {
        for chunk in ids.chunked(500) {
            try db.execute(sql: "UPDATE trashed SET leaving = NULL, leavingTo = NULL WHERE id IN (\(chunk.map(String.init).joined(separator: ",")))")
        }
    }

    /// Entries a restore or an empty was working on when it stopped, oldest first.
    public func leavingFiles() throws -> [TrashedRecord] {
        try read { db in try TrashedRecord.filter(Column("leaving") != nil).order(Column("id")).fetchAll(db) }
    }

    /// Records the end of a `trash empty` in one transaction: what it deleted, what was already
    /// gone (removed outside clean), and what it left in the trash (refused or failed).
    public func recordEmpty(purged: [Int64], outside: [Int64], left: [Int64], at now: Date) throws {
        try write { db in
            try Self.markPurged(purged, at: now, reason: .empty, db)
            try Self.markPurged(outside, at: now, reason: .outside, db)
            try Self.endLeaving(left, db)
        }
    }

    /// Records that these files were deleted for good, and by what.
    public func markPurged(_ ids: [Int64], at now: Date, reason: TrashedRecord.PurgeReason) throws {
        try write { db in try Self.markPurged(ids, at: now, reason: reason, db) }
    }

    private static func markPurged(_ ids: [Int64], at now: Date, reason: TrashedRecord.PurgeReason, _ db: Database) throws {
        for chunk in ids.chunked(500) {
            try db.execute(sql: "UPDATE trashed SET purgedAt = ?, purgeReason = ?, leaving = NULL, leavingTo = NULL WHERE id IN (\(chunk.map(String.init).joined(separator: ",")))",
                           arguments: [now, reason.rawValue])
        }
    }
}

/// How much of the free tier's daily allowance has been used.
public struct DailyUsage: Sendable, Equatable {
    public var swipeSeconds: Double = 0
    public var undos = 0
}

extension LibraryDatabase {
    public func usage(on day: Day) throws -> DailyUsage {
        try read { db in
            guard let row = try Row.fetchOne(db, sql: "SELECT swipeSeconds, undos FROM usage WHERE day = ?", arguments: [day.description]) else {
                return DailyUsage()
            }
            return DailyUsage(swipeSeconds: row[0], undos: row[1])
        }
    }

    public func addUsage(on day: Day, seconds: Double, undos: Int) throws {
        try write { db in
            try db.execute(sql: """
                INSERT INTO usage (day, swipeSeconds, undos) VALUES (?, ?, ?)
                ON CONFLICT(day) DO UPDATE SET swipeSeconds = swipeSeconds + excluded.swipeSeconds, undos = undos + excluded.undos
                """, arguments: [day.description, seconds, undos])
        }
    }
}
