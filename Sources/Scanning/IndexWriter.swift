import FileSystem
import Foundation
import GRDB
import Library

/// The writes that follow reading: stored hashes, duplicate groups (links between files: IndexWriter+Links).
enum IndexWriter {
    /// The columns read from the file itself, written by `store(_:)`; the partial and full hashes and
    /// the fingerprint of a file small enough to be read whole (nil and not fingerprinted for the
    /// others: hashed later if their size is shared, fingerprinted later if they are photos).
    static let columns = ["path", "size", "mtimeNs", "inode", "device", "mime", "kind", "capturedAt", "capturedEpoch",
                          "dateSource", "width", "height", "cameraMake", "cameraModel", "screenshotEvidence", "ctimeNs",
                          "partialHash", "contentHash", "perceptualHash", "sharpness", "fingerprinted", "store",
                          "centreHash", "detail", "badShot", "shotFocus", "shotDark", "shotBright", "shotMedian", "shotHighlight",
                          "shotFaintFocus", "shotAnisotropy", "shotTextured", "shotSmear", "shotFineSmear", "jpegQuality", "hasLocation",
                          "fineDetail", "fineDetailDecode", "fineDetailSide", "shotBrightest", "shotLights"]
    /// The columns derived later in a scan (groups, links), cleared when a file changes.
    static let derivedColumns = ["duplicateGroup", "linkedTo", "linkKind", "similarGroup", "storeName", "shotSofterThan", "shotAsCopyOf"]

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
                row.add(record.store); row.add(record.centreHash); row.add(record.detail)
                row.add(record.badShot?.rawValue); row.add(record.shotFocus); row.add(record.shotDark); row.add(record.shotBright)
                row.add(record.shotMedian); row.add(record.shotHighlight); row.add(record.shotFaintFocus); row.add(record.shotAnisotropy)
                row.add(record.shotTextured); row.add(record.shotSmear); row.add(record.shotFineSmear)
                row.add(record.jpegQuality)
                row.add(record.hasLocation.map { $0 ? 1 : 0 } as Int?)
                row.add(record.fineDetail); row.add(record.fineDetailDecode); row.add(record.fineDetailSide)
                row.add(record.shotBrightest); row.add(record.shotLights)
                if let id = record.id { row.add(id) }
            }
            // A new row has no thumbnail yet (a deleted row's went with it: migration v17's trigger).
            if record.thumbnail != nil || record.id != nil { try storeThumbnail(record.thumbnail, of: record.id ?? db.lastInsertedRowID, db) }
        }
        // A rewritten row keeps its path, so only the new ones can bring a folder.
        try FolderIndex.record(foldersOf: records.lazy.filter { $0.id == nil }.map(\.path), db)
    }

    /// Keeps a photo's thumbnail (`ItemRecord.thumbnail`) in `photoThumbnail`, or forgets the one it had.
    /// A new thumbnail's turned hashes are worked out again from it (`SimilarFinder.fillTurns`).
    static func storeThumbnail(_ pixels: Data?, of item: Int64, _ db: Database) throws {
        try db.cachedStatement(sql: "DELETE FROM photoTurns WHERE item = ?").execute(arguments: [item])
        if let pixels {
            try db.cachedStatement(sql: "INSERT OR REPLACE INTO photoThumbnail (item, pixels) VALUES (?, ?)").execute(arguments: [item, pixels])
        } else {
            try db.cachedStatement(sql: "DELETE FROM photoThumbnail WHERE item = ?").execute(arguments: [item])
        }
    }

    static func store(hashes: [Int64: (partial: String?, content: String?)], _ db: Database) throws {
        let statement = try db.cachedStatement(sql: "UPDATE item SET partialHash = ?, contentHash = ? WHERE id = ?")
        for (id, hash) in hashes {
            try statement.run { row in row.add(hash.partial); row.add(hash.content); row.add(id) }
        }
    }

    /// Creates (or empties) the temporary tables the groups found batch by batch wait in, and the one
    /// their members wait in by id while they are put in place. None has a key: a content and an item
    /// are in one group by construction (a batch holds whole sizes), and a key made every insert land
    /// in a random page of a temporary B-tree spilled to disk (1.8 s for the 300,000 rows of a million
    /// files' groups, 0.5 s as appends).
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

    /// Whether `item` would be an extra copy as a member of the group whose id is `group` (an SQL expression):
    /// the rule of the triggers of migration v8, which keep their own frozen copy.
    static func extraCopy(inGroup group: String) -> String {
        """
        EXISTS (SELECT 1 FROM duplicateGroup g JOIN item k ON k.id = g.keptItem
                WHERE g.id = \(group) AND k.id != item.id AND NOT (k.inode = item.inode AND k.device = item.device))
        """
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
        let extraCopy = Self.extraCopy(inGroup: "wanted.groupId")
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
}
