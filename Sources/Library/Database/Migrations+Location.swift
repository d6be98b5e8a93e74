import GRDB

extension Migrations {
    /// v19-location: whether a file's EXIF names where it was taken (`ItemRecord.hasLocation`), read with
    /// the rest of its EXIF. Files indexed before hold NULL (not known) until they are read again: a group
    /// card then says nothing of their location rather than guess.
    static func registerLocation(_ migrator: inout DatabaseMigrator) {
        migrator.registerMigration("v19-location: whether a file knows where it was taken") { db in
            try db.execute(sql: "ALTER TABLE item ADD COLUMN hasLocation INTEGER")
        }
    }
}
