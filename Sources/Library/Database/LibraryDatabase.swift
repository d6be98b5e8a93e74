import FileSystem
import Foundation
import GRDB

/// The one door to `library.sqlite`: every read and write of the index goes through here.
///
/// WAL mode, so `clean items` can read while a scan writes. A database locked by another
/// `clean` is waited on for a few seconds, then reported in one sentence.
public final class LibraryDatabase: Sendable {
    private let writer: DatabasePool
    public let path: String
    /// Called before every write transaction: the crash harness's kill point between two transactions.
    private let beforeEachWrite: (@Sendable () -> Void)?

    /// How long a second `clean` waits for the first one's write lock before giving up.
    public static let lockTimeout: TimeInterval = 5

    /// Helper threads SQLite's sorter may start besides the calling one: one per other core, at most 3.
    static let sorterThreads = max(0, min(3, ProcessInfo.processInfo.activeProcessorCount - 1))

    /// Opens (creating if needed) the database at `path` and brings its schema up to date.
    public init(path: String, lockTimeout: TimeInterval = LibraryDatabase.lockTimeout,
                beforeEachWrite: (@Sendable () -> Void)? = nil) throws(LibraryError) {
        self.path = path
        self.beforeEachWrite = beforeEachWrite
        var configuration = Configuration()
        configuration.busyMode = .timeout(lockTimeout)
        configuration.foreignKeysEnabled = true
        // The move journal lives here: a committed state must survive a power cut, not only a crash.
        configuration.prepareDatabase { db in
            try db.execute(sql: "PRAGMA synchronous = FULL")
            // Large sorts (CREATE INDEX after a cold scan, ORDER BY over the whole index) use the other
            // cores too: SQLite's sorter sorts runs on helper threads and merges them.
            try db.execute(sql: "PRAGMA threads = \(Self.sorterThreads)")
        }
        do {
            writer = try DatabasePool(path: path, configuration: configuration)
            try Migrations.migrator.migrate(writer)
            // A cold scan cut off before it built the indexes it dropped (see DeferredIndexes).
            if try writer.read(DeferredIndexes.orphaned) { try writer.write { db in try DeferredIndexes.build(db) } }
        } catch {
            throw LibraryError.database(path: path, error)
        }
    }

    /// Runs `body` in one write transaction.
    package func write<T>(_ body: (Database) throws -> T) throws(LibraryError) -> T {
        beforeEachWrite?()
        do { return try writer.write(body) } catch let error as LibraryError { throw error } catch {
            throw LibraryError.database(path: path, error)
        }
    }

    /// Runs `body` in one write transaction with foreign keys off, for writes that set no foreign
    /// key and delete no row (a scan's new and changed files, which link to nothing yet). With
    /// foreign keys and the `linkedBytes` triggers on, SQLite keeps a statement journal for every
    /// INSERT into `item`, in a temporary file once a statement's pages pass 64 KiB: 26 writes
    /// per file. Used with `OR FAIL` statements, which need none: a failure rolls back the whole
    /// transaction.
    package func writeWithoutForeignKeys<T>(_ body: (Database) throws -> T) throws(LibraryError) -> T {
        beforeEachWrite?()
        do {
            return try writer.writeWithoutTransaction { db in
                try db.execute(sql: "PRAGMA foreign_keys = OFF")
                defer { try? db.execute(sql: "PRAGMA foreign_keys = ON") }
                var result: T?
                try db.inTransaction(.immediate) {
                    result = try body(db)
                    return .commit
                }
                return result!
            }
        } catch let error as LibraryError { throw error } catch {
            throw LibraryError.database(path: path, error)
        }
    }

    /// Runs `body` on a read-only snapshot.
    package func read<T>(_ body: (Database) throws -> T) throws(LibraryError) -> T {
        do { return try writer.read(body) } catch let error as LibraryError { throw error } catch {
            throw LibraryError.database(path: path, error)
        }
    }
}
