import GRDB
#if canImport(Glibc)
import Glibc
#endif

/// A cold scan (into an empty index) fills `item` without its secondary indexes and builds them
/// once its files are indexed: each new row would otherwise land on a random page of the indexes
/// sorted by size, card size or capture date (read, dirtied, spilled from the page cache), while
/// CREATE INDEX sorts once. Each index's SQL is kept in `setting` in the transaction that drops it,
/// so a scan cut off before building them leaves them to the next open of the index, never lost;
/// the index's rows are the same either way, only lookups are slower meanwhile. The scanning
/// process's id is kept with them: another `clean` opening the index while that scan still runs
/// leaves the building to it (a long CREATE INDEX there would hold the scan's writes past their
/// lock timeout).
package enum DeferredIndexes {
    private static let keyPrefix = "scan.deferredIndex."
    private static let ownerKey = "scan.deferredIndexesOwner"

    /// The indexes a scan's inserts leave as they are or append to: the links and groups (and the
    /// similar photos' cards and counts), which no new row has yet, and the photos still to
    /// fingerprint, by id, and the files of stores other programs own (few, and read by the scan's own
    /// last stages and by `clean report` while a scan runs). Building them after would cost a pass over the whole table each (0.14 s at
    /// a million files); keeping them costs nothing while the table fills, then one entry per file
    /// grouped. (The extra copies' indexes are not kept: the 100,000 copies of a million files, put
    /// in place in one statement, cost more as entries one by one than as one build.)
    static let keptWhileFilling: Set<String> = ["item_on_linkedTo", "item_on_duplicateGroup", "item_on_similarGroup",
                                                "item_not_fingerprinted", "item_card_similar", "item_tally_similar", "item_on_store"]

    /// Drops every index of `item` but its path's (the walk compares through it) and those kept while
    /// filling it when `item` has no row, remembering their SQL. Returns whether any was dropped.
    package static func dropIfEmpty(_ db: Database, owner: Int32 = getpid()) throws -> Bool {
        guard try Row.fetchOne(db, sql: "SELECT 1 FROM item LIMIT 1") == nil else { return false }
        try db.execute(sql: "INSERT INTO setting (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value",
                       arguments: [ownerKey, String(owner)])
        let indexes = try Row.fetchAll(db, sql: """
            SELECT name, sql FROM sqlite_master WHERE type = 'index' AND tbl_name = 'item' AND sql IS NOT NULL ORDER BY name
            """)
        for index in indexes {
            let name: String = index["name"], sql: String = index["sql"]
            if keptWhileFilling.contains(name) { continue }
            try db.execute(sql: "INSERT INTO setting (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value",
                           arguments: [keyPrefix + name, sql])
            try db.execute(sql: "DROP INDEX \(name.quotedDatabaseIdentifier)")
        }
        return !indexes.isEmpty
    }

    /// Whether indexes wait to be built by whoever opens the index: none while the scan that
    /// dropped them runs (its process is alive).
    static func orphaned(_ db: Database) throws -> Bool {
        guard try Row.fetchOne(db, sql: "SELECT 1 FROM setting WHERE substr(key, 1, ?) = ? LIMIT 1",
                               arguments: [keyPrefix.utf8.count, keyPrefix]) != nil else { return false }
        let owner = try String.fetchOne(db, sql: "SELECT value FROM setting WHERE key = ?", arguments: [ownerKey]).flatMap { Int32($0) }
        guard let owner, owner > 0 else { return true }
        return kill(owner, 0) != 0 && errno == ESRCH
    }

    /// Whether an index serves only the card queues and their counts (`item_card_…`, `item_tally_…`),
    /// not the scan's own later stages (duplicates, links, similar photos) nor the triggers that keep
    /// `extraCopy` and `linkedBytes`: a cold scan builds these last, so the rows those stages rewrite
    /// are not written into them one by one first.
    static func servesQueuesOnly(_ name: String) -> Bool {
        name.hasPrefix("item_card_") || name.hasPrefix("item_tally_")
    }

    /// Builds the indexes a cold scan dropped (one it finds already there is kept) and forgets their
    /// SQL; `deferringQueues` leaves those that serve the queues only for a later call.
    package static func build(_ db: Database, deferringQueues: Bool = false) throws {
        let waiting = try Row.fetchAll(db, sql: "SELECT key, value FROM setting WHERE substr(key, 1, ?) = ? ORDER BY key",
                                       arguments: [keyPrefix.utf8.count, keyPrefix])
        var left = false
        for index in waiting {
            let key: String = index["key"], sql: String = index["value"]
            let name = String(key.dropFirst(keyPrefix.count))
            if deferringQueues && servesQueuesOnly(name) { left = true; continue }
            let exists = try Row.fetchOne(db, sql: "SELECT 1 FROM sqlite_master WHERE type = 'index' AND name = ?", arguments: [name]) != nil
            if !exists { try db.execute(sql: sql) }
            try db.execute(sql: "DELETE FROM setting WHERE key = ?", arguments: [key])
        }
        if !left { try db.execute(sql: "DELETE FROM setting WHERE key = ?", arguments: [ownerKey]) }
    }
}
