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

    @Test(arguments: ["jpeg", "exif", "png", "iso", "quicktime", "xmp", "sidecar", "filename", "metadata"])
    func everyTargetHasSeeds(_ target: String) {
        #expect(Self.inputs(target).count >= 3, "Fixtures/fuzz/\(target)")
    }

    @Test func jpegSegments() throws {
        for path in Self.inputs("jpeg") { _ = JPEGSegments.read(Self.source(try Self.bytes(path))) }
    }

    @Test func exif() throws {
        for path in Self.inputs("exif") { _ = ExifReader.read(try Self.bytes(path)[...]) }
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
        for path in Self.inputs("xmp") { _ = XMPPacket.userComment(in: try Self.bytes(path)[...]) }
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
