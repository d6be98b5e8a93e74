import Foundation
import GRDB

/// The writes that follow reading: stored hashes, duplicate groups, links between files.
enum IndexWriter {
    static func store(hashes: [Int64: (partial: String?, content: String?)], _ db: Database) throws {
        let statement = try db.cachedStatement(sql: "UPDATE item SET partialHash = ?, contentHash = ? WHERE id = ?")
        for (id, hash) in hashes {
            try statement.execute(arguments: [hash.partial, hash.content, id])
        }
    }

    /// Makes `duplicateGroup` hold exactly `groups`, keeping the id of a group whose content
    /// was already grouped, and points each member item at its group.
    static func replaceGroups(_ groups: [DuplicateFinder.Group], _ db: Database) throws {
        var existing: [String: Int64] = [:]
        for row in try Row.fetchAll(db, sql: "SELECT id, contentHash FROM duplicateGroup") {
            existing[row["contentHash"]] = row["id"]
        }
        try db.execute(sql: "UPDATE item SET duplicateGroup = NULL WHERE duplicateGroup IS NOT NULL")
        let assign = try db.cachedStatement(sql: "UPDATE item SET duplicateGroup = ? WHERE id = ?")
        var current: Set<String> = []
        for group in groups {
            var record = DuplicateGroupRecord(id: existing[group.contentHash], contentHash: group.contentHash, size: group.size,
                                              keptItem: group.kept, files: group.members.count,
                                              reclaimableBytes: group.reclaimableBytes)
            try record.save(db)
            current.insert(group.contentHash)
            for member in group.members { try assign.execute(arguments: [record.id, member.id]) }
        }
        for (hash, id) in existing where !current.contains(hash) {
            try db.execute(sql: "DELETE FROM duplicateGroup WHERE id = ?", arguments: [id])
        }
    }

    /// Recomputes Live Photo and sidecar links over the whole index and writes what changed.
    static func relink(_ db: Database) throws {
        var files: [LinkFinder.File] = []
        var current: [Int64: (Int64?, String?)] = [:]
        for row in try Row.fetchAll(db, sql: "SELECT id, path, kind, linkedTo, linkKind FROM item") {
            files.append(LinkFinder.File(id: row["id"], path: row["path"], kind: row["kind"]))
            current[row["id"]] = (row["linkedTo"], row["linkKind"])
        }
        var wanted: [Int64: (Int64?, String?)] = [:]
        for link in LinkFinder.links(files) { wanted[link.item] = (link.owner, link.kind.rawValue) }
        let update = try db.cachedStatement(sql: "UPDATE item SET linkedTo = ?, linkKind = ? WHERE id = ?")
        for (id, (owner, kind)) in current {
            let target = wanted[id] ?? (nil, nil)
            if target.0 != owner || target.1 != kind { try update.execute(arguments: [target.0, target.1, id]) }
        }
    }
}
