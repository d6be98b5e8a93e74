import FileSystem
import Library

/// Walks directory trees and hands over their regular files folder by folder, with their `lstat`.
///
/// Never follows a symbolic link (a link to a photo is not a second photo, a link loop never
/// hangs), never opens a FIFO, socket or device, stays on each root's file system when asked,
/// and skips junk and trash directories by name. Errors are collected, never fatal. Only the
/// folders being listed are in memory, never the whole tree: a million files walk in the
/// memory of the largest folder.
struct TreeWalker {
    struct Entry: Sendable {
        let path: RawPath
        let status: FileStatus
        /// Whether the file's folder held a `.json` file when listed: a Takeout sidecar is looked
        /// for only then (Inspector's `sidecars`).
        var folderHasJSON = true
        /// The `store` row of the store another program owns that the file lies in, if any.
        var store: Int64?
        /// A cache's or another trash's file: counted, not read (`StoreKind.leftUnread`).
        var unread = false
    }

    /// One listed directory: its regular files sorted by name (byte order) and the names of the
    /// subdirectories the walk goes into. Index rows below any other subdirectory are gone.
    struct Folder: Sendable {
        let path: RawPath
        /// The store another program owns that this folder lies in (or is the root of), if any.
        var store: Store?
        var files: [(name: [UInt8], status: FileStatus)] = []
        var subdirectories: Set<[UInt8]> = []

        /// A store's root folder and what it is.
        struct Store: Sendable, Equatable {
            let root: RawPath
            let kind: StoreKind
        }

        /// Whether any of its files is named `….json`, as every Takeout sidecar is.
        var hasJSON: Bool { files.contains { $0.name.count > 5 && $0.name.suffix(5).elementsEqual(".json".utf8) } }
    }

    struct Result: Sendable {
        var files = 0
        /// What could not be listed or stat'ed. Index rows below a directory that could not be
        /// listed are never compared, so they are kept, not dropped (an unmounted phone is not empty).
        var errors: [(path: RawPath, reason: String)] = []
    }

    let skipNames: Set<[UInt8]>
    let skipPrefixes: [[UInt8]]
    let oneFileSystem: Bool
    /// Absolute paths never entered (the app's own state and trash).
    let excluded: Set<RawPath>

    init(options: ScanOptions, excluded: [RawPath]) {
        skipNames = Set(options.skipNames.map { Array($0.utf8) })
        skipPrefixes = options.skipPrefixes.map { Array($0.utf8) }
        oneFileSystem = options.oneFileSystem
        self.excluded = Set(excluded)
    }

    /// Directories listed at once, on `jobs` threads (listing and `fstatat` are system calls that
    /// wait; two cores walk faster than one).
    static let directoriesPerRound = 16

    /// Walks breadth first, a few directories at a time, and calls `visit` with each listed folder.
    func walk(_ roots: [RawPath], jobs: Int = 1, progress: (Int) -> Void = { _ in },
              visit: (Folder) throws -> Void) throws -> Result {
        var result = Result()
        var queue: [(directory: RawPath, device: UInt64, store: Folder.Store?)] = []
        for root in roots {
            do {
                queue.append((root, try linkStatus(root).device, nil))
            } catch {
                result.errors.append((root, error.reason))
            }
        }
        var next = 0
        while next < queue.count {
            let round = Array(queue[next..<min(next + Self.directoriesPerRound, queue.count)])
            next += round.count
            if next > 4096 {  // the queue holds directories still to list, not every one listed
                queue.removeFirst(next)
                next = 0
            }
            let listed = (try? parallelMap(round, jobs: jobs, makeWorker: { () }) { _, directory in
                Swift.Result { () throws(FileSystemError) -> [StatusEntry] in try listDirectoryWithStatus(directory.directory) }
            }) ?? []
            for (directory, listing) in zip(round, listed) {
                switch listing {
                case .failure(let error):
                    result.errors.append((directory.directory, error.reason))
                case .success(let entries):
                    var folder = Folder(path: directory.directory, store: directory.store ?? Self.store(directory.directory, entries))
                    for entry in entries where !isSkipped(entry.name) {
                        let status: FileStatus
                        switch entry.status {
                        case .success(let s): status = s
                        case .failure(let error):
                            if !error.isNotFound { result.errors.append((directory.directory.appending(entry.name), error.reason)) }
                            continue
                        }
                        switch status.kind {
                        case .regular:
                            folder.files.append((entry.name, status))
                        case .directory:
                            let path = directory.directory.appending(entry.name)
                            if excluded.contains(path) { continue }
                            if oneFileSystem && status.device != directory.device { continue }
                            folder.subdirectories.insert(entry.name)
                            queue.append((path, directory.device, folder.store))
                        case .symlink, .other: continue  // never followed, never opened
                        }
                    }
                    folder.files.sort { $0.name.lexicographicallyPrecedes($1.name) }
                    result.files += folder.files.count
                    try visit(folder)
                }
            }
            progress(result.files)
        }
        return result
    }

    /// The store `directory` is the root of, told from its listing (`StoreRecognizer`), if any.
    private static func store(_ directory: RawPath, _ entries: [StatusEntry]) -> Folder.Store? {
        func names(_ kind: FileStatus.Kind) -> [[UInt8]] {
            entries.compactMap { entry in (try? entry.status.get())?.kind == kind ? entry.name : nil }
        }
        return StoreRecognizer.folder(named: directory.lastComponent, files: names(.regular), subfolders: names(.directory))
            .map { Folder.Store(root: directory, kind: $0) }
    }

    private func isSkipped(_ name: [UInt8]) -> Bool {
        if skipNames.contains(name) { return true }
        return skipPrefixes.contains { name.starts(with: $0) }
    }
}
