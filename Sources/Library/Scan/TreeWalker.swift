import FileSystem

/// Walks directory trees and returns their regular files with their `lstat`.
///
/// Never follows a symbolic link (a link to a photo is not a second photo, a link loop never
/// hangs), never opens a FIFO, socket or device, stays on each root's file system when asked,
/// and skips junk and trash directories by name. Errors are collected, never fatal.
struct TreeWalker {
    struct Entry: Sendable {
        let path: RawPath
        let status: FileStatus
    }

    struct Result: Sendable {
        var files: [Entry] = []
        var errors: [(path: RawPath, reason: String)] = []
        /// Directories that could not be listed: indexed files below them are kept, not dropped.
        var unlistable: [RawPath] = []
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

    /// Walks level by level: the directories of one level are listed on `jobs` threads at once
    /// (listing and `fstatat` are system calls that wait; two cores walk faster than one).
    func walk(_ roots: [RawPath], jobs: Int = 1, progress: (Int) -> Void = { _ in }) -> Result {
        var result = Result()
        var level: [(directory: RawPath, device: UInt64)] = []
        for root in roots {
            do {
                level.append((root, try linkStatus(root).device))
            } catch {
                // An unmounted phone is not an empty one: keep what the index knows below it.
                result.errors.append((root, error.reason))
                result.unlistable.append(root)
            }
        }
        while !level.isEmpty {
            let listed = (try? parallelMap(level, jobs: jobs, makeWorker: { () }) { _, directory in
                Swift.Result { () throws(FileSystemError) -> [StatusEntry] in try listDirectoryWithStatus(directory.directory) }
            }) ?? []
            var next: [(directory: RawPath, device: UInt64)] = []
            for (directory, listing) in zip(level, listed) {
                switch listing {
                case .failure(let error):
                    result.errors.append((directory.directory, error.reason))
                    result.unlistable.append(directory.directory)
                case .success(let entries):
                    for entry in entries where !isSkipped(entry.name) {
                        let path = directory.directory.appending(entry.name)
                        let status: FileStatus
                        switch entry.status {
                        case .success(let s): status = s
                        case .failure(let error):
                            if !error.isNotFound { result.errors.append((path, error.reason)) }
                            continue
                        }
                        switch status.kind {
                        case .regular:
                            result.files.append(Entry(path: path, status: status))
                        case .directory:
                            if excluded.contains(path) { continue }
                            if oneFileSystem && status.device != directory.device { continue }
                            next.append((path, directory.device))
                        case .symlink, .other: continue  // never followed, never opened
                        }
                    }
                }
            }
            progress(result.files.count)
            level = next
        }
        return result
    }

    private func isSkipped(_ name: [UInt8]) -> Bool {
        if skipNames.contains(name) { return true }
        return skipPrefixes.contains { name.starts(with: $0) }
    }
}
