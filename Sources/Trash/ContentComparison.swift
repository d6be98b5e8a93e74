#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import FileSystem

/// Byte-for-byte comparison of two regular files: how a move proves a duplicate's kept twin
/// and a cross-device copy are really the same content (hashes can collide, bytes cannot).
public enum ContentComparison {
    /// True when both are regular files (no links followed) of the same size and bytes.
    public static func identical(_ first: RawPath, _ second: RawPath, chunk: Int = 1 << 20) throws(FileSystemError) -> Bool {
        let a = try ReadableFile(first)
        let b = try ReadableFile(second)
        guard try a.status().size == b.status().size else { return false }
        var left = [UInt8](repeating: 0, count: chunk)
        var right = [UInt8](repeating: 0, count: chunk)
        var offset: Int64 = 0
        while true {
            let gotLeft = try a.read(at: offset, into: &left)
            let gotRight = try b.read(at: offset, into: &right)
            guard gotLeft == gotRight else { return false }
            if gotLeft == 0 { return true }
            let same = left.withUnsafeBytes { l in right.withUnsafeBytes { r in memcmp(l.baseAddress!, r.baseAddress!, gotLeft) == 0 } }
            guard same else { return false }
            offset += Int64(gotLeft)
        }
    }
}
