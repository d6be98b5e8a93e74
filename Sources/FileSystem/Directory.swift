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
