import FileSystem
import Foundation
import GRDB

/// The writes that follow reading: stored hashes, duplicate groups, links between files.
enum IndexWriter {
    /// The columns read from the file itself, written by `store(_:)`.
    static let columns = ["path", "size", "mtimeNs", "inode", "device", "mime", "kind", "capturedAt", "capturedEpoch",
                          "dateSource", "width", "height", "cameraMake", "cameraModel", "screenshotEvidence", "ctimeNs"]
    /// The columns derived later in a scan (hashes, groups, links, fingerprints), cleared when a file changes.
    static let derivedColumns = ["partialHash", "contentHash", "duplicateGroup", "linkedTo", "linkKind",
                                 "perceptualHash", "sharpness", "similarGroup"]

    /// Inserts new items and rewrites changed ones (clearing their hashes, group and link), with
    /// one prepared statement each: Codable records cost more than the rest of a scan's indexing.
    static func store(_ records: [ItemRecord], _ db: Database) throws {
        let insert = try db.cachedStatement(sql: "INSERT INTO item (\(columns.joined(separator: ", "))) VALUES (\(columns.map { _ in "?" }.joined(separator: ", ")))")
        let cleared = derivedColumns.map { "\($0) = NULL" } + ["fingerprinted = 0"]
        let update = try db.cachedStatement(sql: "UPDATE item SET \((columns.map { "\($0) = ?" } + cleared).joined(separator: ", ")) WHERE id = ?")
        for record in records {
            var values: [(any DatabaseValueConvertible)?] = [
                record.path, record.size, record.mtimeNs, record.inode, record.device, record.mime, record.kind.rawValue,
                record.capturedAt, record.capturedEpoch, record.dateSource.rawValue, record.width, record.height,
                record.cameraMake, record.cameraModel, record.screenshotEvidence, record.ctimeNs,
            ]
            if let id = record.id {
                values.append(id)
                try update.execute(arguments: StatementArguments(values))
            } else {
                try insert.execute(arguments: StatementArguments(values))
            }
        }
    }

    static func store(hashes: [Int64: (partial: String?, content: String?)], _ db: Database) throws {
        let statement = try db.cachedStatement(sql: "UPDATE item SET partialHash = ?, contentHash = ? WHERE id = ?")
        for (id, hash) in hashes {
            try statement.execute(arguments: [hash.partial, hash.content, id])
        }
    }

    /// Creates (or empties) the temporary tables the groups found batch by batch wait in.
    static func prepareGroups(_ db: Database) throws {
        try db.execute(sql: """
            CREATE TEMP TABLE IF NOT EXISTS foundGroup (
                contentHash TEXT PRIMARY KEY, size INTEGER NOT NULL, keptItem INTEGER NOT NULL,
                files INTEGER NOT NULL, reclaimableBytes INTEGER NOT NULL);
            CREATE TEMP TABLE IF NOT EXISTS foundGroupMember (item INTEGER PRIMARY KEY, contentHash TEXT NOT NULL);
            DELETE FROM temp.foundGroup;
            DELETE FROM temp.foundGroupMember;
            """)
    }

    /// Adds one batch of groups to those waiting.
    static func queue(_ groups: [DuplicateFinder.Group], _ db: Database) throws {
        let group = try db.cachedStatement(sql: "INSERT INTO temp.foundGroup VALUES (?, ?, ?, ?, ?)")
        let member = try db.cachedStatement(sql: "INSERT INTO temp.foundGroupMember VALUES (?, ?)")
        for found in groups {
            try group.execute(arguments: [found.contentHash, found.size, found.kept, found.members.count, found.reclaimableBytes])
            for item in found.members { try member.execute(arguments: [item.id, found.contentHash]) }
        }
    }

