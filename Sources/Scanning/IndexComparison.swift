import FileSystem
import Foundation
import GRDB
import Library

/// Compares each walked folder with the index rows of that folder, as the walk goes: what is new
/// or changed is queued in a temporary table (`temp.scanQueue`, on the writer's connection, a few
/// hundred files of a folder per row: `PackedFiles`) to be read, what is gone is deleted. Only one
/// folder's rows are in memory at a time.
///
/// A folder's rows are the paths in [`folder/`, `folder0`) without a further slash: the rows of
/// a subdirectory the walk goes into are skipped with one new query from past its range; those
/// of any other subdirectory (deleted, skipped by name, excluded, on another file system) are gone.
enum IndexComparison {
    struct Counts {
        var unchanged = 0
        var queued = 0
        var removed = 0
        /// Of those, files clean itself moved to the trash (still there): gone by the player's choice, not lost.
        var removedToTrash = 0
        /// Unchanged files that came into a store another program owns, or left one.
        var storeChanged = 0
    }

    /// A queued file: the queue row it came in, what the walk saw, and its index row if it had one.
    struct Queued: Sendable {
        let seq: Int64
        let entry: TreeWalker.Entry
        let known: Int64?
    }

    /// Creates (or empties) the queue on the writer's connection: a row per few hundred files of one
    /// folder (`folder` holds its path and a slash, `packed` the files: `PackedFiles`).
    static func prepare(_ db: Database) throws {
        try db.execute(sql: """
            CREATE TEMP TABLE IF NOT EXISTS scanQueue (
                seq INTEGER PRIMARY KEY, folder BLOB NOT NULL, folderHasJSON INTEGER NOT NULL,
                files INTEGER NOT NULL, packed BLOB NOT NULL, store INTEGER, unread INTEGER NOT NULL DEFAULT 0);
            DELETE FROM temp.scanQueue;
            """)
    }

    /// Compares `folder` with its index rows: queues what is new or changed, deletes what is gone,
    /// and puts each unchanged file in the store it now lies in (`StoreRecognizer`), or in none.
    static func compare(_ folder: TreeWalker.Folder, _ db: Database, counts: inout Counts) throws {
        let range = PathPrefix(folder.path)
        let queue = try db.cachedStatement(sql: """
            INSERT INTO temp.scanQueue (folder, folderHasJSON, files, packed, store, unread) VALUES (?, ?, ?, ?, ?, ?)
            """)
        let hasJSON = folder.hasJSON
        let rows = try db.cachedStatement(sql: """
            SELECT id, path, size, mtimeNs, inode, ctimeNs, store FROM item WHERE path >= ? AND path < ? ORDER BY path
            """)
        var stores = StoreIDs(folder: folder)
        var packed = PackedFiles()
        var packedStore: (id: Int64, kind: StoreKind)?
        func flush() throws {
            guard packed.count > 0 else { return }
            try queue.run { row in
                row.add(range.lower); row.add(hasJSON); row.add(packed.count); row.add(bytes: packed.bytes); row.add(packedStore?.id)
                row.add(packedStore?.kind.leftUnread ?? false)
            }
            counts.queued += packed.count
            packed.removeAll()
        }
        func enqueue(_ file: (name: [UInt8], status: FileStatus), known: Int64?) throws {
            // A queue row's files share one store: a file of another store starts a row.
            let store = try stores.id(of: file.name, db)
            if store?.id != packedStore?.id { try flush(); packedStore = store }
            packed.append(name: file.name, status: file.status, known: known)
            if packed.count >= PackedFiles.perRow { try flush() }
        }
        var gone: [Int64] = []
        var moved: [(id: Int64, store: Int64?)] = []
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
                        let store = try stores.id(of: folder.files[next].name, db)?.id
                        if store != row[6] { moved.append((id, store)) }
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
        try flush()
        try StoreIDs.move(moved, db)
        counts.storeChanged += moved.count
        counts.removedToTrash += try Self.inTrash(gone, db)
        let delete = try db.cachedStatement(sql: "DELETE FROM item WHERE id = ?")
        for id in gone { try delete.execute(arguments: [id]) }
        counts.removed += gone.count
        for range in goneRanges {
            counts.removedToTrash += try Int.fetchOne(db, sql: """
                SELECT COUNT(*) FROM item WHERE path >= ? AND path < ?
                  AND path IN (SELECT originalPath FROM trashed WHERE state = 'done' AND restoredAt IS NULL)
                """, arguments: [range.lower, range.upper]) ?? 0
            try db.execute(sql: "DELETE FROM item WHERE path >= ? AND path < ?", arguments: [range.lower, range.upper])
            counts.removed += db.changesCount
        }
    }

    /// The queued files of the rows after `seq`, in walk order: whole rows, until `limit` files or more.
    static func next(after seq: Int64, limit: Int, _ db: Database) throws -> [Queued] {
        let rows = try Row.fetchCursor(db, sql: """
            SELECT seq, folder, folderHasJSON, packed, store, unread FROM temp.scanQueue WHERE seq > ? ORDER BY seq
            """, arguments: [seq])
        var queued: [Queued] = []
        while queued.count < limit, let row = try rows.next() {
            let seq: Int64 = row[0], hasJSON: Bool = row[2], store: Int64? = row[4], unread: Bool = row[5]
            let folder = try row.withUnsafeData(atIndex: 1) { Array($0 ?? Data()) }
            let whole = try row.withUnsafeData(atIndex: 3) { data in
                (data ?? Data()).withUnsafeBytes { packed in
                    PackedFiles.unpack(packed, below: folder) { path, status, known in
                        queued.append(Queued(seq: seq, entry: TreeWalker.Entry(path: path, status: status, folderHasJSON: hasJSON, store: store,
                                                                              unread: unread),
                                             known: known))
                    }
                }
            }
            guard whole else { throw DatabaseError(resultCode: .SQLITE_CORRUPT, message: "a damaged entry in the scan's queue") }
        }
        return queued
    }

    /// Empties the queue once read.
    static func finish(_ db: Database) throws {
        try db.execute(sql: "DELETE FROM temp.scanQueue")
    }

    /// How many of the index rows `ids` are files clean moved to the trash (their path a trashed file's, not restored).
    static func inTrash(_ ids: [Int64], _ db: Database) throws -> Int {
        guard !ids.isEmpty else { return 0 }
        var count = 0
        for chunk in stride(from: 0, to: ids.count, by: 500).map({ ids[$0..<min(ids.count, $0 + 500)] }) {
            count += try Int.fetchOne(db, sql: """
                SELECT COUNT(*) FROM item WHERE id IN (\(chunk.map(String.init).joined(separator: ",")))
                  AND path IN (SELECT originalPath FROM trashed WHERE state = 'done' AND restoredAt IS NULL)
                """) ?? 0
        }
        return count
    }
}
