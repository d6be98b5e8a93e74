#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// True when two regular files (no links followed) have exactly the same bytes: how a move
/// proves a duplicate's kept twin and a cross-device copy really hold the same content (hashes
/// can collide, bytes cannot). Sizes first, then 1 MiB at a time; one inode is one content.
/// Both are reached without following a link in any component.
public func sameContent(_ a: RawPath, _ b: RawPath) throws(FileSystemError) -> Bool {
    try sameContent(ReadableFile(reachedWithoutLinks: a), ReadableFile(reachedWithoutLinks: b))
}

/// `sameContent` of two files already open.
public func sameContent(_ first: ReadableFile, _ second: ReadableFile) throws(FileSystemError) -> Bool {
    let firstStatus = try first.status()
    let secondStatus = try second.status()
    guard firstStatus.size == secondStatus.size else { return false }
    if firstStatus.inode == secondStatus.inode, firstStatus.device == secondStatus.device { return true }
    let chunk = 1 << 20
    var left = [UInt8](repeating: 0, count: chunk)
    var right = [UInt8](repeating: 0, count: chunk)
    var offset: Int64 = 0
    while true {
        let got = try first.read(at: offset, into: &left)
        let other = try second.read(at: offset, into: &right)
        guard got == other else { return false }
        if got == 0 { return true }
        let equal = left.withUnsafeBytes { l in right.withUnsafeBytes { r in memcmp(l.baseAddress!, r.baseAddress!, got) == 0 } }
        guard equal else { return false }
        offset += Int64(got)
    }
}
