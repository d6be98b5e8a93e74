import Foundation
import GRDB
import Library

/// Live Photo, raw and sidecar links, worked out over the whole index and written where they changed.
extension IndexWriter {
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
