import Foundation
import Testing
@testable import Media

/// Every input under `Fixtures/fuzz/TARGET` (the seeds of `make fuzz`, and each crash, hang or leak
/// it found, kept as a file) read again by its reader in the ordinary test run: none may trap or hang.
@Suite struct FuzzReplayTests {
    static let root = Fixtures.packageRoot.appendingPathComponent("Fixtures/fuzz")

    static func inputs(_ target: String) -> [String] {
        let directory = root.appendingPathComponent(target).path
        return ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []).sorted().map { directory + "/" + $0 }
    }

    static func bytes(_ path: String) throws -> [UInt8] { Array(try Data(contentsOf: URL(fileURLWithPath: path))) }

    static func source(_ bytes: [UInt8]) -> ByteSource { ByteSource(head: bytes[...], size: Int64(bytes.count), file: nil) }

    @Test(arguments: ["jpeg", "exif", "tiff", "cr3", "png", "iso", "quicktime", "xmp", "sidecar", "filename", "metadata", "magic"])
    func everyTargetHasSeeds(_ target: String) {
        #expect(Self.inputs(target).count >= 3, "Fixtures/fuzz/\(target)")
    }

    @Test func jpegSegments() throws {
        for path in Self.inputs("jpeg") { _ = JPEGSegments.read(Self.source(try Self.bytes(path))) }
    }

    @Test func exif() throws {
        for path in Self.inputs("exif") { _ = ExifReader.read(try Self.bytes(path)[...]) }
    }

    @Test func tiffDirectories() throws {
        for path in Self.inputs("tiff") { _ = TIFFDirectories.read(Self.source(try Self.bytes(path))) }
    }

    @Test func canonCR3() throws {
        for path in Self.inputs("cr3") {
            let source = Self.source(try Self.bytes(path))
            if let moov = ISOFile.read(source)?.moov { _ = CanonCR3.read(source, moov: moov) }
        }
    }

    @Test func pngChunks() throws {
        for path in Self.inputs("png") { _ = PNGChunks.read(Self.source(try Self.bytes(path))) }
    }

    @Test func isoBoxesAndHEIFItems() throws {
        for path in Self.inputs("iso") {
            let source = Self.source(try Self.bytes(path))
            if let meta = ISOFile.read(source)?.meta { _ = HEIFItems.read(source, meta: meta) }
        }
    }

    @Test func quickTimeAtoms() throws {
        for path in Self.inputs("quicktime") {
            let source = Self.source(try Self.bytes(path))
            if let moov = ISOFile.read(source)?.moov { _ = QuickTimeMetadata.read(source, moov: moov) }
        }
    }

    @Test func xmpPackets() throws {
        for path in Self.inputs("xmp") {
            let bytes = try Self.bytes(path)[...]
            _ = (XMPPacket.userComment(in: bytes), XMPPacket.captureDate(in: bytes))
        }
    }

    @Test func takeoutSidecars() throws {
        for path in Self.inputs("sidecar") { _ = TakeoutSidecar.date(inJSON: try Self.bytes(path)) }
    }

    @Test func fileNameDates() throws {
        for path in Self.inputs("filename") { _ = FileNameDates.date(inFileName: try Self.bytes(path)) }
    }

    @Test func theWholeMetadataChain() throws {
        for path in Self.inputs("metadata") { _ = Inspector.metadata(Self.source(try Self.bytes(path))) }
    }
}

/// What `make fuzz` found, each as the smallest input that showed it (the fuzzer's own file is under Fixtures/fuzz too).
@Suite struct FuzzFindingTests {
    static func box(_ type: String, _ payload: [UInt8]) -> [UInt8] {
        be(UInt64(8 + payload.count), 4) + Array(type.utf8) + payload
    }

    static func be(_ value: UInt64, _ width: Int) -> [UInt8] {
        (0..<width).map { UInt8(truncatingIfNeeded: value >> (8 * UInt64(width - 1 - $0))) }
    }

    static func source(_ bytes: [UInt8]) -> ByteSource { ByteSource(head: bytes[...], size: Int64(bytes.count), file: nil) }

