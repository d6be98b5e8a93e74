import FileSystem
import Foundation
import GRDB

/// Compares each walked folder with the index rows of that folder, as the walk goes: what is new
/// or changed is queued in a temporary table (`temp.scanQueue`, on the writer's connection) to be
/// read, what is gone is deleted. Only one folder's rows are in memory at a time.
///
/// A folder's rows are the paths in [`folder/`, `folder0`) without a further slash: the rows of
/// a subdirectory the walk goes into are skipped with one new query from past its range; those
/// of any other subdirectory (deleted, skipped by name, excluded, on another file system) are gone.
enum IndexComparison {
    struct Counts {
        var unchanged = 0
        var queued = 0
        var removed = 0
    }

    /// A queued file: its place in the queue, what the walk saw, and its index row if it had one.
    struct Queued: Sendable {
        let seq: Int64
        let entry: TreeWalker.Entry
        let known: Int64?
    }

    /// Creates (or empties) the queue on the writer's connection.
    static func prepare(_ db: Database) throws {
        try db.execute(sql: """
            CREATE TEMP TABLE IF NOT EXISTS scanQueue (
                seq INTEGER PRIMARY KEY, path BLOB NOT NULL, known INTEGER, size INTEGER NOT NULL,
                mtimeNs INTEGER NOT NULL, inode INTEGER NOT NULL, device INTEGER NOT NULL, ctimeNs INTEGER NOT NULL,
                linkCount INTEGER NOT NULL, permissions INTEGER NOT NULL, owner INTEGER NOT NULL,
                folderHasJSON INTEGER NOT NULL);
            DELETE FROM temp.scanQueue;
            """)
    }

    /// Compares `folder` with its index rows: queues what is new or changed, deletes what is gone.
    static func compare(_ folder: TreeWalker.Folder, _ db: Database, counts: inout Counts) throws {
        let range = PathPrefix(folder.path)
        let queue = try db.cachedStatement(sql: """
            INSERT INTO temp.scanQueue (path, known, size, mtimeNs, inode, device, ctimeNs, linkCount, permissions, owner, folderHasJSON)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """)
        let hasJSON = folder.hasJSON
        let rows = try db.cachedStatement(sql: """
            SELECT id, path, size, mtimeNs, inode, ctimeNs FROM item WHERE path >= ? AND path < ? ORDER BY path
            """)
        // Each queued path is put together in one buffer, reused from file to file.
        var path = range.lower
        func enqueue(_ file: (name: [UInt8], status: FileStatus), known: Int64?) throws {
            let s = file.status
            path.removeSubrange(range.lower.count...)
            path.append(contentsOf: file.name)
            try queue.run { row in
                row.add(path); row.add(known); row.add(s.size); row.add(s.mtimeNanoseconds); row.add(Int64(bitPattern: s.inode))
                row.add(Int64(bitPattern: s.device)); row.add(s.ctimeNanoseconds); row.add(Int64(bitPattern: s.linkCount))
                row.add(Int64(s.permissions)); row.add(Int64(s.owner)); row.add(hasJSON)
            }
            counts.queued += 1
        }
        var gone: [Int64] = []
        var goneRanges: [PathPrefix] = []
        var next = 0  // the first of folder.files not yet matched with a row
        var from = range.lower
        scan: while true {
            let cursor = try Row.fetchCursor(rows, arguments: [from, range.upper])
            while let row = try cursor.next() {
                let path: Data = row[1]
                let name = path.dropFirst(range.lower.count)
                if let slash = name.firstIndex(of: UInt8(ascii: "/")) {
                    // A row below a subdirectory: skip that subdirectory's range, dropping it if not walked.
                    let subdirectory = PathPrefix(RawPath(bytes: Array(path[..<slash])))
                    if !folder.subdirectories.contains(Array(name[..<slash])) { goneRanges.append(subdirectory) }
                    from = subdirectory.upper
                    continue scan
                }
                while next < folder.files.count && folder.files[next].name.lexicographicallyPrecedes(name) {
                    try enqueue(folder.files[next], known: nil)
                    next += 1
                }
                let id: Int64 = row[0]
                if next < folder.files.count && folder.files[next].name.elementsEqual(name) {
                    // Same size, mtime, inode and change time: not changed since it was read. A row
                    // without a change time (indexed before v5-trash) is read once more to get one.
                    let status = folder.files[next].status
                    let size: Int64 = row[2], mtime: Int64 = row[3], inode: Int64 = row[4], ctime: Int64? = row[5]
                    if size == status.size && mtime == status.mtimeNanoseconds && inode == Int64(bitPattern: status.inode)
                        && ctime == status.ctimeNanoseconds {
                        counts.unchanged += 1
                    } else {
                        try enqueue(folder.files[next], known: id)
                    }
                    next += 1
                } else {
                    gone.append(id)
                }
            }
            break
        }
        for file in folder.files[next...] { try enqueue(file, known: nil) }
        let delete = try db.cachedStatement(sql: "DELETE FROM item WHERE id = ?")
        for id in gone { try delete.execute(arguments: [id]) }
        counts.removed += gone.count
        for range in goneRanges {
            try db.execute(sql: "DELETE FROM item WHERE path >= ? AND path < ?", arguments: [range.lower, range.upper])
            counts.removed += db.changesCount
        }
    }

    /// How many files wait in the queue.
    static func count(_ db: Database) throws -> Int {
        try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM temp.scanQueue") ?? 0
    }

    /// The next `limit` queued files after `seq`, in walk order.
    static func next(after seq: Int64, limit: Int, _ db: Database) throws -> [Queued] {
        let rows = try Row.fetchCursor(db, sql: """
            SELECT seq, path, known, size, mtimeNs, inode, device, ctimeNs, linkCount, permissions, owner, folderHasJSON FROM temp.scanQueue
            WHERE seq > ? ORDER BY seq LIMIT ?
            """, arguments: [seq, limit])
        var queued: [Queued] = []
        while let row = try rows.next() {
            let path = try row.withUnsafeData(atIndex: 1) { Array($0 ?? Data()) }   // one copy, not two
            let status = FileStatus(kind: .regular, size: row[3], mtimeNanoseconds: row[4], inode: UInt64(bitPattern: row[5]),
                                    device: UInt64(bitPattern: row[6]), linkCount: UInt64(bitPattern: row[8]),
                                    permissions: UInt32(truncatingIfNeeded: row[9] as Int64), ctimeNanoseconds: row[7],
                                    owner: UInt32(truncatingIfNeeded: row[10] as Int64))
            queued.append(Queued(seq: row[0], entry: TreeWalker.Entry(path: RawPath(bytes: path), status: status, folderHasJSON: row[11]),
                                 known: row[2]))
        }
        return queued
    }

    /// Empties the queue once read.
    static func finish(_ db: Database) throws {
        try db.execute(sql: "DELETE FROM temp.scanQueue")
    }
}
