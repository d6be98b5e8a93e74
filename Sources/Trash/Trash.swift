#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import FileSystem
import Foundation

/// A FreeDesktop.org trash directory (`files/` + `info/`): moving in, recovery, restore, listing, emptying.
///
/// Every file call goes through `operations`, the clock through `now`. Not shared between threads.
public final class Trash {
    public let root: RawPath
    public let operations: FileOperations
    public let timeZone: TimeZone
    let now: () -> Date
    /// Copy even when `rename(2)` would do: tests the cross-device path on one file system.
    public var forceCopy: Bool
    /// Only ever `rename(2)` into this trash (the desktop's, shared with the file manager): a file on
    /// another volume is not moved, never copied. Off for clean's own trash, which verifies a copy.
    public var renameOnly = false
    /// With `renameOnly`: a file on another volume is renamed into that volume's own trash
    /// (`$topdir/.Trash/$UID` or `$topdir/.Trash-$UID`, FreeDesktop.org) instead of staying put.
    public var usesVolumeTrashes = false
    /// The volume trashes opened so far, by root (`VolumeTrash.swift`).
    var volumes: [RawPath: Trash] = [:]

    public var filesDirectory: RawPath { root.appending("files") }
    public var infoDirectory: RawPath { root.appending("info") }

    /// Opens the trash at `root`, creating `root`, `files/` and `info/` (mode 0700) when missing.
    public init(root: RawPath, operations: FileOperations = SystemFileOperations(), timeZone: TimeZone = .current,
                now: @escaping () -> Date = Date.init, forceCopy: Bool = false) throws(FileSystemError) {
        guard root.isAbsolute else { throw FileSystemError("open trash", root, code: EINVAL) }
        self.root = root
        self.operations = operations
        self.timeZone = timeZone
        self.now = now
        self.forceCopy = forceCopy
        try makeDirectories(root, permissions: 0o700)
        for directory in [filesDirectory, infoDirectory] where !exists(directory) {
            try operations.makeDirectory(directory, permissions: 0o700)
        }
    }

    // MARK: - Paths

    func filePath(_ name: [UInt8]) -> RawPath { filesDirectory.appending(name) }
    func infoPath(_ name: [UInt8]) -> RawPath { infoDirectory.appending(name + Array(".trashinfo".utf8)) }
    /// Where a cross-device copy is written before it is verified and renamed to its name.
    func partialPath(_ key: MoveKey) -> RawPath {
        filesDirectory.appending(".swipeclean-partial-\(key.batch)-\(key.itemID)-\(key.part)")
    }

    // MARK: - Small helpers over the seam

    func statusIfPresent(_ path: RawPath) throws(FileSystemError) -> FileStatus? {
        do { return try operations.status(path) } catch where error.isNotFound { return nil }
    }

    /// True unless `lstat` says nothing is there (an unreadable path counts as taken).
    func exists(_ path: RawPath) -> Bool {
        do { return try statusIfPresent(path) != nil } catch { return true }
    }

    func readSmallFileIfPresent(_ path: RawPath) throws(FileSystemError) -> [UInt8]? {
        do { return try readSmallFile(path) } catch where error.isNotFound { return nil }
    }

    /// `unlink(2)` that treats "already gone" as done.
    func removeIfPresent(_ path: RawPath) throws(FileSystemError) {
        do { try operations.unlink(path) } catch where error.isNotFound {}
    }

    /// `mkdir -p`: creates each missing directory on the way to `path`.
    func makeDirectories(_ path: RawPath, permissions: UInt32) throws(FileSystemError) {
        var prefix: [UInt8] = []
        for component in path.bytes.split(separator: UInt8(ascii: "/")) {
            prefix += [UInt8(ascii: "/")] + component
            let current = RawPath(bytes: prefix)
            if let status = try statusIfPresent(current) {
                guard status.kind == .directory else { throw FileSystemError("create directory", current, code: ENOTDIR) }
                continue
            }
            do { try operations.makeDirectory(current, permissions: permissions) } catch where error.code == EEXIST {}
        }
    }

    /// Writes `bytes` to a new file with `O_EXCL` and syncs the file and its directory.
    func writeNewFile(_ path: RawPath, _ bytes: [UInt8]) throws(FileSystemError) {
        let fd = try operations.createExclusive(path, permissions: 0o600)
        do {
            try bytes.withUnsafeBytes { raw in
                Result { () throws(FileSystemError) in try operations.write(fd, raw, path: path) }
            }.get()
            try operations.synchronize(fd, path: path)
        } catch {
            operations.close(fd)
            throw error
        }
        operations.close(fd)
        try operations.synchronizeDirectory(path.parent)
    }

