import FileSystem
import Foundation
import GRDB
import Library

/// The `store` rows of one listed folder's files: the folder's own store (it lies in one), or, for a
/// file outside any, the cache or trash its name makes it part of (a row for that folder and kind).
struct StoreIDs {
    let folder: TreeWalker.Folder
    private var folderStore: Int64?
    private var byName: [StoreKind: Int64] = [:]

    init(folder: TreeWalker.Folder) {
        self.folder = folder
    }

    /// The store row of the file `name` of the folder and its kind, the row created if it is new; nil
    /// outside every store.
    mutating func id(of name: [UInt8], _ db: Database) throws -> (id: Int64, kind: StoreKind)? {
        if let store = folder.store {
            if let folderStore { return (folderStore, store.kind) }
            folderStore = try Self.row(store.root, store.kind, db)
            return (folderStore!, store.kind)
        }
        guard let kind = StoreRecognizer.file(named: name) else { return nil }
        if let id = byName[kind] { return (id, kind) }
        let id = try Self.row(folder.path, kind, db)
        byName[kind] = id
        return (id, kind)
    }

    /// The id of the store of `kind` rooted at `root`, inserted if new.
    static func row(_ root: RawPath, _ kind: StoreKind, _ db: Database) throws -> Int64 {
        let path = Data(root.bytes)
        try db.execute(sql: "INSERT INTO store (path, kind) VALUES (?, ?) ON CONFLICT (path, kind) DO NOTHING", arguments: [path, kind.rawValue])
        return try Int64.fetchOne(db, sql: "SELECT id FROM store WHERE path = ? AND kind = ?", arguments: [path, kind.rawValue])!
    }

    /// Puts unchanged files in the store they now lie in. A photo that leaves every store is
    /// fingerprinted if it never was (a protected photo is not: it is never similar to anything).
    static func move(_ moved: [(id: Int64, store: Int64?)], _ db: Database) throws {
        guard !moved.isEmpty else { return }
        let statement = try db.cachedStatement(sql: """
            UPDATE item SET store = ?1,
                fingerprinted = CASE WHEN ?1 IS NULL AND perceptualHash IS NULL AND kind = 'photo' AND screenshotEvidence IS NULL
                                THEN 0 ELSE fingerprinted END
            WHERE id = ?2
            """)
        for (id, store) in moved { try statement.execute(arguments: [store, id]) }
    }

    /// Forgets the stores no indexed file lies in any more.
    static func prune(_ db: Database) throws {
        // One pass over the files of stores (a list, not a lookup per store: a NAS has an @eaDir per folder).
        try db.execute(sql: "DELETE FROM store WHERE id NOT IN (SELECT DISTINCT store FROM item WHERE store IS NOT NULL)")
    }
}
