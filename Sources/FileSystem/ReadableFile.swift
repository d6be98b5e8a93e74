#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A regular file opened read-only, never through a symbolic link, read at explicit offsets.
///
/// Closed when the value is released. Not shared between threads.
public final class ReadableFile {
    public let path: RawPath
    private let descriptor: Int32

    /// Opens `path` with `O_NOFOLLOW | O_NONBLOCK` so a link or a FIFO planted after the walk
    /// is refused instead of followed or waited on, then checks it is a regular file.
    public init(_ path: RawPath) throws(FileSystemError) {
        self.path = path
        let fd = path.withCString { open($0, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC) }
        guard fd >= 0 else { throw FileSystemError.last("open", path) }
        descriptor = fd
        var raw = stat()
        guard fstat(fd, &raw) == 0 else { throw FileSystemError.last("stat", path) }
        guard raw.st_mode & S_IFMT == S_IFREG else { throw FileSystemError("read", path, code: EINVAL) }
    }

    deinit { close(descriptor) }

    /// The status of the open file (not of whatever the path names now).
    public func status() throws(FileSystemError) -> FileStatus {
        var raw = stat()
        guard fstat(descriptor, &raw) == 0 else { throw FileSystemError.last("stat", path) }
        return FileStatus(raw)
    }

    /// Up to `count` bytes starting at `offset`; fewer only at the end of the file.
    public func read(at offset: Int64, count: Int) throws(FileSystemError) -> [UInt8] {
        guard count > 0 else { return [] }
        var buffer = [UInt8](repeating: 0, count: count)
        let filled = try read(at: offset, into: &buffer)
        if filled < count { buffer.removeSubrange(filled...) }
        return buffer
    }

    /// Fills `buffer` from `offset`, returning how many bytes were read (less only at end of file).
    public func read(at offset: Int64, into buffer: inout [UInt8]) throws(FileSystemError) -> Int {
        var filled = 0
        let capacity = buffer.count
        while filled < capacity {
            let got = buffer.withUnsafeMutableBytes { raw in
                pread(descriptor, raw.baseAddress! + filled, capacity - filled, off_t(offset) + off_t(filled))
            }
            if got < 0 {
                if errno == EINTR { continue }
                throw FileSystemError.last("read", path)
            }
            if got == 0 { break }
            filled += got
        }
        return filled
    }

    /// Calls `body` with successive chunks of the whole file, in order.
    public func forEachChunk(size: Int = 1 << 20, _ body: (UnsafeRawBufferPointer) throws -> Void) throws {
        var buffer = [UInt8](repeating: 0, count: size)
        var offset: Int64 = 0
        while true {
            let got = try read(at: offset, into: &buffer)
            if got == 0 { return }
            try buffer.withUnsafeBytes { try body(UnsafeRawBufferPointer(rebasing: $0[..<got])) }
            offset += Int64(got)
            if got < size { return }
        }
    }
}
