#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Paths reached one component at a time with `openat(O_NOFOLLOW)`, so that no symbolic link
/// in any component (not only the last) is ever followed.
///
/// `lstat`, `open(O_NOFOLLOW)` and `rename` refuse or keep a link only in the last component: a
/// folder on the way replaced by a link to elsewhere is walked through silently. The trash and
/// every indexed path are canonical (a scan resolves its roots with `realpath`), so a link met on
/// the way means the tree changed since: these calls refuse it with `ELOOP`.
public enum NoLinks {
    /// Calls `body` with a descriptor of the directory that holds `path`'s last component and
    /// that component's name. `errno` is what `body` left when it returns.
    ///
    /// Fails with `ELOOP` when a folder on the way is a symbolic link, `ENOTDIR` when it is
    /// something else, `EINVAL` for a path with a `..` component or no last component.
    public static func inParent<T>(of path: RawPath, operation: String,
                                   _ body: (Int32, UnsafePointer<CChar>) -> T) throws(FileSystemError) -> T {
        var components = path.bytes.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: true)
            .filter { !$0.elementsEqual([UInt8(ascii: ".")]) }
        guard let last = components.popLast(), !components.contains(where: Self.isDotDot), !Self.isDotDot(last) else {
            throw FileSystemError(operation, path, code: EINVAL)
        }
        var directory = openat(AT_FDCWD, path.isAbsolute ? "/" : ".", Self.directoryFlags)
        guard directory >= 0 else { throw FileSystemError.last(operation, path) }
        for component in components {
            let next = Self.withName(component) { name in openat(directory, name, Self.directoryFlags) }
            if next < 0 {
                let code = Self.explain(errno, component, in: directory)
                close(directory)
                throw FileSystemError(operation, path, code: code)
            }
            close(directory)
            directory = next
        }
        let result = Self.withName(last) { name in body(directory, name) }
        let saved = errno
        close(directory)
        errno = saved
        return result
    }

    /// `lstat` of `path`, no link followed anywhere on the way.
    public static func status(_ path: RawPath) throws(FileSystemError) -> FileStatus {
        var raw = stat()
        let result = try inParent(of: path, operation: "stat") { fd, name in fstatat(fd, name, &raw, AT_SYMLINK_NOFOLLOW) }
        guard result == 0 else { throw FileSystemError.last("stat", path) }
        return FileStatus(raw)
    }

    /// `open(2)` of `path` with `flags` (plus `O_NOFOLLOW | O_CLOEXEC`), no link followed anywhere.
    public static func open(_ path: RawPath, flags: Int32, permissions: UInt32 = 0, operation: String = "open") throws(FileSystemError) -> Int32 {
        let fd = try inParent(of: path, operation: operation) { dir, name in
            openat(dir, name, flags | O_NOFOLLOW | O_CLOEXEC, mode_t(permissions))
        }
        guard fd >= 0 else { throw FileSystemError.last(operation, path) }
        return fd
    }

    /// The entries of the directory `path`, no link followed anywhere on the way.
    public static func list(_ path: RawPath) throws(FileSystemError) -> [DirectoryEntry] {
        let fd = try open(path, flags: O_RDONLY | O_DIRECTORY, operation: "open directory")
        guard let dir = fdopendir(fd) else {
            let error = FileSystemError.last("open directory", path)
            close(fd)
            throw error
        }
        defer { closedir(dir) }
        return try readEntries(dir, path)
    }

    /// Directories are opened only to be walked or synced: `O_PATH` when the system has it, so a
    /// folder that can be searched but not listed can still be walked.
    #if os(Linux)
    static let directoryFlags = 0o10000000 /* O_PATH, which Glibc's Swift module does not export */ | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC
    #else
    static let directoryFlags = O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC
    #endif

    static func isDotDot(_ component: ArraySlice<UInt8>) -> Bool { component.elementsEqual([0x2E, 0x2E]) }

    /// `ELOOP` when `component` is a link (whatever `openat` said), else `code`.
    static func explain(_ code: Int32, _ component: ArraySlice<UInt8>, in directory: Int32) -> Int32 {
        var raw = stat()
        let isLink = withName(component) { fstatat(directory, $0, &raw, AT_SYMLINK_NOFOLLOW) } == 0 && raw.st_mode & S_IFMT == S_IFLNK
        return isLink ? ELOOP : code
    }

    static func withName<T>(_ component: ArraySlice<UInt8>, _ body: (UnsafePointer<CChar>) -> T) -> T {
        var name = component.map { CChar(bitPattern: $0) }
        name.append(0)
        return name.withUnsafeBufferPointer { body($0.baseAddress!) }
    }
}
