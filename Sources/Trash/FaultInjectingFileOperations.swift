#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import FileSystem

/// Real file calls with faults on demand: fail the Nth call with an `errno`, fail every call a
/// rule matches (a read-only folder), or `SIGKILL` the process before the Nth change to disk.
///
/// Calls are numbered from 1. `calls` counts every call but `status`, `list`, `close` and `checkLeavable`;
/// `changes` counts only the calls that change or sync the disk (the kill points).
public final class FaultInjectingFileOperations: FileOperations {
    public enum Call: String, Sendable, CaseIterable {
        case status, list, open, create, read, write, synchronize, setAttributes, close
        case synchronizeDirectory, rename, unlink, makeDirectory, removeDirectory, checkLeavable

        /// True for calls that change what is on disk or make it durable.
        public var changesDisk: Bool {
            switch self {
            case .create, .write, .synchronize, .setAttributes, .synchronizeDirectory, .rename, .unlink,
                 .makeDirectory, .removeDirectory: true
            case .status, .list, .open, .read, .close, .checkLeavable: false
            }
        }
    }

    private let base: FileOperations
    /// Fail call number N (counted in `calls`) with this errno.
    public var failures: [Int: Int32]
    /// Kill the process just before change number N (counted in `changes`).
    public var killBeforeChange: Int?
    /// A standing rule: return an errno to fail the call, nil to let it run.
    public var rule: ((Call, RawPath) -> Int32?)?
    public private(set) var calls = 0
    public private(set) var changes = 0

    public init(_ base: FileOperations = SystemFileOperations(), failures: [Int: Int32] = [:],
                killBeforeChange: Int? = nil, rule: ((Call, RawPath) -> Int32?)? = nil) {
        self.base = base
        self.failures = failures
        self.killBeforeChange = killBeforeChange
        self.rule = rule
    }

    private func enter(_ call: Call, _ path: RawPath, _ name: String) throws(FileSystemError) {
        if call.changesDisk {
            changes += 1
            if changes == killBeforeChange { kill(getpid(), SIGKILL) }
        }
        if call != .status && call != .list && call != .close && call != .checkLeavable {
            calls += 1
            if let code = failures[calls] { throw FileSystemError(name, path, code: code) }
        }
        if let code = rule?(call, path) { throw FileSystemError(name, path, code: code) }
    }

    public func status(_ path: RawPath) throws(FileSystemError) -> FileStatus {
        try enter(.status, path, "stat")
        return try base.status(path)
    }

    public func list(_ directory: RawPath) throws(FileSystemError) -> [DirectoryEntry] {
        try enter(.list, directory, "open directory")
        return try base.list(directory)
    }

    public func openForReading(_ path: RawPath) throws(FileSystemError) -> Int32 {
        try enter(.open, path, "open")
        return try base.openForReading(path)
    }

    public func createExclusive(_ path: RawPath, permissions: UInt32) throws(FileSystemError) -> Int32 {
        try enter(.create, path, "create")
        return try base.createExclusive(path, permissions: permissions)
    }

    public func openForAppending(_ path: RawPath, permissions: UInt32) throws(FileSystemError) -> Int32 {
        try enter(.create, path, "open")
        return try base.openForAppending(path, permissions: permissions)
    }

    public func read(_ descriptor: Int32, into buffer: UnsafeMutableRawBufferPointer, path: RawPath) throws(FileSystemError) -> Int {
        try enter(.read, path, "read")
        return try base.read(descriptor, into: buffer, path: path)
    }

    public func write(_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer, path: RawPath) throws(FileSystemError) {
        try enter(.write, path, "write")
        try base.write(descriptor, bytes, path: path)
    }

    public func synchronize(_ descriptor: Int32, path: RawPath) throws(FileSystemError) {
        try enter(.synchronize, path, "sync")
        try base.synchronize(descriptor, path: path)
    }

    public func setAttributes(_ descriptor: Int32, permissions: UInt32, mtimeNanoseconds: Int64, path: RawPath) throws(FileSystemError) {
        try enter(.setAttributes, path, "set attributes of")
        try base.setAttributes(descriptor, permissions: permissions, mtimeNanoseconds: mtimeNanoseconds, path: path)
    }

    public func close(_ descriptor: Int32) {
        base.close(descriptor)
    }

    public func synchronizeDirectory(_ path: RawPath) throws(FileSystemError) {
        try enter(.synchronizeDirectory, path, "sync directory")
        try base.synchronizeDirectory(path)
    }

    public func rename(_ source: RawPath, to target: RawPath) throws(FileSystemError) {
        try enter(.rename, source, "move")
        try base.rename(source, to: target)
    }

    public func unlink(_ path: RawPath) throws(FileSystemError) {
        try enter(.unlink, path, "remove")
        try base.unlink(path)
    }

    public func makeDirectory(_ path: RawPath, permissions: UInt32) throws(FileSystemError) {
        try enter(.makeDirectory, path, "create directory")
        try base.makeDirectory(path, permissions: permissions)
    }

    public func removeDirectory(_ path: RawPath) throws(FileSystemError) {
        try enter(.removeDirectory, path, "remove directory")
        try base.removeDirectory(path)
    }

    public func checkLeavable(_ directory: RawPath) throws(FileSystemError) {
        try enter(.checkLeavable, directory, "move out of")
        try base.checkLeavable(directory)
    }
}