    /// HEIFItems.size multiplied two `ispe` sides of up to 2^32 - 1 in Int to find the largest: arithmetic overflow.
    @Test func twoHugeImageExtentsAreComparedWithoutOverflow() throws {
        let ispe = { (side: UInt64) in Self.box("ispe", [0, 0, 0, 0] + Self.be(side, 4) + Self.be(side, 4)) }
        let iprp = Self.box("iprp", Self.box("ipco", ispe(0xFFFF_FFFF) + ispe(2)))
        let meta = Self.box("meta", [0, 0, 0, 0] + iprp)
        let file = Self.box("ftyp", Array("heic".utf8) + [0, 0, 0, 0]) + meta
        let source = Self.source(file)
        let found = try #require(ISOFile.read(source)?.meta)
        let items = HEIFItems.read(source, meta: found)
        #expect(items.width == 0xFFFF_FFFF)
        #expect(items.height == 0xFFFF_FFFF)
        // The fuzzer's own input reads to the end too.
        let fuzzed = Array(try Data(contentsOf: FuzzReplayTests.root.appendingPathComponent("iso/crash-ispe-area-overflow")))
        if let meta = ISOFile.read(Self.source(fuzzed))?.meta { _ = HEIFItems.read(Self.source(fuzzed), meta: meta) }
    }

    /// ISOBox.header added a 64-bit box size of 2^63 - 1 to the box's offset: arithmetic overflow.
    @Test func aBoxSizeOfTwoToTheSixtyThreeIsMalformedNotATrap() {
        let huge = Self.be(1, 4) + Array("free".utf8) + Self.be(UInt64(Int64.max), 8)
        let file = Self.box("ftyp", Array("isom".utf8) + [0, 0, 0, 0]) + huge + [UInt8](repeating: 0, count: 16)
        #expect(ISOBox.header(in: Self.source(file), at: 16, limit: Int64(file.count)) == nil)
        #expect(ISOFile.read(Self.source(file))?.majorBrand == "isom")
    }

    /// HEIFItems.exifPayload added an item's base offset and extent offset, each up to 2^63 - 1: arithmetic overflow.
    @Test func exifItemOffsetsThatOverflowGiveNoExif() throws {
        let infe = Self.box("infe", [2, 0, 0, 0] + Self.be(1, 2) + Self.be(0, 2) + Array("Exif".utf8) + [0])
        let iinf = Self.box("iinf", [0, 0, 0, 0] + Self.be(1, 2) + infe)
        let max = UInt64(Int64.max)
        let iloc = Self.box("iloc", [0, 0, 0, 0, 0x88, 0x80] + Self.be(1, 2)
            + Self.be(1, 2) + Self.be(0, 2) + Self.be(max, 8) + Self.be(1, 2) + Self.be(max, 8) + Self.be(8, 8))
        let meta = Self.box("meta", [0, 0, 0, 0] + iinf + iloc)
        let file = Self.box("ftyp", Array("heic".utf8) + [0, 0, 0, 0]) + meta
        let source = Self.source(file)
        let found = try #require(ISOFile.read(source)?.meta)
        #expect(HEIFItems.read(source, meta: found).exif == nil)
    }
}

extension FuzzFindingTests {
    /// HEIFItems.itemLocations walked item count × extent count (up to 100,000 × 65,535) extents of zero-width
    /// fields, which consume no bytes: a hang of minutes and gigabytes on a 10 KB file. The walk is now bounded.
    @Test func extentsOfZeroWidthFieldsCannotMakeTheWalkEndless() throws {
        let items = (0..<2000).flatMap { Self.be(UInt64($0), 2) + Self.be(0, 2) + Self.be(0xFFFF, 2) }
        let iloc = Self.box("iloc", [0, 0, 0, 0, 0x00, 0x00] + Self.be(2000, 2) + items)
        let file = Self.box("ftyp", Array("heic".utf8) + [0, 0, 0, 0]) + Self.box("meta", [0, 0, 0, 0] + iloc)
        let source = Self.source(file)
        let meta = try #require(ISOFile.read(source)?.meta)
        let started = ContinuousClock.now
        #expect(HEIFItems.read(source, meta: meta).exif == nil)
        #expect(ContinuousClock.now - started < .seconds(5))
        let fuzzed = Array(try Data(contentsOf: FuzzReplayTests.root.appendingPathComponent("iso/timeout-iloc-zero-width-extents")))
        if let meta = ISOFile.read(Self.source(fuzzed))?.meta { _ = HEIFItems.read(Self.source(fuzzed), meta: meta) }
    }

    /// The bounded walk was still 100,000 items and 100,000 extents: the hardening campaign's iso
    /// target timed out on it (over 10 s in the debug fuzz build). Both are now capped at 10,000.
    @Test func aHundredThousandZeroWidthExtentsAreNotWalked() throws {
        #expect(HEIFItems.maximumExtents == 10_000)
        let fuzzed = Array(try Data(contentsOf: FuzzReplayTests.root.appendingPathComponent("iso/timeout-iloc-100k-extents")))
        let started = ContinuousClock.now
        if let meta = ISOFile.read(Self.source(fuzzed))?.meta { _ = HEIFItems.read(Self.source(fuzzed), meta: meta) }
        #expect(ContinuousClock.now - started < .seconds(2))
    }
}
