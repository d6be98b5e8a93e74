import FileSystem
import Foundation
import Testing
@testable import Media

/// Partial and full XXH3-128 hashes, and the byte-for-byte comparison the trash relies on.
@Suite final class ContentHashTests {
    let directory: URL

    init() throws { directory = try Fixtures.temporaryDirectory() }
    deinit { try? FileManager.default.removeItem(at: directory) }

    static func content(_ count: Int) -> [UInt8] {
        var state: UInt32 = 2_463_534_242
        return (0..<count).map { _ in
            state ^= state << 13; state ^= state >> 17; state ^= state << 5
            return UInt8(truncatingIfNeeded: state)
        }
    }

    @Test(arguments: [0, 1, 4096, 8192, 10_000, 3 << 20])
    func identicalContentHashesEqualAndOneByteChangesIt(_ size: Int) throws {
        let bytes = Self.content(size)
        let a = try Fixtures.write(bytes, "a.bin", in: directory)
        let b = try Fixtures.write(bytes, "b.bin", in: directory)
        #expect(try ContentHash.full(a) == ContentHash.full(b))
        #expect(try ContentHash.partial(a, size: Int64(size)) == ContentHash.partial(b, size: Int64(size)))
        #expect(try ContentHash.full(a).count == 32)
        #expect(try sameContent(a, b))
        guard size > 0 else { return }

        for index in Set([0, size / 2, size - 1]) {
            var changed = bytes
            changed[index] ^= 0x01
            let c = try Fixtures.write(changed, "c.bin", in: directory)
            #expect(try ContentHash.full(a) != ContentHash.full(c))
            #expect(try !sameContent(a, c))
            let inPartialRange = index < ContentHash.partialBlock || index >= size - ContentHash.partialBlock
            #expect(try (ContentHash.partial(a, size: Int64(size)) != ContentHash.partial(c, size: Int64(size))) == inPartialRange)
        }
    }

    /// A scan hashes a small file from the bytes it read whole: the same hash as reading the file.
    @Test(arguments: [0, 1, 4095, 4096, 4097, 8191, 8192, 8193, 12_000, 16_383])
    func partialOfWholeBytesEqualsPartialOfTheFile(_ size: Int) throws {
        let bytes = Self.content(size)
        let path = try Fixtures.write(bytes, "w.bin", in: directory)
        #expect(try ContentHash.partial(ofWhole: bytes[...]) == ContentHash.partial(path, size: Int64(size)))
        let padded = [0xAB] + bytes + [0xCD]
        #expect(try ContentHash.partial(ofWhole: padded[1..<(size + 1)]) == ContentHash.partial(path, size: Int64(size)))
    }

    /// The inspector gives that hash, and the full content hash, for a file its first read holds
    /// whole, and neither for a larger one.
    @Test(arguments: [0, 100, 5000, Inspector.headSize - 1, Inspector.headSize, Inspector.headSize + 1, 100_000])
    func inspectingASmallFileGivesItsPartialAndFullHashes(_ size: Int) throws {
        let path = try Fixtures.write(Self.content(size), "i.bin", in: directory)
        let info = try Inspector().inspect(path, now: Date())
        #expect(info.partialHash == (size < Inspector.headSize ? try ContentHash.partial(path, size: Int64(size)) : nil))
        #expect(info.contentHash == (size < Inspector.headSize ? try ContentHash.full(path) : nil))
    }

    @Test func differentSizesDiffer() throws {
        let a = try Fixtures.write(Self.content(100), "a.bin", in: directory)
        let b = try Fixtures.write(Self.content(101), "b.bin", in: directory)
        #expect(try !sameContent(a, b))
        #expect(try ContentHash.partial(a, size: 100) != ContentHash.partial(b, size: 101))
    }

    @Test func fullHashIsLowercaseHexXXH3_128() throws {
        // XXH3-128 of the empty input, as `xxhsum -H2` prints it.
        #expect(try ContentHash.of([]) == "99aa06d3014798d86001c324468d497f")
        let path = try Fixtures.write([], "empty", in: directory)
        #expect(try ContentHash.full(path) == "99aa06d3014798d86001c324468d497f")
    }

    @Test(arguments: [("Apple iPhone 4.jpg", "d36a27d341b09732d77a7a30721d5efb"), ("with-gps.mov", "15b05612cfd4d0b92dfb0ee60f66e523")])
    func fullHashEqualsXXHSum(_ name: String, _ xxhsum: String) throws {
        #expect(try ContentHash.full(RawPath(Fixtures.media.appendingPathComponent(name).path)) == xxhsum)
    }

    @Test func missingFileThrows() {
        #expect(throws: FileSystemError.self) { try ContentHash.full(RawPath("/nonexistent/swipeclean/x")) }
        #expect(throws: FileSystemError.self) { try sameContent(RawPath("/nonexistent/a"), RawPath("/nonexistent/b")) }
    }
}
