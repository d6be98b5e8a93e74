import GRDB

extension Migrations {
    /// v25: similar videos. A video's fingerprint (`Imaging.VideoFingerprint`'s bytes: the hash of each frame
    /// sampled, with its time) in a table of its own, with how long the video plays and how its sampling ended
    /// (`fingerprint`, or `no-frames`, `timed-out`, `failed` and no bytes: such a video is not decoded again
    /// while it is unchanged). Gone with its item, and when the file changes (a rewritten row's size, mtime or
    /// inode), by triggers. Every video is new to it: the next scan with ffmpeg samples each once.
    static func registerSimilarVideos(_ migrator: inout DatabaseMigrator) {
        migrator.registerMigration("v25: similar videos") { db in
            try db.execute(sql: """
                CREATE TABLE videoFingerprint (item INTEGER PRIMARY KEY, outcome TEXT NOT NULL, duration REAL, samples BLOB);
                CREATE TRIGGER videoFingerprint_gone AFTER DELETE ON item BEGIN DELETE FROM videoFingerprint WHERE item = old.id; END;
                CREATE TRIGGER videoFingerprint_changed AFTER UPDATE OF size, mtimeNs, inode ON item
                BEGIN DELETE FROM videoFingerprint WHERE item = new.id; END;
                """)
        }
    }
}
