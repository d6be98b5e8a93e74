import FileSystem
import Foundation
import GRDB

/// The writes that follow reading: stored hashes, duplicate groups, links between files.
enum IndexWriter {
    /// The columns read from the file itself, written by `store(_:)`; the partial and full hashes and
    /// the fingerprint of a file small enough to be read whole (nil and not fingerprinted for the
    /// others: hashed later if their size is shared, fingerprinted later if they are photos).
    static let columns = ["path", "size", "mtimeNs", "inode", "device", "mime", "kind", "capturedAt", "capturedEpoch",
                          "dateSource", "width", "height", "cameraMake", "cameraModel", "screenshotEvidence", "ctimeNs",
                          "partialHash", "contentHash", "perceptualHash", "sharpness", "fingerprinted"]
    /// The columns derived later in a scan (groups, links), cleared when a file changes.
    static let derivedColumns = ["duplicateGroup", "linkedTo", "linkKind", "similarGroup"]

    /// Inserts new items and rewrites changed ones (clearing their hashes, group and link), with
    /// one prepared statement each, the values bound directly (`DirectBinding`): Codable records
    /// cost more than the rest of a scan's indexing.
    /// The new items' folders are recorded (`FolderIndex`): this is the one writer of new items.
    /// `OR FAIL`, run through `writeWithoutForeignKeys`: no statement journal (see there).
    static func store(_ records: [ItemRecord], _ db: Database) throws {
        let insert = try db.cachedStatement(sql: "INSERT OR FAIL INTO item (\(columns.joined(separator: ", "))) VALUES (\(columns.map { _ in "?" }.joined(separator: ", ")))")
        let cleared = derivedColumns.map { "\($0) = NULL" }
        let update = try db.cachedStatement(sql: "UPDATE OR FAIL item SET \((columns.map { "\($0) = ?" } + cleared).joined(separator: ", ")) WHERE id = ?")
        for record in records {
            try (record.id == nil ? insert : update).run { row in
                row.add(record.path); row.add(record.size); row.add(record.mtimeNs); row.add(record.inode); row.add(record.device)
                row.add(record.mime); row.add(record.kind.rawValue); row.add(record.capturedAt); row.add(record.capturedEpoch)
                row.add(record.dateSource.rawValue); row.add(record.width); row.add(record.height); row.add(record.cameraMake)
                row.add(record.cameraModel); row.add(record.screenshotEvidence); row.add(record.ctimeNs); row.add(record.partialHash)
                row.add(record.contentHash); row.add(record.perceptualHash); row.add(record.sharpness); row.add(record.fingerprinted)
                if let id = record.id { row.add(id) }
            }
        }
        // A rewritten row keeps its path, so only the new ones can bring a folder.
        try FolderIndex.record(foldersOf: records.lazy.filter { $0.id == nil }.map(\.path), db)
    }

    static func store(hashes: [Int64: (partial: String?, content: String?)], _ db: Database) throws {
        let statement = try db.cachedStatement(sql: "UPDATE item SET partialHash = ?, contentHash = ? WHERE id = ?")
        for (id, hash) in hashes {
            try statement.run { row in row.add(hash.partial); row.add(hash.content); row.add(id) }
        }
    }

    /// Creates (or empties) the temporary tables the groups found batch by batch wait in, and the one
    /// their members wait in by id while they are put in place. None has a key: a content and an item are in one group by construction (a batch holds whole sizes), and
    /// a key made every insert land in a random page of a temporary B-tree spilled to disk (1.8 s for
    /// the 300,000 rows of a million files' groups, 0.5 s as appends).
    static func prepareGroups(_ db: Database) throws {
        try db.execute(sql: """
            CREATE TEMP TABLE IF NOT EXISTS foundGroup (
                contentHash TEXT NOT NULL, size INTEGER NOT NULL, keptItem INTEGER NOT NULL,
                files INTEGER NOT NULL, reclaimableBytes INTEGER NOT NULL);
            CREATE TEMP TABLE IF NOT EXISTS foundGroupMember (item INTEGER NOT NULL, contentHash TEXT NOT NULL);
            CREATE TEMP TABLE IF NOT EXISTS wantedGroup (item INTEGER NOT NULL, groupId INTEGER);
            DELETE FROM temp.foundGroup;
            DELETE FROM temp.foundGroupMember;
            DELETE FROM temp.wantedGroup;
            """)
    }

