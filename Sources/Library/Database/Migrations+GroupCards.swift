import GRDB

extension Migrations {
    /// v15: a weekly boss's sides (`maxSide`, `minSide`) read from an index. Choosing the week's boss asks
    /// each boss of the pool whether it can deal a card, and one that cannot read every photo of the table
    /// (1.6 s each for the sticker and low-res bosses at a million files): the long side has its own small
    /// index, and the round's covering count index holds width and height, so counting the photos a side
    /// takes reads that index alone. The long side's index holds only files of a known size, so a query that
    /// names no side never walks it for its kind alone (a folder boss did, 0.1 s).
    ///
    /// v16: group cards kept whole (`keptGroup`): a mark on every member of a duplicate or similar group the
    /// player kept whole, with the member's size and mtime then. While the group's members are those marked
    /// and unchanged, no queue deals them again (`CardQueue.keptWhole`); a new member, or a member changed,
    /// deals the group again.
    static func registerGroupCards(_ migrator: inout DatabaseMigrator) {
        migrator.registerMigration("v15: sides in the indexes") { db in
            try db.execute(sql: "DELETE FROM setting WHERE key IN (?, ?)",
                           arguments: ["scan.deferredIndex.item_tally_by_kind", "scan.deferredIndex.item_card_long_side"])
            try db.execute(sql: """
                DROP INDEX IF EXISTS item_tally_by_kind;
                CREATE INDEX item_tally_by_kind ON item(kind, capturedEpoch, size, linkedBytes, linkedTo, extraCopy, similarGroup,
                                                        screenshotEvidence, store, width, height);
                CREATE INDEX item_card_long_side ON item(kind, max(width, height)) WHERE width IS NOT NULL AND height IS NOT NULL;
                """)
        }
        migrator.registerMigration("v16: group cards kept whole") { db in
            try db.execute(sql: """
                CREATE TABLE keptGroup (
                    item INTEGER NOT NULL REFERENCES item(id) ON DELETE CASCADE,
                    category TEXT NOT NULL,
                    groupKey INTEGER NOT NULL,
                    size INTEGER NOT NULL,
                    mtimeNs INTEGER NOT NULL,
                    keptAt TEXT NOT NULL,
                    PRIMARY KEY (item, category)) WITHOUT ROWID;
                CREATE INDEX keptGroup_on_group ON keptGroup(category, groupKey);
                """)
        }
    }
}
