import GRDB

extension Migrations {
    /// v23: the smear of a photo's frame at 192 px (`ShotQuality.fineSmear`), where shakes too short for v22's measure
    /// show. As v22 did, photos kept so far whose focus left them in doubt are fingerprinted again by the next scan
    /// that looks for similar photos, so the measure is taken (the others keep their verdicts; the groups stay as
    /// they are). 2.4 is `ShotQuality.smearDoubt` as this release sets it, written out: a migration never reads app code.
    static func registerFineSmear(_ migrator: inout DatabaseMigrator) {
        migrator.registerMigration("v23: finely smeared frames") { db in
            try db.execute(sql: """
                ALTER TABLE item ADD COLUMN shotFineSmear REAL;
                UPDATE item SET fingerprinted = 0
                WHERE fingerprinted = 1 AND kind = 'photo' AND badShot IS NULL AND shotFocus < 2.4
                  AND screenshotEvidence IS NULL AND store IS NULL;
                """)
        }
    }
}
