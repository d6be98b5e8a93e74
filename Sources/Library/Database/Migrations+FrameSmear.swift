import GRDB

extension Migrations {
    /// v22: how smeared a photo's whole frame is (`ShotQuality.smear`), a measure of blur the sharpest-tiles focus
    /// misses. Photos kept so far whose focus left them in doubt are fingerprinted again by the next scan that looks
    /// for similar photos, so the measure is taken (the others keep their verdicts; the groups stay as they are).
    /// 2.4 is `ShotQuality.smearDoubt` as this release sets it, written out: a migration never reads app code.
    static func registerFrameSmear(_ migrator: inout DatabaseMigrator) {
        migrator.registerMigration("v22: smeared frames") { db in
            try db.execute(sql: """
                ALTER TABLE item ADD COLUMN shotSmear REAL;
                UPDATE item SET fingerprinted = 0
                WHERE fingerprinted = 1 AND kind = 'photo' AND badShot IS NULL AND shotFocus < 2.4
                  AND screenshotEvidence IS NULL AND store IS NULL;
                """)
        }
    }
}
