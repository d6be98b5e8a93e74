#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What `lstat(2)` says about a path: the facts a scan indexes and a move re-checks.
public struct FileStatus: Equatable, Hashable, Sendable {
    public enum Kind: Sendable, Equatable { case regular, directory, symlink, other }

    public var kind: Kind
    public var size: Int64
    /// Modification time in nanoseconds since the Unix epoch.
    public var mtimeNanoseconds: Int64
    public var inode: UInt64
    public var device: UInt64
    /// Inode change time (`st_ctim`) in nanoseconds since the Unix epoch; 0 when unknown (an
    /// index written before it was recorded). Nothing in user space can set it back: a rewrite
    /// that restores size and mtime still moves it.
    public var ctimeNanoseconds: Int64
    public var linkCount: UInt64
    /// Mode bits below the file type: permissions plus set-id and sticky (`0o1000`).
    public var permissions: UInt32
    /// `st_uid`: who owns it (a volume trash must be the user's own folder).
    public var owner: UInt32

    public init(kind: Kind, size: Int64, mtimeNanoseconds: Int64, inode: UInt64, device: UInt64,
                linkCount: UInt64 = 1, permissions: UInt32 = 0o644, ctimeNanoseconds: Int64 = 0, owner: UInt32 = 0) {
        self.kind = kind
        self.size = size
        self.mtimeNanoseconds = mtimeNanoseconds
        self.inode = inode
        self.device = device
        self.linkCount = linkCount
        self.permissions = permissions
        self.ctimeNanoseconds = ctimeNanoseconds
        self.owner = owner
    }

    init(_ raw: stat) {
        let type = raw.st_mode & S_IFMT
        switch type {
        case S_IFREG: kind = .regular
        case S_IFDIR: kind = .directory
        case S_IFLNK: kind = .symlink
        default: kind = .other
        }
        size = Int64(raw.st_size)
        #if canImport(Glibc)
        mtimeNanoseconds = Int64(raw.st_mtim.tv_sec) * 1_000_000_000 + Int64(raw.st_mtim.tv_nsec)
        ctimeNanoseconds = Int64(raw.st_ctim.tv_sec) * 1_000_000_000 + Int64(raw.st_ctim.tv_nsec)
        #else
        mtimeNanoseconds = Int64(raw.st_mtimespec.tv_sec) * 1_000_000_000 + Int64(raw.st_mtimespec.tv_nsec)
        ctimeNanoseconds = Int64(raw.st_ctimespec.tv_sec) * 1_000_000_000 + Int64(raw.st_ctimespec.tv_nsec)
        #endif
        inode = UInt64(raw.st_ino)
        device = UInt64(raw.st_dev)
        linkCount = UInt64(raw.st_nlink)
        permissions = UInt32(raw.st_mode & 0o7777)
        owner = UInt32(raw.st_uid)
    }

    /// The same file, unchanged: what a re-check before a move compares. Size, mtime and inode,
    /// and the change time when both sides know it (a same-size rewrite that puts the mtime back,
    /// or a new file that reuses the inode, still has a new ctime).
    /// The same version on the same device (when both say which): what a file served from the index
    /// must be, since an inode number means nothing on another file system.
    public func isSameFile(as other: FileStatus) -> Bool {
        isSameVersion(as: other) && (device == 0 || other.device == 0 || device == other.device)
    }

    public func isSameVersion(as other: FileStatus) -> Bool {
        size == other.size && mtimeNanoseconds == other.mtimeNanoseconds && inode == other.inode
            && (ctimeNanoseconds == 0 || other.ctimeNanoseconds == 0 || ctimeNanoseconds == other.ctimeNanoseconds)
    }
}

/// `lstat(2)`: never follows a symbolic link.
public func linkStatus(_ path: RawPath) throws(FileSystemError) -> FileStatus {
    var raw = stat()
    let result = path.withCString { lstat($0, &raw) }
    guard result == 0 else { throw FileSystemError.last("stat", path) }
    return FileStatus(raw)
}

/// True when something (a file, a directory, a dangling link) exists at `path`.
public func pathExists(_ path: RawPath) -> Bool {
    var raw = stat()
    return path.withCString { lstat($0, &raw) } == 0
}