    /// Makes `duplicateGroup` hold exactly the waiting groups, keeping the id of a group whose
    /// content was already grouped, and points each member item at its group; all in SQL, so no
    /// group is held in memory. Only rows whose group changes are written.
    static func replaceGroups(_ db: Database) throws {
        try db.execute(sql: """
            INSERT INTO duplicateGroup (contentHash, size, keptItem, files, reclaimableBytes)
            SELECT contentHash, size, keptItem, files, reclaimableBytes FROM temp.foundGroup WHERE true
            ON CONFLICT (contentHash) DO UPDATE SET size = excluded.size, keptItem = excluded.keptItem,
                files = excluded.files, reclaimableBytes = excluded.reclaimableBytes;
            WITH wanted (item, groupId) AS (
                SELECT m.item, g.id FROM temp.foundGroupMember m JOIN duplicateGroup g ON g.contentHash = m.contentHash
                UNION ALL
                SELECT id, NULL FROM item
                WHERE duplicateGroup IS NOT NULL AND id NOT IN (SELECT item FROM temp.foundGroupMember))
            UPDATE item SET duplicateGroup = wanted.groupId FROM wanted
            WHERE item.id = wanted.item AND item.duplicateGroup IS NOT wanted.groupId;
            DELETE FROM duplicateGroup WHERE contentHash NOT IN (SELECT contentHash FROM temp.foundGroup);
            DELETE FROM temp.foundGroup;
            DELETE FROM temp.foundGroupMember;
            """)
    }

    /// Recomputes Live Photo, raw and sidecar links over the whole index and writes what changed.
    /// Only files that can belong to another (videos, other files, raw files, which libmagic may
    /// call photos) and the photos and videos of their folders are read, not the whole index.
    static func relink(_ db: Database) throws {
        var files: [LinkFinder.File] = []
        var listed = Set<Int64>()
        var folders = Set<Data>()
        let rawExtensions = LinkFinder.rawExtensions.map { "'.\(String(decoding: $0, as: UTF8.self))'" }.joined(separator: ",")
        let dependents = try Row.fetchCursor(db, sql: """
            SELECT id, path, kind FROM item
            WHERE kind != 'photo' OR lower(CAST(substr(path, -4) AS TEXT)) IN (\(rawExtensions))
            """)
        while let row = try dependents.next() {
            let path: Data = row[1]
            files.append(LinkFinder.File(id: row[0], path: path, kind: row[2]))
            listed.insert(row[0])
            folders.insert(path[path.startIndex..<(path.lastIndex(of: UInt8(ascii: "/")) ?? path.startIndex)])
        }
        for chunk in Array(folders).chunked(200) {
            let ranges = chunk.map { folder in PathPrefix(RawPath(bytes: Array(folder))) }
            let sql = "SELECT id, path, kind FROM item WHERE kind = 'photo' AND ("
                + ranges.map { _ in "(+path >= ? AND +path < ?)" }.joined(separator: " OR ") + ")"
            let photos = try Row.fetchCursor(db, sql: sql, arguments: StatementArguments(ranges.flatMap { [$0.lower, $0.upper] }))
            while let row = try photos.next() {
                if !listed.contains(row[0]) { files.append(LinkFinder.File(id: row[0], path: row[1], kind: row[2])) }
            }
        }
        var current: [Int64: (Int64?, String?)] = [:]
        for row in try Row.fetchAll(db, sql: "SELECT id, linkedTo, linkKind FROM item WHERE linkedTo IS NOT NULL") {
            current[row[0]] = (row[1], row[2])
        }
        var wanted: [Int64: (Int64?, String?)] = [:]
        for link in LinkFinder.links(files) { wanted[link.item] = (link.owner, link.kind.rawValue) }
        let update = try db.cachedStatement(sql: "UPDATE item SET linkedTo = ?, linkKind = ? WHERE id = ?")
        for id in Set(current.keys).union(wanted.keys) {
            let target = wanted[id] ?? (nil, nil)
            let now = current[id] ?? (nil, nil)
            if target.0 != now.0 || target.1 != now.1 { try update.execute(arguments: [target.0, target.1, id]) }
        }
    }
}
