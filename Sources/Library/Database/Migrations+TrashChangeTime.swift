import GRDB

extension Migrations {
    /// v24: a trash entry's change time once moved (`TrashedRecord.trashCtimeNs`), as the index keeps a library file's:
    /// an entry rewritten in place with its size and modification time set back is told by it, and never restored as
    /// the file that was moved. Entries moved before hold NULL and are checked as before (type, inode, size, mtime).
    static func registerTrashChangeTime(_ migrator: inout DatabaseMigrator) {
        migrator.registerMigration("v24: a trash entry's change time") { db in
            try db.execute(sql: "ALTER TABLE trashed ADD COLUMN trashCtimeNs INTEGER")
        }
    }
}