    /// `writeNewFile`, returning false instead of failing when the name is already taken.
    func writeNewFileUnlessTaken(_ path: RawPath, _ bytes: [UInt8]) throws(FileSystemError) -> Bool {
        do { try writeNewFile(path, bytes) } catch where error.code == EEXIST { return false }
        return true
    }

    /// `rename(2)`, returning false instead of failing when the two are on different file systems.
    func renameUnlessCrossDevice(_ source: RawPath, to target: RawPath) throws(FileSystemError) -> Bool {
        do { try operations.rename(source, to: target) } catch where error.code == EXDEV { return false }
        return true
    }

    /// `unlink(2)`, returning the failure instead of throwing it (nil when done or already gone).
    func unlinkReportingFailure(_ path: RawPath) -> FileSystemError? {
        do { try operations.unlink(path) } catch where !error.isNotFound { return error } catch {}
        return nil
    }

    /// All of a small file (a `.trashinfo`), refusing more than `limit` bytes.
    func readSmallFile(_ path: RawPath, limit: Int = 64 << 10) throws(FileSystemError) -> [UInt8] {
        let fd = try operations.openForReading(path)
        defer { operations.close(fd) }
        var result: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 16 << 10)
        while true {
            let got = try buffer.withUnsafeMutableBytes { raw in
                Result { () throws(FileSystemError) in try operations.read(fd, into: raw, path: path) }
            }.get()
            if got == 0 { return result }
            result += buffer[..<got]
            if result.count > limit { throw FileSystemError("read", path, code: EFBIG) }
        }
    }

    /// Copies `source` to `target` the careful way: into `temporary` with `O_EXCL`, synced,
    /// compared byte for byte with a source that still matches `expected`, then renamed into
    /// place. On any failure the temporary copy is removed and the source is untouched.
    func copyVerified(_ source: RawPath, expected: FileStatus, to target: RawPath, via temporary: RawPath) throws(TrashFailure) {
        do {
            let input = try operations.openForReading(source)
            defer { operations.close(input) }
            let output = try operations.createExclusive(temporary, permissions: 0o600)
            var open = true
            do {
                var buffer = [UInt8](repeating: 0, count: 1 << 20)
                while true {
                    let got = try buffer.withUnsafeMutableBytes { raw in
                        Result { () throws(FileSystemError) in try operations.read(input, into: raw, path: source) }
                    }.get()
                    if got == 0 { break }
                    try buffer.withUnsafeBytes { raw in
                        Result { () throws(FileSystemError) in
                            try operations.write(output, UnsafeRawBufferPointer(rebasing: raw[..<got]), path: temporary)
                        }
                    }.get()
                }
                try operations.setAttributes(output, permissions: expected.permissions, mtimeNanoseconds: expected.mtimeNanoseconds, path: temporary)
                try operations.synchronize(output, path: temporary)
                operations.close(output)
                open = false
                try operations.synchronizeDirectory(temporary.parent)
                guard try operations.status(source).isSameVersion(as: expected) else {
                    throw TrashFailure("'\(source)' changed while it was being copied")
                }
                guard try sameContent(source, temporary) else {
                    throw TrashFailure("the copy of '\(source)' did not read back the same")
                }
                if try statusIfPresent(target) != nil { throw FileSystemError("move", temporary, code: EEXIST) }
                try operations.rename(temporary, to: target)
                try operations.synchronizeDirectory(target.parent)
            } catch {
                if open { operations.close(output) }
                try? removeIfPresent(temporary)
                throw error
            }
        } catch let error as TrashFailure {
            throw error
        } catch let error as FileSystemError {
            throw TrashFailure(error)
        } catch {
            throw TrashFailure("\(error)")
        }
    }
}

/// Why one file did not move, restore or purge, in words for a person.
public struct TrashFailure: Error, Equatable, Sendable, CustomStringConvertible {
    public let description: String
    /// The system error behind it, when there is one.
    public let code: Int32?

    public init(_ description: String, code: Int32? = nil) {
        self.description = description
        self.code = code
    }

    /// Explains a failed call, adding what a read-only folder or a full disk means here.
    public init(_ error: FileSystemError) {
        var text = error.description
        switch error.code {
        case EACCES, EPERM, EROFS:
            text += " (the folder '\(error.path.parent)' is read-only or not yours; nothing was changed)"
        case ENOSPC, EDQUOT:
            // The disk of the path that failed: the trash's on a move, the library's on a restore.
            text += " (the disk that holds '\(error.path.parent)' is full: free some space there and try again; nothing was changed)"
        case EIO:
            text += " (the disk reported an error; nothing was changed)"
        default:
            break
        }
        self.init(text, code: error.code)
    }
}
