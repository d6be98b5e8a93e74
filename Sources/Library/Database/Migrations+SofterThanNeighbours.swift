import GRDB

extension Migrations {
    /// v21: a photo called blurry beside the sharper photos of its similar group (a burst) records the sharpest one's
    /// focus, so its card can say why, and the next grouping knows which verdicts it made (and may unmake).
    static func registerSofterThanNeighbours(_ migrator: inout DatabaseMigrator) {
        migrator.registerMigration("v21: bad shots beside their neighbours") { db in
            try db.execute(sql: "ALTER TABLE item ADD COLUMN shotSofterThan REAL")
        }
    }
}
