import GRDB

extension Migrations {
    /// v8: what a card queue asks of every row is kept in the row, so counting a million files reads an
    /// index alone. `item.extraCopy` is 1 for a copy of a duplicate group other than the copy it keeps
    /// (and not a hard link to it: deleting it would free nothing), kept by triggers whoever writes the
    /// rows or the groups; a similar group whose kept photo leaves the index is dissolved, so "similar to
    /// a kept photo" needs no join either.
    static func registerExtraCopies(_ migrator: inout DatabaseMigrator) {
        migrator.registerMigration("v8: extra copies") { db in
            try db.alter(table: "item") { t in t.add(column: "extraCopy", .integer).notNull().defaults(to: 0) }
            try db.execute(sql: "UPDATE item SET extraCopy = \(extraCopyOf) WHERE duplicateGroup IS NOT NULL")
            try db.execute(sql: """
                CREATE TRIGGER item_extraCopy_insert AFTER INSERT ON item WHEN NEW.duplicateGroup IS NOT NULL
                BEGIN \(refresh) WHERE id = NEW.id; END;
                CREATE TRIGGER item_extraCopy_update AFTER UPDATE OF duplicateGroup, inode, device ON item
                WHEN OLD.duplicateGroup IS NOT NEW.duplicateGroup
                  OR (NEW.duplicateGroup IS NOT NULL AND (OLD.inode IS NOT NEW.inode OR OLD.device IS NOT NEW.device))
                BEGIN
                  \(refresh) WHERE id = NEW.id;
                  \(refresh) WHERE duplicateGroup IN (SELECT id FROM duplicateGroup
                                                     WHERE keptItem = NEW.id AND id IN (OLD.duplicateGroup, NEW.duplicateGroup));
                END;
                CREATE TRIGGER item_extraCopy_delete AFTER DELETE ON item WHEN OLD.duplicateGroup IS NOT NULL
                BEGIN \(refresh) WHERE duplicateGroup = OLD.duplicateGroup; END;
                CREATE TRIGGER duplicateGroup_extraCopy_insert AFTER INSERT ON duplicateGroup
                BEGIN \(refresh) WHERE duplicateGroup = NEW.id; END;
                CREATE TRIGGER duplicateGroup_extraCopy_update AFTER UPDATE OF keptItem ON duplicateGroup
                BEGIN \(refresh) WHERE duplicateGroup = NEW.id; END;
                CREATE TRIGGER duplicateGroup_extraCopy_delete AFTER DELETE ON duplicateGroup
                BEGIN \(refresh) WHERE duplicateGroup = OLD.id; END;
                CREATE TRIGGER item_similarKept_delete AFTER DELETE ON item WHEN OLD.similarGroup = OLD.id
                BEGIN UPDATE item SET similarGroup = NULL WHERE similarGroup = OLD.id; END;
                """)
            try db.execute(sql: "UPDATE item SET similarGroup = NULL WHERE similarGroup NOT IN (SELECT id FROM item)")
            // The duplicates' stretch walks only the extra copies; their count reads its own partial index;
            // a round's total reads one index holding every column the five categories ask for (the
            // old-photo count keeps reading it by kind and capture date).
            // IF EXISTS: a cold scan cut off before it rebuilt the indexes it dropped leaves them to the next open
            // (DeferredIndexes), which must not bring back the one this replaces.
            try db.execute(sql: "DELETE FROM setting WHERE key = 'scan.deferredIndex.item_card_duplicates'")
            try db.execute(sql: """
                DROP INDEX IF EXISTS item_card_duplicates;
                CREATE INDEX item_card_extra_copies ON item((size + linkedBytes) DESC, path) WHERE extraCopy = 1;
                CREATE INDEX item_tally_duplicates ON item(linkedTo, size, linkedBytes, extraCopy) WHERE extraCopy = 1;
                DROP INDEX IF EXISTS item_tally_by_kind;
                CREATE INDEX item_tally_by_kind
                    ON item(kind, capturedEpoch, size, linkedBytes, linkedTo, extraCopy, similarGroup, screenshotEvidence);
                """)
        }
    }

    /// v11: the triggers that follow a row or a group as it changes stand aside while the scan puts
    /// every duplicate group in place at once (`IndexWriter.replaceGroups`), which then sets
    /// `extraCopy` of every member in one statement: two statements per row rewritten cost 0.3 s
    /// for 20,000 copies. The key lives only inside that write transaction, never in a committed index.
    static func registerExtraCopiesInBulk(_ migrator: inout DatabaseMigrator) {
        migrator.registerMigration("v11: extra copies in bulk") { db in
            try db.execute(sql: """
                DROP TRIGGER item_extraCopy_update;
                CREATE TRIGGER item_extraCopy_update AFTER UPDATE OF duplicateGroup, inode, device ON item
                WHEN (OLD.duplicateGroup IS NOT NEW.duplicateGroup
                      OR (NEW.duplicateGroup IS NOT NULL AND (OLD.inode IS NOT NEW.inode OR OLD.device IS NOT NEW.device)))
                  AND \(notInBulk)
                BEGIN
                  \(refresh) WHERE id = NEW.id;
                  \(refresh) WHERE duplicateGroup IN (SELECT id FROM duplicateGroup
                                                     WHERE keptItem = NEW.id AND id IN (OLD.duplicateGroup, NEW.duplicateGroup));
                END;
                DROP TRIGGER duplicateGroup_extraCopy_insert;
                CREATE TRIGGER duplicateGroup_extraCopy_insert AFTER INSERT ON duplicateGroup WHEN \(notInBulk)
                BEGIN \(refresh) WHERE duplicateGroup = NEW.id; END;
                DROP TRIGGER duplicateGroup_extraCopy_update;
                CREATE TRIGGER duplicateGroup_extraCopy_update AFTER UPDATE OF keptItem ON duplicateGroup WHEN \(notInBulk)
                BEGIN \(refresh) WHERE duplicateGroup = NEW.id; END;
                """)
        }
    }

    /// The `setting` key that sets the triggers of v11 aside, inside one write transaction.
    package static let extraCopiesInBulkKey = "scan.extraCopiesInBulk"
    private static let notInBulk = "NOT EXISTS (SELECT 1 FROM setting WHERE key = '\(extraCopiesInBulkKey)')"

    /// Whether `item` is an extra copy: its group keeps another file, which is still in the index and not the same inode.
    static let extraCopyOf = extraCopy(inGroup: "item.duplicateGroup")

    /// Whether `item` would be an extra copy as a member of the group whose id is `group` (an SQL expression).
    private static func extraCopy(inGroup group: String) -> String {
        """
        EXISTS (SELECT 1 FROM duplicateGroup g JOIN item k ON k.id = g.keptItem
                WHERE g.id = \(group) AND k.id != item.id AND NOT (k.inode = item.inode AND k.device = item.device))
        """
    }
    private static let refresh = "UPDATE item SET extraCopy = \(extraCopyOf)"
}