    /// Adds one batch of groups to those waiting.
    static func queue(_ groups: [DuplicateFinder.Group], _ db: Database) throws {
        let group = try db.cachedStatement(sql: "INSERT INTO temp.foundGroup VALUES (?, ?, ?, ?, ?)")
        let member = try db.cachedStatement(sql: "INSERT INTO temp.foundGroupMember VALUES (?, ?)")
        for found in groups {
            try group.run { row in
                row.add(found.contentHash); row.add(found.size); row.add(found.kept); row.add(found.members.count)
                row.add(found.reclaimableBytes)
            }
            for item in found.members { try member.run { row in row.add(item.id); row.add(found.contentHash) } }
        }
    }

    /// Makes `duplicateGroup` hold exactly the waiting groups, keeping the id of a group whose
    /// content was already grouped, and points each member item at its group; all in SQL, so no
    /// group is held in memory. Only rows whose group or `extraCopy` changes are written, both in one
    /// pass, the triggers that would set `extraCopy` row by row set aside meanwhile (migration v11):
    /// every member of a group is waiting, and a row that leaves every group is no extra copy.
    /// The rows are rewritten in id order (`wantedGroup`, filled sorted): each page of the table is
    /// read and written once, not once per member it holds (2.3 → 1.9 s for 200,000 copies among a
    /// million files). The order is for speed only: any order writes the same rows.
    static func replaceGroups(_ db: Database) throws {
        try db.execute(sql: "INSERT OR REPLACE INTO setting (key, value) VALUES (?, '1')", arguments: [Migrations.extraCopiesInBulkKey])
        let extraCopy = Migrations.extraCopy(inGroup: "wanted.groupId")
        try db.execute(sql: """
            INSERT INTO duplicateGroup (contentHash, size, keptItem, files, reclaimableBytes)
            SELECT contentHash, size, keptItem, files, reclaimableBytes FROM temp.foundGroup WHERE true
            ON CONFLICT (contentHash) DO UPDATE SET size = excluded.size, keptItem = excluded.keptItem,
                files = excluded.files, reclaimableBytes = excluded.reclaimableBytes;
            INSERT INTO temp.wantedGroup (item, groupId)
                SELECT m.item, g.id FROM temp.foundGroupMember m JOIN duplicateGroup g ON g.contentHash = m.contentHash
                UNION ALL
                SELECT id, NULL FROM item INDEXED BY item_on_duplicateGroup
                WHERE duplicateGroup IS NOT NULL AND id NOT IN (SELECT item FROM temp.foundGroupMember)
                ORDER BY 1;
            UPDATE item SET duplicateGroup = wanted.groupId, extraCopy = \(extraCopy)
            FROM temp.wantedGroup AS wanted
            WHERE item.id = wanted.item AND (item.duplicateGroup IS NOT wanted.groupId OR item.extraCopy IS NOT \(extraCopy));
            DELETE FROM duplicateGroup WHERE contentHash NOT IN (SELECT contentHash FROM temp.foundGroup);
            DELETE FROM temp.foundGroup;
            DELETE FROM temp.foundGroupMember;
            DELETE FROM temp.wantedGroup;
            """)
        try db.execute(sql: "DELETE FROM setting WHERE key = ?", arguments: [Migrations.extraCopiesInBulkKey])
    }

    /// Recomputes Live Photo, raw and sidecar links over the whole index and writes what changed.
    static func relink(_ db: Database) throws {
        try write(linkChanges(db), db)
    }

    /// A link to write: the item, the file it now belongs to and how (both nil: it belongs to none).
    struct LinkChange: Equatable, Sendable {
        let item: Int64
        let owner: Int64?
        let kind: String?
    }

    /// Links worked out on a reader's snapshot, to be written later in a write transaction. Links
    /// depend on paths and kinds alone, which a scan's later stages (hashes, duplicate groups) do not
    /// change; another connection might, so the writer's `PRAGMA data_version` is taken before the
    /// snapshot and compared when writing: if another connection committed in between, the links are
    /// worked out again in the write transaction.
    struct PendingLinks: Sendable {
        let version: Int64
        let changes: [LinkChange]
    }

