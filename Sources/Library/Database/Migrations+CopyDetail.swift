import GRDB

extension Migrations {
    /// v26: the copy of one capture whose bad-shot verdict a photo shares (`shotAsCopyOf`: the scan's
    /// `OneVerdictPerCapture`), and how much fine detail each photo holds (`Imaging.CopyDetail`: at the frame copies of other sizes are
    /// brought to, at the decode, and the decode's short side), the keep rule's measure of a copy softer than
    /// another of one capture (issue 48). The photos in a similar group now are fingerprinted again by the next
    /// scan that looks for similar photos, so their groups' suggestions can use it; the others take it when they
    /// are next read (a photo without it is never called softer, nor makes another softer).
    static func registerCopyDetail(_ migrator: inout DatabaseMigrator) {
        migrator.registerMigration("v26: the fine detail of a copy") { db in
            try db.execute(sql: """
                ALTER TABLE item ADD COLUMN fineDetail REAL;
                ALTER TABLE item ADD COLUMN fineDetailDecode REAL;
                ALTER TABLE item ADD COLUMN fineDetailSide INTEGER;
                ALTER TABLE item ADD COLUMN shotAsCopyOf INTEGER;
                UPDATE item SET fingerprinted = 0
                WHERE fingerprinted = 1 AND kind = 'photo' AND similarGroup IS NOT NULL
                  AND screenshotEvidence IS NULL AND store IS NULL;
                """)
        }
    }
}
