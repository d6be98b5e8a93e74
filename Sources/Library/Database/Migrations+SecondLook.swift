import GRDB

extension Migrations {
    /// v17 (v15 and v16 are the group cards'): what the second look at similar photos needs: a photo's
    /// 32×32 gray thumbnail (1,024 bytes, in a table of its own, so the item rows every rescan and listing
    /// read stay small; gone with its item by a trigger, whatever the foreign-key setting of the delete),
    /// the hash of its centre and how much detail it holds. Every photo is fingerprinted again (its
    /// thumbnail did not exist) and its groups rebuilt by the next scan that finds similar photos.
    static func registerSecondLook(_ migrator: inout DatabaseMigrator) {
        migrator.registerMigration("v17: similar photos' second look") { db in
            try db.execute(sql: """
                CREATE TABLE photoThumbnail (item INTEGER PRIMARY KEY, pixels BLOB NOT NULL);
                CREATE TRIGGER photoThumbnail_gone AFTER DELETE ON item BEGIN DELETE FROM photoThumbnail WHERE item = old.id; END;
                ALTER TABLE item ADD COLUMN centreHash INTEGER;
                ALTER TABLE item ADD COLUMN detail REAL;
                UPDATE item SET fingerprinted = 0, perceptualHash = NULL WHERE fingerprinted = 1 AND kind = 'photo';
                DELETE FROM setting WHERE key = 'similar.groupedWithMaxDistance';
                """)
        }
    }
}
