import GRDB

extension Migrations {
    /// v27: the hashes of each photo turned and mirrored (seven 64-bit hashes, 56 bytes, `Imaging.PerceptualHash.turns`),
    /// so the first look finds a copy turned or mirrored in its pixels (issue 48). In a table of their own, as the
    /// thumbnails are, gone with their item by a trigger; filled by the next scan from the thumbnails the index holds
    /// (no photo is decoded again).
    static func registerTurns(_ migrator: inout DatabaseMigrator) {
        migrator.registerMigration("v27: turned and mirrored copies") { db in
            try db.execute(sql: """
                CREATE TABLE photoTurns (item INTEGER PRIMARY KEY, hashes BLOB NOT NULL);
                CREATE TRIGGER photoTurns_gone AFTER DELETE ON item BEGIN DELETE FROM photoTurns WHERE item = old.id; END;
                DELETE FROM setting WHERE key = 'similar.groupedWithMaxDistance';
                """)
        }
    }
}
