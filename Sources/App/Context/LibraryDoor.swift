import FileSystem
import Foundation
import Library
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// The one way into `library.sqlite` for a process: opened at most once, when a command first needs it, and
/// on that first open any move or round credit a crash interrupted is finished before the command reads
/// anything (unless another clean holds the mover's lock: then it is finishing its own work).
///
/// A command that only reads still works when the state folder is read-only (a backup mounted read-only, a
/// locked-down home): it reads a snapshot copy of the index in the temporary folder, removed at exit, and is
/// told so on stderr. A command that writes is never given the snapshot.
package final class LibraryDoor: Sendable {
    /// What the caller will do with the database.
    package enum Intent {
        /// Only read: nil when there is no database; a snapshot when the state folder cannot be written.
        case read
        /// Change an existing database: nil when there is none.
        case write
        /// Change it, creating it first if needed.
        case create
    }

    private struct Opened {
        let library: LibraryDatabase
        let isSnapshot: Bool
    }

    private let opened = Mutex<Opened?>(nil)
    /// Held while the database is opened: the web app's requests come on several threads, and two first
    /// opens at once would both migrate a new index.
    private let opening = NSLock()

    package func library(at path: String, intent: Intent, reconcile: (LibraryDatabase) throws -> Void) throws -> LibraryDatabase? {
        opening.lock()
        defer { opening.unlock() }
        if let cached = opened.withLock({ $0 }) {
            guard cached.isSnapshot, intent != .read else { return cached.library }
            throw CleanError(Self.readOnlyMessage(path))
        }
        guard intent == .create || FileManager.default.fileExists(atPath: path) else { return nil }
        if intent == .read, !Self.isWritable(path) {
            let library = try Snapshots.open(path)
            opened.withLock { $0 = Opened(library: library, isSnapshot: true) }
            let folder = (path as NSString).deletingLastPathComponent
            AppLog.warn("clean: \(access(folder, W_OK) == 0 ? "the index \(path) is read-only" : "\(folder) is read-only"): "
                        + "showing the index as it is; nothing can be changed there")
            if try library.hasInterruptedWork() {
                AppLog.warn("clean: a move or restore a crash interrupted waits to be finished by a clean that can write there")
            }
            return library
        }
        let library = try LibraryDatabase(path: path)
        opened.withLock { $0 = Opened(library: library, isSnapshot: false) }
        if try library.hasInterruptedWork() { try reconcile(library) }
        return library
    }

    /// SQLite writes beside the database (its WAL and shared-memory files), so both must be writable.
    private static func isWritable(_ path: String) -> Bool {
        access(path, W_OK) == 0 && access((path as NSString).deletingLastPathComponent, W_OK) == 0
    }

    package static func readOnlyMessage(_ path: String) -> String {
        let folder = (path as NSString).deletingLastPathComponent
        // The file's own permissions, or its folder's (SQLite writes its journal and WAL beside it).
        if access(path, W_OK) != 0, access(folder, W_OK) == 0 {
            return "the index \(path) is read-only (the file itself, not its folder), so it cannot be changed; "
                + "make it writable (chmod u+w '\(path)') or set SWIPECLEAN_HOME to a writable folder; nothing was changed"
        }
        return "the state folder \(folder) is read-only, so \(path) cannot be changed; "
            + "make it writable or set SWIPECLEAN_HOME to a writable folder; nothing was changed"
    }
}

/// Copies of a read-only index in the temporary folder, removed when the process exits.
package enum Snapshots {
    private static let folders = Mutex<[String]>([])

    package static func open(_ path: String) throws -> LibraryDatabase {
        let folder = NSTemporaryDirectory() + "swipeclean-snapshot-\(UUID().uuidString)"
        let manager = FileManager.default
        do {
            try manager.createDirectory(atPath: folder, withIntermediateDirectories: true)
            let isFirst = folders.withLock { list in list.append(folder); return list.count == 1 }
            if isFirst { atexit { Snapshots.removeAll() } }
            for suffix in ["", "-wal"] where manager.fileExists(atPath: path + suffix) {
                let copy = folder + "/library.sqlite" + suffix
                try manager.copyItem(atPath: path + suffix, toPath: copy)
                try manager.setAttributes([.posixPermissions: 0o600], ofItemAtPath: copy)
            }
        } catch {
            throw CleanError("cannot read \(path) from a read-only folder: copying it to \(folder) failed "
                             + "(\((error as NSError).localizedDescription)); set TMPDIR to a writable folder with room for it")
        }
        return try LibraryDatabase(path: folder + "/library.sqlite")
    }

    package static func removeAll() {
        for folder in folders.withLock({ $0 }) { try? FileManager.default.removeItem(atPath: folder) }
    }
}
