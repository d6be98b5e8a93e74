import Foundation
import GRDB

/// The schema, as frozen migrations: a migration that has shipped is never edited; changes are new migrations.
/// Tables and columns are named as strings, not through the record types.
package enum Migrations {
    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1: library index") { db in
            try db.create(table: "scanRun") { t in
                t.autoIncrementedPrimaryKey("id")
                t.column("startedAt", .double).notNull()
                t.column("finishedAt", .double)
                t.column("roots", .text).notNull()
                t.column("files", .integer).notNull().defaults(to: 0)
                t.column("bytes", .integer).notNull().defaults(to: 0)
                t.column("inspected", .integer).notNull().defaults(to: 0)
                t.column("errors", .integer).notNull().defaults(to: 0)
            }
            try db.create(table: "item") { t in
                t.autoIncrementedPrimaryKey("id")
                t.column("path", .blob).notNull().unique()
                t.column("size", .integer).notNull()
                t.column("mtimeNs", .integer).notNull()
                t.column("inode", .integer).notNull()
                t.column("device", .integer).notNull()
                t.column("mime", .text).notNull()
                t.column("kind", .text).notNull()
                t.column("capturedAt", .text)
                t.column("capturedEpoch", .double)
                t.column("dateSource", .text).notNull()
                t.column("width", .integer)
                t.column("height", .integer)
                t.column("cameraMake", .text)
                t.column("cameraModel", .text)
                t.column("screenshotEvidence", .text)
                t.column("partialHash", .text)
                t.column("contentHash", .text)
                t.column("duplicateGroup", .integer).indexed()
                t.column("linkedTo", .integer).references("item", onDelete: .setNull)
                t.column("linkKind", .text)
            }
            try db.create(index: "item_on_size", on: "item", columns: ["size"])
            try db.create(table: "duplicateGroup") { t in
                t.autoIncrementedPrimaryKey("id")
                t.column("contentHash", .text).notNull().unique()
                t.column("size", .integer).notNull()
                t.column("keptItem", .integer).notNull()
                t.column("files", .integer).notNull()
                t.column("reclaimableBytes", .integer).notNull()
            }
            try db.create(table: "scanError") { t in
                t.autoIncrementedPrimaryKey("id")
                t.column("run", .integer).notNull().references("scanRun", onDelete: .cascade)
                t.column("path", .blob).notNull()
                t.column("reason", .text).notNull()
            }
        }
        migrator.registerMigration("v2: player") { db in
            // One row: the game state as Game.Profile's JSON, so a round end rewrites it in one statement.
            try db.create(table: "player") { t in
                t.primaryKey("id", .integer).check { $0 == 1 }
                t.column("profile", .text).notNull()
                t.column("updatedAt", .double).notNull()
            }
        }
        migrator.registerMigration("v3: play and trash") { db in
            // A round or boss battle: its decisions, then (once confirmed) its moves and credit.
            try db.create(table: "round") { t in
                t.autoIncrementedPrimaryKey("id")
                t.column("kind", .text).notNull()               // round | boss
                t.column("boss", .text)
                t.column("startedAt", .double).notNull()
                t.column("endedAt", .double).notNull()
                t.column("status", .text).notNull()             // pending | moving | settled | discarded
                t.column("reviewed", .integer).notNull()
                t.column("kept", .integer).notNull()
                t.column("deleted", .integer).notNull().defaults(to: 0)
                t.column("bytesFreed", .integer).notNull().defaults(to: 0)
                t.column("xpEarned", .integer).notNull().defaults(to: 0)
                t.column("multiplier", .double).notNull().defaults(to: 1)
                t.column("settledAt", .double)
            }
            try db.create(table: "decision") { t in
                t.autoIncrementedPrimaryKey("id")
                t.column("round", .integer).notNull().references("round", onDelete: .cascade)
                t.column("item", .integer).notNull()
                t.column("path", .blob).notNull()
                t.column("decision", .text).notNull()           // keep | delete
                t.column("category", .text).notNull()
                t.column("decidedAt", .double).notNull()
            }
            try db.create(index: "decision_on_item", on: "decision", columns: ["item"])
            // One file moved (or being moved) to the trash: the move journal and the trash's record.
            try db.create(table: "trashed") { t in
                t.autoIncrementedPrimaryKey("id")
                t.column("round", .integer).notNull().references("round")
                t.column("item", .integer).notNull()
                t.column("part", .integer).notNull()
                t.column("originalPath", .blob).notNull()
                t.column("size", .integer).notNull()
                t.column("mtimeNs", .integer).notNull()
                t.column("inode", .integer).notNull()
                t.column("device", .integer).notNull()
                t.column("category", .text).notNull()
                t.column("contentKey", .text)
                t.column("state", .text).notNull()
                t.column("trashName", .blob)
                t.column("deletionDate", .text)
                t.column("deletedAt", .double).notNull()
                t.column("credited", .boolean).notNull().defaults(to: false)
                t.column("earnedXP", .boolean).notNull().defaults(to: false)
                t.column("restoredAt", .double)
                t.column("restoredTo", .blob)
                t.column("purgedAt", .double)
                t.uniqueKey(["round", "item", "part"])
            }
            try db.create(index: "trashed_on_state", on: "trashed", columns: ["state"])
            try db.create(table: "usage") { t in
                t.primaryKey("day", .text)
                t.column("swipeSeconds", .double).notNull().defaults(to: 0)
                t.column("undos", .integer).notNull().defaults(to: 0)
            }
        }
        migrator.registerMigration("v4: settings") { db in
            // Small facts the screens remember, e.g. when the achievements were last looked at.
            try db.create(table: "setting") { t in
                t.primaryKey("key", .text)
                t.column("value", .text).notNull()
            }
        }
        migrator.registerMigration("v5: similar photos") { db in
            // A photo's perceptual hash (64 bits, stored by bit pattern) and sharpness, computed once
            // per version of the file (`fingerprinted`), and its similar group: the id of the item it keeps.
            try db.alter(table: "item") { t in
                t.add(column: "perceptualHash", .integer)
                t.add(column: "sharpness", .double)
                t.add(column: "fingerprinted", .boolean).notNull().defaults(to: false)
                t.add(column: "similarGroup", .integer)
            }
            try db.create(index: "item_on_similarGroup", on: "item", columns: ["similarGroup"])
            try db.create(index: "item_not_fingerprinted", on: "item", columns: ["id"], condition: Column("fingerprinted") == false)
        }
        migrator.registerMigration("v5-trash: change times, trashed copies, purge reasons") { db in
            // The inode change time, so a re-check before a move sees a same-size rewrite that kept its mtime.
            try db.alter(table: "item") { t in t.add(column: "ctimeNs", .integer) }
            try db.alter(table: "trashed") { t in
                t.add(column: "ctimeNs", .integer)
                // The inode of files/NAME once the move is done: restore refuses an entry swapped since.
                t.add(column: "trashInode", .integer)
                // Why purgedAt is set: "empty" (clean trash empty) or "outside" (gone from the trash by other means).
                t.add(column: "purgeReason", .text)
            }
        }
        migrator.registerMigration("v6-dates: index of linked files") { db in
            // A card's Live Photo movie, raw file and sidecars are looked up by linkedTo for every
            // card dealt: without an index each lookup read the whole item table (a million rows).
            try db.create(index: "item_on_linkedTo", on: "item", columns: ["linkedTo"], condition: Column("linkedTo") != nil)
        }
        migrator.registerMigration("v6-trash: restore and empty journal") { db in
            // A restore or an empty in flight, written before its first file change and cleared in the
            // transaction that records its end: "restore" (to leavingTo) or "purge".
            try db.alter(table: "trashed") { t in
                t.add(column: "leaving", .text)
                t.add(column: "leavingTo", .blob)
            }
        }
        migrator.registerMigration("v7-trash: volume trashes") { db in
            // The trash folder an entry is in when it is not the configured one: the desktop trash
            // of another volume ($topdir/.Trash-$UID), which a file there is renamed into.
            try db.alter(table: "trashed") { t in t.add(column: "trashRoot", .blob) }
        }
        migrator.registerMigration("v7: card order") { db in
            // A card is a file with its linked files (Live Photo movie, raw file, sidecars): its size
            // is size + linkedBytes, the sum of the sizes of the items linked to it, kept by triggers
            // whoever writes the rows, so the queues read their cards already sorted from an index.
            try db.alter(table: "item") { t in t.add(column: "linkedBytes", .integer).notNull().defaults(to: 0) }
            let owner = "UPDATE item SET linkedBytes = (SELECT COALESCE(SUM(l.size), 0) FROM item l WHERE l.linkedTo = item.id)"
            try db.execute(sql: "\(owner) WHERE id IN (SELECT linkedTo FROM item WHERE linkedTo IS NOT NULL)")
            try db.execute(sql: """
                CREATE TRIGGER item_linkedBytes_insert AFTER INSERT ON item WHEN NEW.linkedTo IS NOT NULL
                BEGIN \(owner) WHERE id = NEW.linkedTo; END;
                CREATE TRIGGER item_linkedBytes_delete AFTER DELETE ON item WHEN OLD.linkedTo IS NOT NULL
                BEGIN \(owner) WHERE id = OLD.linkedTo; END;
                CREATE TRIGGER item_linkedBytes_update AFTER UPDATE OF linkedTo, size ON item
                WHEN OLD.linkedTo IS NOT NULL OR NEW.linkedTo IS NOT NULL
                BEGIN \(owner) WHERE id IN (OLD.linkedTo, NEW.linkedTo); END;
                """)
            // The standard order walks these (largest card first, then path): videos and photos by
            // kind, the other categories through partial indexes of their own.
            let order = "(size + linkedBytes) DESC, path"
            try db.execute(sql: """
                CREATE INDEX item_card_by_kind ON item(kind, \(order));
                CREATE INDEX item_card_duplicates ON item(\(order)) WHERE duplicateGroup IS NOT NULL;
                CREATE INDEX item_card_similar ON item(\(order)) WHERE similarGroup IS NOT NULL;
                CREATE INDEX item_card_screenshots ON item(\(order)) WHERE screenshotEvidence IS NOT NULL;
                """)
            // The home screen and the boss list count each boss's cards and bytes: these hold every
            // column the counts read, so a count reads an index alone (old photos by capture date).
            try db.execute(sql: """
                CREATE INDEX item_tally_by_kind ON item(kind, capturedEpoch, size, linkedBytes, linkedTo);
                CREATE INDEX item_tally_screenshots ON item(linkedTo, size, linkedBytes, screenshotEvidence)
                    WHERE screenshotEvidence IS NOT NULL;
                """)
        }
        registerExtraCopies(&migrator)
        migrator.registerMigration("v9: folders") { db in
            // The folders that hold files (FolderIndex): a weekly boss's folder names become path ranges.
            try db.execute(sql: "CREATE TABLE folder (path BLOB PRIMARY KEY NOT NULL) WITHOUT ROWID")
            // Frozen here (no app code): every folder of the items then in the index, the part of each
            // path before its last slash (empty for a path without one), read in one pass.
            let paths = try Data.fetchCursor(db, sql: "SELECT path FROM item")
            var folders: Set<Data> = []
            while let path = try paths.next() {
                folders.insert(path.lastIndex(of: UInt8(ascii: "/")).map { Data(path[path.startIndex..<$0]) } ?? Data())
            }
            let insert = try db.makeStatement(sql: "INSERT OR IGNORE INTO folder (path) VALUES (?)")
            for folder in folders { try insert.execute(arguments: [folder]) }
        }
        migrator.registerMigration("v10: similar tally") { db in
            // The similar photos' count (home screen, boss list) reads the members of similar groups only,
            // not a covering index of every file (0.10 s at a million files with no similar photo at all).
            try db.execute(sql: "CREATE INDEX item_tally_similar ON item(linkedTo, size, linkedBytes, similarGroup) WHERE similarGroup IS NOT NULL")
        }
        registerExtraCopiesInBulk(&migrator)
        migrator.registerMigration("v12: group indexes hold grouped files only") { db in
            // Every lookup by group names a group, so a file in none needs no entry: a cold scan builds
            // these indexes before any file is grouped (0.4 and 0.3 s of NULL entries at a million files),
            // and grouping a file then adds an entry instead of moving one. (An index a cold scan cut off
            // had dropped is built here: DeferredIndexes keeps an index it finds, never its old SQL.)
            for column in ["duplicateGroup", "similarGroup"] {
                let name = "item_on_\(column)"
                try db.execute(sql: """
                    DROP INDEX IF EXISTS \(name);
                    CREATE INDEX \(name) ON item(\(column)) WHERE \(column) IS NOT NULL;
                    """)
            }
        }
        migrator.registerMigration("v13: size index holds the content hash") { db in
            // Which files could have a copy is read from this index alone (DuplicateFinder.candidates): a
            // file whose size is shared but whose full hash is not is never read from the table.
            try db.execute(sql: """
                DROP INDEX IF EXISTS item_on_size;
                CREATE INDEX item_on_size ON item(size, contentHash);
                """)
        }
        registerStores(&migrator)
        registerGroupCards(&migrator)
        registerSecondLook(&migrator)
        registerBadShots(&migrator)
        registerKeeperSignals(&migrator)
        registerLocation(&migrator)
        registerBadShotsInRounds(&migrator)
        registerSofterThanNeighbours(&migrator)
        registerFrameSmear(&migrator)
        registerFineSmear(&migrator)
        registerTrashChangeTime(&migrator)
        registerSimilarVideos(&migrator)
        registerCopyDetail(&migrator)
        registerTurns(&migrator)
        registerDarkLights(&migrator)
        return migrator
    }
}
