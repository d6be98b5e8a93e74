import GRDB

extension Migrations {
    /// v14: stores another program owns (an iPhone backup, a Photos library, a thumbnail cache, another
    /// trash: `StoreRecognizer`). Their files are indexed with `store` pointing at their row, and no queue
    /// deals them: the queues' condition on every row (`CardQueue.unlinked`) reads `store` too, so each
    /// index a count reads alone holds it (rebuilt here with it, the rest of each unchanged). The duplicates'
    /// count also holds the group: the duplicates queue deals a card a group, so it counts groups.
    static func registerStores(_ migrator: inout DatabaseMigrator) {
        migrator.registerMigration("v14: stores other programs own") { db in
            try db.execute(sql: """
                CREATE TABLE store (
                    id INTEGER PRIMARY KEY, path BLOB NOT NULL, kind TEXT NOT NULL,
                    encrypted INTEGER NOT NULL DEFAULT 0, UNIQUE (path, kind));
                ALTER TABLE item ADD COLUMN store INTEGER;
                ALTER TABLE item ADD COLUMN storeName TEXT;
                CREATE INDEX item_on_store ON item(store) WHERE store IS NOT NULL;
                """)
            // A cold scan cut off before it rebuilt the indexes it dropped left their old SQL to the next open
            // (DeferredIndexes): forgotten, so the old forms do not come back.
            let tallies = [
                "item_tally_by_kind": "(kind, capturedEpoch, size, linkedBytes, linkedTo, extraCopy, similarGroup, screenshotEvidence, store)",
                "item_tally_screenshots": "(linkedTo, size, linkedBytes, screenshotEvidence, store) WHERE screenshotEvidence IS NOT NULL",
                "item_tally_duplicates": "(linkedTo, size, linkedBytes, extraCopy, store, duplicateGroup) WHERE extraCopy = 1",
                "item_tally_similar": "(linkedTo, size, linkedBytes, similarGroup, store) WHERE similarGroup IS NOT NULL",
            ]
            for (name, columns) in tallies.sorted(by: { $0.key < $1.key }) {
                try db.execute(sql: "DELETE FROM setting WHERE key = ?", arguments: ["scan.deferredIndex.\(name)"])
                try db.execute(sql: "DROP INDEX IF EXISTS \(name); CREATE INDEX \(name) ON item\(columns);")
            }
        }
    }
}
