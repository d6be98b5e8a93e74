#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import FileSystem

/// Every file call the trash makes that can fail: the seam where tests inject ENOSPC, EIO or
/// EROFS, and where the crash harness kills the process between two calls.
///
/// Descriptors are plain `Int32`s; each call throws a `FileSystemError` naming the operation
/// and the path, ready to be shown to a person.
public protocol FileOperations: AnyObject {
    /// `lstat(2)`: never follows a symbolic link.
    func status(_ path: RawPath) throws(FileSystemError) -> FileStatus
    /// The entries of a directory, without "." and "..".
    func list(_ directory: RawPath) throws(FileSystemError) -> [DirectoryEntry]
    /// `open(O_RDONLY | O_NOFOLLOW)`.
    func openForReading(_ path: RawPath) throws(FileSystemError) -> Int32
    /// `open(O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW)`: fails with EEXIST if anything is there.
    func createExclusive(_ path: RawPath, permissions: UInt32) throws(FileSystemError) -> Int32
    /// `open(O_WRONLY | O_APPEND | O_CREAT | O_NOFOLLOW)`: a log that only grows.
    func openForAppending(_ path: RawPath, permissions: UInt32) throws(FileSystemError) -> Int32
    /// One `read(2)`; 0 at the end of the file.
    func read(_ descriptor: Int32, into buffer: UnsafeMutableRawBufferPointer, path: RawPath) throws(FileSystemError) -> Int
    /// Writes all of `bytes` (looping over short writes).
    func write(_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer, path: RawPath) throws(FileSystemError)
    /// `fsync(2)` on an open file.
    func synchronize(_ descriptor: Int32, path: RawPath) throws(FileSystemError)
    /// Sets permissions and modification time on an open file (a copy keeps the original's).
    func setAttributes(_ descriptor: Int32, permissions: UInt32, mtimeNanoseconds: Int64, path: RawPath) throws(FileSystemError)
    /// `close(2)`. Never a kill point worth failing: errors after fsync are not reported.
    func close(_ descriptor: Int32)
    /// Opens a directory and `fsync(2)`s it, so a rename or unlink inside it is durable.
    func synchronizeDirectory(_ path: RawPath) throws(FileSystemError)
    /// `rename(2)`: replaces the target. Callers check the target is free first.
    func rename(_ source: RawPath, to target: RawPath) throws(FileSystemError)
    /// `unlink(2)`.
    func unlink(_ path: RawPath) throws(FileSystemError)
    /// `mkdir(2)`.
    func makeDirectory(_ path: RawPath, permissions: UInt32) throws(FileSystemError)
    /// `rmdir(2)`.
    func removeDirectory(_ path: RawPath) throws(FileSystemError)
    /// Whether a file may leave `directory` at all: fails with EROFS on a read-only mount (`statvfs`)
    /// and with the `access(2)` error when the directory's entries cannot be removed. Changes nothing.
    func checkLeavable(_ directory: RawPath) throws(FileSystemError)
}

/// The real file calls. Every path is reached one component at a time without following a
/// symbolic link anywhere on the way (`NoLinks`): the trash and every indexed path are
/// canonical, so a link met there was planted since, and nothing moves, reads or is removed
/// through it (`ELOOP`).
public final class SystemFileOperations: FileOperations {
    public init() {}

    public func status(_ path: RawPath) throws(FileSystemError) -> FileStatus {
        try NoLinks.status(path)
    }

    public func list(_ directory: RawPath) throws(FileSystemError) -> [DirectoryEntry] {
        try NoLinks.list(directory)
    }

    public func openForReading(_ path: RawPath) throws(FileSystemError) -> Int32 {
        // O_NONBLOCK: a FIFO planted in the trash is refused by the read, never waited on.
        try NoLinks.open(path, flags: O_RDONLY | O_NONBLOCK)
    }

    public func createExclusive(_ path: RawPath, permissions: UInt32) throws(FileSystemError) -> Int32 {
        try NoLinks.open(path, flags: O_WRONLY | O_CREAT | O_EXCL, permissions: permissions, operation: "create")
    }

