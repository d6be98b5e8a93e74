#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One entry of a directory listing: its name bytes and the type `readdir(3)` reported.
public struct DirectoryEntry: Sendable, Equatable {
    public enum Kind: Sendable, Equatable { case regular, directory, symlink, other, unknown }
    public let name: [UInt8]
    public let kind: Kind
}

/// The entries of `path`, without "." and "..", in the order the file system gives them.
public func listDirectory(_ path: RawPath) throws(FileSystemError) -> [DirectoryEntry] {
    guard let dir = path.withCString({ opendir($0) }) else { throw FileSystemError.last("open directory", path) }
    defer { closedir(dir) }
    return try readEntries(dir, path)
}

/// Every entry of an open directory stream but "." and "..".
func readEntries(_ dir: OpaquePointer, _ path: RawPath) throws(FileSystemError) -> [DirectoryEntry] {
    var entries: [DirectoryEntry] = []
    while true {
        errno = 0
        guard let entry = readdir(dir) else {
            if errno != 0 { throw FileSystemError.last("read directory", path) }
            return entries
        }
        let name: [UInt8] = withUnsafeBytes(of: entry.pointee.d_name) { raw in
            let bytes = raw.bindMemory(to: UInt8.self)
            let length = bytes.firstIndex(of: 0) ?? bytes.count
            return Array(bytes[..<length])
        }
        if name == [UInt8(ascii: ".")] || name == [UInt8(ascii: "."), UInt8(ascii: ".")] { continue }
        let kind: DirectoryEntry.Kind
        switch Int32(entry.pointee.d_type) {
        case Int32(DT_REG): kind = .regular
        case Int32(DT_DIR): kind = .directory
        case Int32(DT_LNK): kind = .symlink
        case Int32(DT_UNKNOWN): kind = .unknown
        default: kind = .other
        }
        entries.append(DirectoryEntry(name: name, kind: kind))
    }
}

/// An entry with its `lstat`, or the error that stat gave (the entry may have vanished since).
public struct StatusEntry: Sendable {
    public let name: [UInt8]
    public let status: Result<FileStatus, FileSystemError>
}

/// The entries of `path` with their `lstat`, each taken relative to the open directory
/// (`fstatat`), so the kernel does not walk the whole path again for every file.
public func listDirectoryWithStatus(_ path: RawPath) throws(FileSystemError) -> [StatusEntry] {
    guard let dir = path.withCString({ opendir($0) }) else { throw FileSystemError.last("open directory", path) }
    defer { closedir(dir) }
    let fd = dirfd(dir)
    var entries: [StatusEntry] = []
    while true {
        errno = 0
        guard let entry = readdir(dir) else {
            if errno != 0 { throw FileSystemError.last("read directory", path) }
            return entries
        }
        var raw = stat()
        let (name, result): ([UInt8], Int32) = withUnsafeBytes(of: entry.pointee.d_name) { bytes in
            let chars = bytes.bindMemory(to: CChar.self)
            let length = strnlen(chars.baseAddress!, chars.count)
            let name = Array(bytes.bindMemory(to: UInt8.self)[..<length])
            if name == [0x2E] || name == [0x2E, 0x2E] { return (name, -2) }
            return (name, fstatat(fd, chars.baseAddress!, &raw, AT_SYMLINK_NOFOLLOW))
        }
        if result == -2 { continue }
        entries.append(StatusEntry(name: name, status: result == 0 ? .success(FileStatus(raw))
                                   : .failure(FileSystemError.last("stat", path.appending(name)))))
    }
}
