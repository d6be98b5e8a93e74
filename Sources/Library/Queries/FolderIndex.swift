import FileSystem
import Foundation
import GRDB

/// The folders that hold indexed files (table `folder`, migration v9), so that a weekly boss's folder
/// names ("Backup", "WhatsApp/Media") become ranges of the path index instead of a search through
/// every path: at a million files, counting the Backup Hydra's cards read every path (0.7 s).
///
/// `IndexWriter.store`, the one writer of new items, records each new item's folder in the same
/// transaction, so the table holds at least every folder with a file in the index. A scan that
/// removed files forgets the folders left with no file in their range (`prune`).
package enum FolderIndex {
    /// The folder part of a path: everything before its last slash (empty for a path without one).
    static func folder(of path: Data) -> Data {
        guard let slash = path.lastIndex(of: UInt8(ascii: "/")) else { return Data() }
        return Data(path[path.startIndex..<slash])
    }

    /// Records the folders that hold `paths`.
    package static func record(foldersOf paths: some Sequence<Data>, _ db: Database) throws {
        try record(folders: Set(paths.map(folder(of:))), db)
    }

    /// Every folder of the items already in the index (migration v9), read in one pass.
    static func recordAll(_ db: Database) throws {
        let paths = try Data.fetchCursor(db, sql: "SELECT path FROM item")
        var folders: Set<Data> = []
        while let path = try paths.next() { folders.insert(folder(of: path)) }
        try record(folders: folders, db)
    }

    private static func record(folders: Set<Data>, _ db: Database) throws {
        let insert = try db.cachedStatement(sql: "INSERT OR IGNORE INTO folder (path) VALUES (?)")
        for folder in folders { try insert.execute(arguments: [folder]) }
    }

    /// Forgets the folders whose range (the folder and everything below it) holds no indexed file,
    /// so the table does not keep every folder ever emptied or renamed: one look into the path
    /// index per folder. A folder holding only subfolders' files stays (it is in their range).
    package static func prune(_ db: Database) throws {
        let folders = try Data.fetchAll(db, sql: "SELECT path FROM folder")
        let probe = try db.cachedStatement(sql: "SELECT 1 FROM item WHERE path >= ? AND path < ? LIMIT 1")
        let forget = try db.cachedStatement(sql: "DELETE FROM folder WHERE path = ?")
        for folder in folders {
            let range = PathPrefix(RawPath(bytes: Array(folder)))
            if try Row.fetchOne(probe, arguments: [range.lower, range.upper]) == nil { try forget.execute(arguments: [folder]) }
        }
    }

    /// The path prefixes under which a file lies exactly when its path holds "/NAME/" for one of
    /// `names` (each given without leading or trailing slashes): for each recorded folder holding such
    /// a name, its path up to the end of the first "/NAME/", leaving out a prefix that lies inside
    /// another. Sorted; empty when no folder holds one of the names.
    package static func prefixes(_ names: [String], _ db: Database) throws -> [Data] {
        let needles = names.map { Data("/\($0)/".utf8) }
        var found: Set<Data> = []
        let folders = try Data.fetchCursor(db, sql: "SELECT path FROM folder")
        while let folder = try folders.next() {
            let below = folder + [UInt8(ascii: "/")]
            for needle in needles {
                if let match = below.firstRange(of: needle) { found.insert(Data(below[below.startIndex..<match.upperBound])) }
            }
        }
        var kept: [Data] = []
        for prefix in found.sorted(by: { $0.lexicographicallyPrecedes($1) }) where !(kept.last.map { prefix.starts(with: $0) } ?? false) {
            kept.append(prefix)
        }
        return kept
    }

    /// The first path after every path that starts with `prefix` (which ends in a slash): the prefix
    /// with that slash turned into the next byte, "0".
    package static func end(of prefix: Data) -> Data {
        var end = prefix
        end[end.index(before: end.endIndex)] = UInt8(ascii: "0")
        return end
    }
}