    /// The writer's count of commits made by other connections (`PRAGMA data_version`): taken on the
    /// writer before a reader's snapshot starts.
    static func dataVersion(_ db: Database) throws -> Int64 {
        try Int64.fetchOne(db, sql: "PRAGMA data_version") ?? 0
    }

    /// Writes `pending`, or links afresh when another connection committed since its version.
    static func write(_ pending: PendingLinks, _ db: Database) throws {
        try write(try dataVersion(db) == pending.version ? pending.changes : linkChanges(db), db)
    }

    private static func write(_ changes: [LinkChange], _ db: Database) throws {
        let update = try db.cachedStatement(sql: "UPDATE item SET linkedTo = ?, linkKind = ? WHERE id = ?")
        for change in changes {
            try update.run { row in row.add(change.owner); row.add(change.kind); row.add(change.item) }
        }
    }

    /// The links that differ from the stored ones, by folder in path order. Links never leave a
    /// folder, so the index is read once in path order and linked a folder at a time: in byte order
    /// a folder's files may be interrupted by its subfolders' ranges, never by anything else, so only
    /// the folders on the current path are open, never the whole index.
    static func linkChanges(_ db: Database) throws -> [LinkChange] {
        var changes: [LinkChange] = []
        var open: [FolderLinks] = []
        let rows = try Row.fetchCursor(db, sql: "SELECT id, path, kind, linkedTo, linkKind FROM item ORDER BY path")
        while let row = try rows.next() {
            let path: Data = row[1]
            let folder = path[path.startIndex..<(path.lastIndex(of: UInt8(ascii: "/")) ?? path.startIndex)]
            // Data's == compares with memcmp; elementsEqual and starts(with:) went byte by byte through its iterator.
            while let last = open.last, !(folder == last.folder || (folder.count >= last.below.count && folder.prefix(last.below.count) == last.below)) {
                open.removeLast().changes(into: &changes)
            }
            if open.last.map({ $0.folder != folder }) ?? true { open.append(FolderLinks(folder: Data(folder))) }
            open[open.count - 1].add(LinkFinder.File(id: row[0], path: path, kind: row[2]), linkedTo: row[3], linkKind: row[4])
        }
        while let last = open.popLast() { last.changes(into: &changes) }
        return changes
    }

    /// The files of one folder and their stored links, linked once the folder is complete.
    private struct FolderLinks {
        let folder: Data
        /// The folder and a slash: what the paths below it start with.
        let below: Data
        private var dependents: [LinkFinder.File] = []
        private var others: [LinkFinder.File] = []
        private var current: [Int64: (Int64?, String?)] = [:]

        init(folder: Data) {
            self.folder = folder
            below = folder + [UInt8(ascii: "/")]
        }

        mutating func add(_ file: LinkFinder.File, linkedTo: Int64?, linkKind: String?) {
            if linkedTo != nil || linkKind != nil { current[file.id] = (linkedTo, linkKind) }
            if file.kind != "photo" || LinkFinder.isRaw(file.path) {
                dependents.append(file)
            } else {
                others.append(file)
            }
        }

        /// Adds the links that changed, by item. A folder without a file that can belong to another,
        /// and without a stored link, has nothing to add. Files go to LinkFinder in the order of the
        /// whole-index pass it replaces (files that can belong to another first, each by id).
        func changes(into changes: inout [LinkChange]) {
            guard !dependents.isEmpty || !current.isEmpty else { return }
            var wanted: [Int64: (Int64?, String?)] = [:]
            let files = dependents.sorted { $0.id < $1.id } + others.sorted { $0.id < $1.id }
            for link in LinkFinder.links(files) { wanted[link.item] = (link.owner, link.kind.rawValue) }
            for id in Set(current.keys).union(wanted.keys).sorted() {
                let target = wanted[id] ?? (nil, nil)
                let now = current[id] ?? (nil, nil)
                if target.0 != now.0 || target.1 != now.1 { changes.append(LinkChange(item: id, owner: target.0, kind: target.1)) }
            }
        }
    }
}
