import GRDB

extension Migrations {
    /// v18-badShots: why a photo is a bad shot (blurry, dark, overexposed, accidental) and the measures it
    /// was judged by, taken from the fingerprint's decode. Every photo is fingerprinted again by the next
    /// scan that looks for similar photos (its measures did not exist); the groups stay as they are. The
    /// bad shots' stretch of a round walks `item_card_bad_shots`, already in card order (largest first, then path).
    static func registerBadShots(_ migrator: inout DatabaseMigrator) {
        migrator.registerMigration("v18-badShots: bad shots") { db in
            try db.execute(sql: """
                ALTER TABLE item ADD COLUMN badShot TEXT;
                ALTER TABLE item ADD COLUMN shotFocus REAL;
                ALTER TABLE item ADD COLUMN shotDark REAL;
                ALTER TABLE item ADD COLUMN shotBright REAL;
                ALTER TABLE item ADD COLUMN shotMedian INTEGER;
                ALTER TABLE item ADD COLUMN shotHighlight INTEGER;
                ALTER TABLE item ADD COLUMN shotFaintFocus REAL;
                ALTER TABLE item ADD COLUMN shotAnisotropy REAL;
                ALTER TABLE item ADD COLUMN shotTextured REAL;
                CREATE INDEX item_card_bad_shots ON item((size + linkedBytes) DESC, path) WHERE badShot IS NOT NULL;
                UPDATE item SET fingerprinted = 0 WHERE fingerprinted = 1 AND kind = 'photo' AND screenshotEvidence IS NULL AND store IS NULL;
                """)
        }
    }
}
