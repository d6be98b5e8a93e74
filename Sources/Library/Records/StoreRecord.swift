import FileSystem
import Foundation
import GRDB

/// One store another program owns, found inside a scanned tree: a row of `store` (migration v14).
/// Its files point at it (`item.store`).
public struct StoreRecord: Codable, Sendable, Equatable, FetchableRecord {
    public static let databaseTableName = "store"

    public var id: Int64
    /// The store's root folder (for a cache or trash known by file names: the folder holding them).
    public var path: Data
    public var kind: StoreKind
    /// An iPhone backup whose manifest is encrypted: named as such, never read further.
    public var encrypted: Bool

    public var rawPath: RawPath { RawPath(bytes: Array(path)) }

    /// Whether the store is a whole folder (an iPhone backup, `@eaDir`, `.Trash-1000`), not files
    /// a cache or trash put among the player's (`Thumbs.db`, `.trashed-…`), rooted at their folder.
    public var isFolder: Bool {
        switch kind {
        case .iosBackup, .applePhotosLibrary, .iPhotoLibrary, .lightroomPreviews: true
        case .thumbnailCache, .otherTrash: StoreRecognizer.folder(named: rawPath.lastComponent, files: [[UInt8]](), subfolders: [[UInt8]]()) == kind
        }
    }

    /// Whether `path` belongs to the store: anywhere below a folder store; a file of the store's
    /// kind by its name in its folder otherwise.
    public func holds(_ path: RawPath) -> Bool {
        guard PathPrefix(rawPath).contains(Data(path.bytes)) else { return false }
        return isFolder || (path.parent == rawPath && StoreRecognizer.file(named: path.lastComponent) == kind)
    }

    /// The stores of `kind` (nil: every kind) at or below one of `roots` (every store when empty).
    package static func fetchAll(_ db: Database, kind: StoreKind? = nil, below roots: [RawPath]) throws -> [StoreRecord] {
        let all = try kind.map { try StoreRecord.fetchAll(db, sql: "SELECT * FROM store WHERE kind = ?", arguments: [$0.rawValue]) }
            ?? StoreRecord.fetchAll(db, sql: "SELECT * FROM store")
        return all.filter { store in roots.isEmpty || roots.contains { $0.bytes.elementsEqual(store.path) || PathPrefix($0).contains(store.path) } }
    }
}

/// A store and what the index holds of it: `scan --json`'s and `report --json`'s `protected` entries.
public struct ProtectedStore: Sendable, Equatable {
    public var path: RawPath
    public var kind: StoreKind
    public var encrypted: Bool
    public var files = 0
    public var bytes: Int64 = 0
    public var photos = 0
    public var videos = 0

    /// The stores at or below `roots` (all when empty) with their files, by path.
    package static func fetch(_ db: Database, roots: [RawPath]) throws -> [ProtectedStore] {
        var stores: [Int64: ProtectedStore] = [:]
        for store in try StoreRecord.fetchAll(db, below: roots) {
            stores[store.id] = ProtectedStore(path: store.rawPath, kind: store.kind, encrypted: store.encrypted)
        }
        guard !stores.isEmpty else { return [] }
        let rows = try Row.fetchCursor(db, sql: """
            SELECT store, COUNT(*), COALESCE(SUM(size), 0), COUNT(*) FILTER (WHERE kind = 'photo'), COUNT(*) FILTER (WHERE kind = 'video')
            FROM item INDEXED BY item_on_store WHERE store IS NOT NULL GROUP BY store
            """)
        while let row = try rows.next() {
            let id: Int64 = row[0]
            guard var store = stores[id] else { continue }
            store.files = row[1]
            store.bytes = row[2]
            store.photos = row[3]
            store.videos = row[4]
            stores[id] = store
        }
        return stores.values.filter { $0.files > 0 }.sorted { $0.path.bytes.lexicographicallyPrecedes($1.path.bytes) }
    }
}

extension LibraryDatabase {
    /// The store whose root holds `path` (at any depth), if the index knows one: a file is never
    /// restored into it. A cache or trash known by its files' names is rooted at their folder,
    /// which only those files belong to, so it holds nothing else.
    public func store(containing path: RawPath) throws -> StoreRecord? {
        try read { db in
            try StoreRecord.fetchAll(db, sql: "SELECT * FROM store").first { $0.holds(path) }
        }
    }

    /// Each store row's kind, for showing an item's `protected`.
    public func storeKinds() throws -> [Int64: StoreKind] {
        try read { db in
            Dictionary(uniqueKeysWithValues: try StoreRecord.fetchAll(db, sql: "SELECT * FROM store").map { ($0.id, $0.kind) })
        }
    }

    /// The stores other programs own that the index holds files of, with those files.
    public func protectedStores() throws -> [ProtectedStore] {
        try read { db in try ProtectedStore.fetch(db, roots: []) }
    }
}
