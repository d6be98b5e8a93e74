import GRDB

extension Migrations {
    /// v18-keeperSignals: what the keep rule reads of a photo besides its size and EXIF: a JPEG's quality
    /// (`ItemRecord.jpegQuality`, from its quantization table, read with the fingerprint). The JPEG
    /// photos already fingerprinted are fingerprinted again by the next scan that finds similar photos
    /// (one decode each, as a new photo costs) and their groups rebuilt.
    static func registerKeeperSignals(_ migrator: inout DatabaseMigrator) {
        migrator.registerMigration("v18-keeperSignals: a JPEG's quality") { db in
            try db.execute(sql: """
                ALTER TABLE item ADD COLUMN jpegQuality INTEGER;
                UPDATE item SET fingerprinted = 0, perceptualHash = NULL WHERE fingerprinted = 1 AND kind = 'photo' AND mime = 'image/jpeg';
                DELETE FROM setting WHERE key = 'similar.groupedWithMaxDistance';
                """)
        }
    }
}
