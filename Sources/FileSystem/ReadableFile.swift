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

    /// Opens `path` reached without following a link in any component (`NoLinks`), then checks
    /// it is a regular file: how a move reads a file it is about to trust (a kept twin, a copy).
    public init(reachedWithoutLinks path: RawPath) throws(FileSystemError) {
        self.path = path
        descriptor = try NoLinks.open(path, flags: O_RDONLY | O_NONBLOCK)
        var raw = stat()
        guard fstat(descriptor, &raw) == 0 else { throw FileSystemError.last("stat", path) }
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
        var failure: FileSystemError?
        let bytes = [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
            do throws(FileSystemError) { initialized = try fill(UnsafeMutableRawBufferPointer(buffer), from: offset) } catch {
                failure = error
                initialized = 0
            }
        }
        if let failure { throw failure }
        return bytes
    }

    /// Fills `buffer` from `offset`, returning how many bytes were read (less only at end of file).
    /// `size`, the file's size as last seen, spares the read that would only find the end: a read
    /// that comes back short once that size is reached is taken as the end of the file.
    public func read(at offset: Int64, into buffer: inout [UInt8], size: Int64? = nil) throws(FileSystemError) -> Int {
        let result = buffer.withUnsafeMutableBytes { raw in
            Result { () throws(FileSystemError) -> Int in try fill(raw, from: offset, size: size) }
        }
        return try result.get()
    }

    /// Reads into `raw` from `offset` until it is full or the file ends (or, with `size`, a short
    /// read reaches it); returns the bytes read.
    private func fill(_ raw: UnsafeMutableRawBufferPointer, from offset: Int64, size: Int64? = nil) throws(FileSystemError) -> Int {
        var filled = 0
        while filled < raw.count {
            let got = pread(descriptor, raw.baseAddress! + filled, raw.count - filled, off_t(offset) + off_t(filled))
            if got < 0 {
                if errno == EINTR { continue }
                throw FileSystemError.last("read", path)
            }
            if got == 0 { break }
            filled += got
            if let size, filled < raw.count, offset + Int64(filled) >= size { break }
        }
        return filled
    }

    /// Calls `body` with successive chunks of the whole file, in order. The buffer is no larger
    /// than the file (plus one byte, to see the end), so small files cost no large allocation.
    public func forEachChunk(size: Int = 1 << 20, _ body: (UnsafeRawBufferPointer) throws -> Void) throws {
        let known = (try? status().size).map { Int(clamping: $0) + 1 } ?? size
        var buffer = [UInt8](repeating: 0, count: max(1, min(size, known)))
        let size = buffer.count
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
