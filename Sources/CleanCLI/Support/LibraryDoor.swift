import FileSystem
import Foundation
import Library
import Synchronization

/// The one way into `library.sqlite` for a process: opened at most once, when a command first needs it, and
/// on that first open any move or round credit a crash interrupted is finished before the command reads
/// anything (unless another clean holds the mover's lock: then it is finishing its own work).
final class LibraryDoor: Sendable {
    private let opened = Mutex<LibraryDatabase?>(nil)

    /// The open database, opening it (and creating the file when `create`) on first use; nil when it does not
    /// exist and `create` is false, so read-only commands never create state.
    func library(at path: String, create: Bool, reconcile: (LibraryDatabase) throws -> Void) throws -> LibraryDatabase? {
        if let library = opened.withLock({ $0 }) { return library }
        guard create || FileManager.default.fileExists(atPath: path) else { return nil }
        let library = try LibraryDatabase(path: path)
        opened.withLock { $0 = library }
        if try library.hasInterruptedWork() { try reconcile(library) }
        return library
    }
}
