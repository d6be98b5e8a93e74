import GRDB

extension Migrations {
    /// v20: bad shots are a queue of rounds too (after old photos: a file is dealt under its first category).
    /// The round's covering count index (`item_tally_by_kind`) holds `badShot`, so a round's total still reads
    /// that index alone (the columns of v15 unchanged, `badShot` added last).
    static func registerBadShotsInRounds(_ migrator: inout DatabaseMigrator) {
        migrator.registerMigration("v20: bad shots in rounds") { db in
            try db.execute(sql: "DELETE FROM setting WHERE key = ?", arguments: ["scan.deferredIndex.item_tally_by_kind"])
            try db.execute(sql: """
                DROP INDEX IF EXISTS item_tally_by_kind;
                CREATE INDEX item_tally_by_kind ON item(kind, capturedEpoch, size, linkedBytes, linkedTo, extraCopy, similarGroup,
                                                        screenshotEvidence, store, width, height, badShot);
                """)
        }
    }
}
