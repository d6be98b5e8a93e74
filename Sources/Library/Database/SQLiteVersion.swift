import GRDBSQLite

/// The version of the SQLite library the index runs on, for `clean --version` and bug reports.
public enum SQLiteVersion {
    /// e.g. "3.40.1".
    public static var text: String { String(cString: sqlite3_libversion()) }
}
