import Foundation
import GRDB

/// The move journal's storage: each file's state, written durably before the next step.
extension LibraryDatabase {
    /// Records every file of a confirmed round as planned, before the first one moves.
    public func beginMoves(_ files: [TrashedRecord]) throws {
        try write { db in
            for var file in files {
                // A retried batch (after a crash before any move) finds its rows already there.
                if try TrashedRecord.filter(Column("round") == file.round && Column("item") == file.item && Column("part") == file.part).fetchCount(db) > 0 {
                    continue
                }
                try file.insert(db)
            }
        }
    }

    /// Advances one file's state (and the trash name it claimed) in its own durable transaction.
    /// `trashInode` is the inode of the entry in `files/` once done (kept when nil); `trashRoot` the
    /// other volume's trash folder the name is claimed in (nil for the configured trash).
    public func recordMove(round: Int64, item: Int64, part: Int, state: String, trashName: [UInt8]?, deletionDate: String?,
                           trashInode: Int64? = nil, trashCtimeNs: Int64? = nil, trashRoot: [UInt8]? = nil) throws {
        try write { db in
            try db.execute(sql: """
                UPDATE trashed SET state = ?, trashName = ?, deletionDate = ?, trashInode = COALESCE(?, trashInode),
                    trashCtimeNs = COALESCE(?, trashCtimeNs), trashRoot = ?
                WHERE round = ? AND item = ? AND part = ?
                """, arguments: [state, trashName.map { Data($0) }, deletionDate, trashInode, trashCtimeNs, trashRoot.map { Data($0) },
                                 round, item, part])
        }
    }

    /// Files whose move has not finished (neither done nor rolled back), oldest first.
    public func unfinishedMoves() throws -> [TrashedRecord] {
        try read { db in
            try TrashedRecord.filter(!["done", "rolledBack"].contains(Column("state"))).order(Column("id")).fetchAll(db)
        }
    }

    public func moves(of round: Int64) throws -> [TrashedRecord] {
        try read { db in try TrashedRecord.filter(Column("round") == round).order(Column("id")).fetchAll(db) }
    }
}

extension LibraryDatabase {
    /// True when a crash left a move, a restore or an empty unfinished, or a confirmed round uncredited.
    public func hasInterruptedWork() throws -> Bool {
        try read { db in
            try Bool.fetchOne(db, sql: """
                SELECT EXISTS (SELECT 1 FROM trashed WHERE state NOT IN ('done', 'rolledBack'))
                    OR EXISTS (SELECT 1 FROM round WHERE status = 'moving')
                    OR EXISTS (SELECT 1 FROM trashed WHERE leaving IS NOT NULL)
                """) ?? false
        }
    }
}