    public func openForAppending(_ path: RawPath, permissions: UInt32) throws(FileSystemError) -> Int32 {
        try NoLinks.open(path, flags: O_WRONLY | O_APPEND | O_CREAT, permissions: permissions)
    }

    public func read(_ descriptor: Int32, into buffer: UnsafeMutableRawBufferPointer, path: RawPath) throws(FileSystemError) -> Int {
        while true {
            let got = Glibc.read(descriptor, buffer.baseAddress, buffer.count)
            if got >= 0 { return got }
            if errno != EINTR { throw FileSystemError.last("read", path) }
        }
    }

    public func write(_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer, path: RawPath) throws(FileSystemError) {
        var done = 0
        while done < bytes.count {
            let wrote = Glibc.write(descriptor, bytes.baseAddress! + done, bytes.count - done)
            if wrote < 0 {
                if errno == EINTR { continue }
                throw FileSystemError.last("write", path)
            }
            done += wrote
        }
    }

    public func synchronize(_ descriptor: Int32, path: RawPath) throws(FileSystemError) {
        guard fsync(descriptor) == 0 else { throw FileSystemError.last("sync", path) }
    }

    public func setAttributes(_ descriptor: Int32, permissions: UInt32, mtimeNanoseconds: Int64, path: RawPath) throws(FileSystemError) {
        guard fchmod(descriptor, mode_t(permissions & 0o7777)) == 0 else { throw FileSystemError.last("set permissions of", path) }
        let modified = timespec(tv_sec: Int(mtimeNanoseconds / 1_000_000_000), tv_nsec: Int(mtimeNanoseconds % 1_000_000_000))
        let leaveAccessTime = timespec(tv_sec: 0, tv_nsec: (1 << 30) - 2)  // UTIME_OMIT
        let times = [leaveAccessTime, modified]
        guard futimens(descriptor, times) == 0 else { throw FileSystemError.last("set the time of", path) }
    }

    public func close(_ descriptor: Int32) {
        _ = Glibc.close(descriptor)
    }

    public func synchronizeDirectory(_ path: RawPath) throws(FileSystemError) {
        let fd = try NoLinks.open(path, flags: O_RDONLY | O_DIRECTORY, operation: "open directory")
        defer { _ = Glibc.close(fd) }
        guard fsync(fd) == 0 else { throw FileSystemError.last("sync directory", path) }
    }

    public func rename(_ source: RawPath, to target: RawPath) throws(FileSystemError) {
        let result = try NoLinks.inParent(of: source, operation: "move") { from, fromName in
            Result { () throws(FileSystemError) -> Int32 in
                try NoLinks.inParent(of: target, operation: "move") { to, toName in renameat(from, fromName, to, toName) }
            }
        }.get()
        guard result == 0 else { throw FileSystemError.last("move", source) }
    }

    public func unlink(_ path: RawPath) throws(FileSystemError) {
        guard try NoLinks.inParent(of: path, operation: "remove", { unlinkat($0, $1, 0) }) == 0 else {
            throw FileSystemError.last("remove", path)
        }
    }

    public func makeDirectory(_ path: RawPath, permissions: UInt32) throws(FileSystemError) {
        guard try NoLinks.inParent(of: path, operation: "create directory", { mkdirat($0, $1, mode_t(permissions)) }) == 0 else {
            throw FileSystemError.last("create directory", path)
        }
    }

    public func removeDirectory(_ path: RawPath) throws(FileSystemError) {
        guard try NoLinks.inParent(of: path, operation: "remove directory", { unlinkat($0, $1, AT_REMOVEDIR) }) == 0 else {
            throw FileSystemError.last("remove directory", path)
        }
    }

    public func checkLeavable(_ directory: RawPath) throws(FileSystemError) {
        var info = statvfs()
        if directory.withCString({ statvfs($0, &info) }) == 0, info.f_flag & UInt(ST_RDONLY) != 0 {
            throw FileSystemError("move out of", directory, code: EROFS)
        }
        if directory.withCString({ access($0, W_OK | X_OK) }) != 0 { throw FileSystemError.last("move out of", directory) }
    }
}
