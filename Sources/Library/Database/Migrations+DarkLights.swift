import GRDB

extension Migrations {
    /// v28: a dark frame's brightest 1 % and its lights (`Imaging.ShotQuality.brightest`, `lights`; issue 48), so a frame
    /// in which nothing shows is dark though a few pixels are brighter, and a night scene keeps its lights. Photos whose
    /// median is under 25 (`ShotQuality.lightsDoubt` as this release sets it, written out: a migration never reads app
    /// code) are fingerprinted again by the next scan that looks for similar photos, so both are measured; the others
    /// keep their verdicts.
    static func registerDarkLights(_ migrator: inout DatabaseMigrator) {
        migrator.registerMigration("v28: dark frames and their lights") { db in
            try db.execute(sql: """
                ALTER TABLE item ADD COLUMN shotBrightest INTEGER;
                ALTER TABLE item ADD COLUMN shotLights REAL;
                UPDATE item SET fingerprinted = 0
                WHERE fingerprinted = 1 AND kind = 'photo' AND shotMedian < 25
                  AND screenshotEvidence IS NULL AND store IS NULL;
                """)
        }
    }
}
