import FileSystem

/// The bytes of one open file: the head already read, plus bounded reads anywhere else.
///
/// Parsers ask for small ranges (box and marker headers, one metadata payload). Ranges inside
/// the head cost nothing; others are one `pread`, through a small window so neighbouring box
/// headers (a `moov` at the end of a video) share one read.
final class ByteSource {
    /// The first bytes of the file, indexed from 0.
    let head: ArraySlice<UInt8>
    let size: Int64
    private let file: ReadableFile?
    private var window: [UInt8] = []
    private var windowOffset: Int64 = -1
    private static let windowSize = 16 * 1024
    /// Upper bound for one payload read (an Exif item, a `meta` box): metadata is never this big.
    static let maximumPayload = 4 * 1024 * 1024

    init(head: ArraySlice<UInt8>, size: Int64, file: ReadableFile?) {
        precondition(head.startIndex == 0)
        self.head = head
        self.size = size
        self.file = file
    }

    /// Exactly `count` bytes at `offset`, or nil when they are not all in the file (or the read fails).
    func bytes(at offset: Int64, count: Int) -> ArraySlice<UInt8>? {
        guard offset >= 0, count >= 0, count <= ByteSource.maximumPayload,
              offset <= size - Int64(count) else { return nil }
        if offset + Int64(count) <= Int64(head.count) {
            let start = Int(offset)
            return head[start..<(start + count)]
        }
        guard let file else { return nil }
        if windowOffset >= 0, offset >= windowOffset, offset + Int64(count) <= windowOffset + Int64(window.count) {
            let start = Int(offset - windowOffset)
            return window[start..<(start + count)]
        }
        if count <= ByteSource.windowSize / 2 {
            guard let read = try? file.read(at: offset, count: ByteSource.windowSize) else { return nil }
            window = read
            windowOffset = offset
            guard read.count >= count else { return nil }
            return window[0..<count]
        }
        guard let read = try? file.read(at: offset, count: count), read.count == count else { return nil }
        return read[0..<count]
    }
}

// MARK: - Big-endian and little-endian integers from byte slices, bounds-checked

extension ArraySlice<UInt8> {
    /// The big-endian integer of `width` bytes at `index` (relative to the slice start), or nil past the end.
    func bigEndian(at index: Int, width: Int) -> UInt64? {
        guard index >= 0, width > 0, width <= 8, index <= count - width else { return nil }
        var value: UInt64 = 0
        let base = startIndex + index
        for i in 0..<width { value = value << 8 | UInt64(self[base + i]) }
        return value
    }

    func u8(_ index: Int) -> UInt8? { bigEndian(at: index, width: 1).map { UInt8($0) } }
    func u16(_ index: Int) -> Int? { bigEndian(at: index, width: 2).map { Int($0) } }
    func u32(_ index: Int) -> Int64? { bigEndian(at: index, width: 4).map { Int64($0) } }
    func u64(_ index: Int) -> UInt64? { bigEndian(at: index, width: 8) }

    /// Four bytes at `index` as an ASCII four-character code, e.g. "ftyp".
    func fourCC(_ index: Int) -> String? {
        guard index >= 0, index <= count - 4 else { return nil }
        let base = startIndex + index
        return String(decoding: self[base..<(base + 4)], as: UTF8.self)
    }

    /// The slice `[index, index + length)` relative to this slice's start, or nil past the end.
    func sub(_ index: Int, _ length: Int) -> ArraySlice<UInt8>? {
        guard index >= 0, length >= 0, index <= count - length else { return nil }
        let base = startIndex + index
        return self[base..<(base + length)]
    }

    func hasPrefix(ascii: String) -> Bool { starts(with: Array(ascii.utf8)) }
}
