import FileSystem
import Foundation
import Testing
@testable import Media

/// Every file of `Fixtures/dates` (TIFF-structured and raw formats, CR3, XMP-only JPEG/PNG/TIFF, dates
/// no camera could take) gets exiftool's capture date, read from `expected.json` and checked against
/// exiftool itself when it is installed (it is one of the Makefile's packages).
@Suite struct DateFixtureTests {
    static let folder = Fixtures.packageRoot.appendingPathComponent("Fixtures/dates")
    static let now = Date(timeIntervalSince1970: 2_000_000_000)

    struct Expected: Decodable {
        var fileType: String?
        var capturedAt: String?
        var dateTag: String?
        var make: String?
        var model: String?
    }

    static let expected: [String: Expected] = {
        guard let data = try? Data(contentsOf: folder.appendingPathComponent("expected.json")),
              let decoded = try? JSONDecoder().decode([String: Expected].self, from: data) else { return [:] }
        return decoded
    }()

    static var names: [String] { expected.keys.sorted() }

    @Test(arguments: names)
    func agreesWithExiftool(_ name: String) throws {
        let expected = try #require(Self.expected[name])
        let path = RawPath(Self.folder.appendingPathComponent("media/\(name)").path)
        let info = try Inspector(timeZone: .gmt).inspect(path, now: Self.now)
        let capturedAt = try #require(expected.capturedAt, "every fixture has a date exiftool reads")
        #expect(info.capturedAt?.iso8601 == capturedAt)
        #expect(info.dateSource == (expected.dateTag?.hasPrefix("XMP") == true ? .xmp : .exif))
        if let make = expected.make { #expect(info.cameraMake == make) }
        if let model = expected.model { #expect(info.cameraModel == model) }
    }

    @Test func everyFormatIsThere() {
        let types = Set(Self.expected.values.compactMap(\.fileType))
        #expect(types.isSuperset(of: ["TIFF", "DNG", "CR2", "NEF", "ARW", "ORF", "RAW", "PEF", "CR3", "JPEG", "PNG"]))
        #expect(Self.names.count == 22)
    }

    /// expected.json is exiftool's answer today, not a copy of ours: the dates it names are the ones exiftool prints.
    @Test(arguments: names)
    func expectedIsExiftoolsOutput(_ name: String) throws {
        let expected = try #require(Self.expected[name])
        guard let tag = expected.dateTag, let capturedAt = expected.capturedAt else { return }
        let output = try Self.exiftool(["-s3", "-d", "%Y-%m-%dT%H:%M:%S", "-\(tag)", Self.folder.appendingPathComponent("media/\(name)").path])
        #expect(output.hasPrefix(String(capturedAt.prefix(19))), "exiftool says \(output) for \(tag)")
    }

    static func exiftool(_ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/exiftool")
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }
}

/// The IFD walk reads where the offsets point, and only there.
@Suite struct TIFFDirectoryTests {
    private static func le16(_ v: Int) -> [UInt8] { [UInt8(v & 0xFF), UInt8(v >> 8 & 0xFF)] }
    private static func le32(_ v: Int) -> [UInt8] { [UInt8(v & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v >> 16 & 0xFF), UInt8(v >> 24 & 0xFF)] }

    /// One little-endian IFD entry.
    private static func entry(_ tag: Int, _ type: Int, _ count: Int, _ value: [UInt8]) -> [UInt8] {
        var bytes: [UInt8] = le16(tag)
        bytes += le16(type)
        bytes += le32(count)
        bytes += value
        return bytes
    }

    /// A 64 MiB sparse TIFF whose EXIF IFD is at its very end: found, in a handful of small reads.
    @Test func exifIFDAtTheEndOfAHugeFileIsFound() throws {
        let directory = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let exifOffset = 64 << 20
        var bytes: [UInt8] = Array("II*\0".utf8) + Self.le32(8)
        bytes += Self.le16(1) + Self.entry(0x8769, 4, 1, Self.le32(exifOffset)) + Self.le32(0)
        let url = directory.appendingPathComponent("huge.tif")
        try Data(bytes).write(to: url)
        let date: [UInt8] = Array("2019:05:21 10:45:52\0".utf8)
        var exif: [UInt8] = Self.le16(1) + Self.entry(0x9003, 2, date.count, Self.le32(exifOffset + 18))
        exif += Self.le32(0) + date
        let handle = try FileHandle(forWritingTo: url)
        try handle.seek(toOffset: UInt64(exifOffset))
        handle.write(Data(exif))
        try handle.close()
        let info = try Inspector(timeZone: .gmt).inspect(RawPath(url.path), now: DateFixtureTests.now)
        #expect(info.capturedAt?.iso8601 == "2019-05-21T10:45:52")
        #expect(info.dateSource == .exif)
    }

    @Test func bothByteOrdersAndTheRawMagicNumbers() {
        #expect(TIFFDirectories.byteOrder(of: Array("II*\0".utf8)[...]) == false)
        #expect(TIFFDirectories.byteOrder(of: Array("MM\0*".utf8)[...]) == true)
        #expect(TIFFDirectories.byteOrder(of: Array("IIRO".utf8)[...]) == false)
        #expect(TIFFDirectories.byteOrder(of: Array("MMOR".utf8)[...]) == true)
        #expect(TIFFDirectories.byteOrder(of: [0x49, 0x49, 0x55, 0x00][...]) == false)
        #expect(TIFFDirectories.byteOrder(of: Array("II+\0".utf8)[...]) == nil)
        #expect(TIFFDirectories.byteOrder(of: Array("MM".utf8)[...]) == nil)
    }

    /// Each directory is read once however the offsets loop, and a chain of directories is capped:
    /// 10,000 IFDs, each linking to the next and the last back to the first, are read up to the 64th.
    @Test func loopsAndLongChainsEnd() {
        var bytes: [UInt8] = Array("II*\0".utf8) + Self.le32(8)
        let count = 10_000
        for i in 0..<count {
            let next = i == count - 1 ? 8 : 8 + (i + 1) * 18
            let tag = i == 50 ? 0x0110 : i == 100 ? 0x010F : 0x0100  // Model in the 51st, Make in the 101st
            let value: [UInt8] = tag == 0x0100 ? Self.le16(i + 1) + [0, 0] : Array("M5\0\0".utf8)
            bytes += Self.le16(1) + Self.entry(tag, tag == 0x0100 ? 3 : 2, tag == 0x0100 ? 1 : 3, value) + Self.le32(next)
        }
        let source = ByteSource(head: bytes[...], size: Int64(bytes.count), file: nil)
        let tiff = TIFFDirectories.read(source)
        #expect(tiff?.fields.model == "M5")
        #expect(tiff?.fields.make == nil)
    }
}

/// Compressed XMP in a PNG is inflated, but never past 4 MiB.
@Suite struct CompressedXMPTests {
    @Test func aZlibBombIsNotInflated() throws {
        let bytes = Array(try Data(contentsOf: FuzzReplayTests.root.appendingPathComponent("png/xmp-zlib-bomb.png")))
        let png = try #require(PNGChunks.read(ByteSource(head: bytes[...], size: Int64(bytes.count), file: nil)))
        #expect(png.width == 1)
        #expect(png.xmp == nil)
    }

    @Test func imageMagicksHexProfileIsRead() throws {
        let info = try Inspector(timeZone: .gmt).inspect(RawPath(Fixtures.media.appendingPathComponent("Issue 204 (dotnet).png").path),
                                                        now: DateFixtureTests.now)
        #expect(info.capturedAt?.iso8601 == "2019-09-02T00:00:00")
        #expect(info.dateSource == .xmp)
    }
}

/// XMP dates: the properties exiftool reads, in both forms, best first.
@Suite struct XMPDateTests {
    @Test(arguments: [
        (#"<exif:DateTimeOriginal>2019-05-21T10:45:52+02:00</exif:DateTimeOriginal>"#, "2019-05-21T10:45:52+02:00"),
        (#"<rdf:Description exif:DateTimeOriginal="2019-05-21T10:45:52.25Z"/>"#, "2019-05-21T10:45:52Z"),
        (#"<xmp:DateTimeOriginal>2019-05-21T10:45</xmp:DateTimeOriginal>"#, "2019-05-21T10:45:00"),
        (#"<photoshop:DateCreated>2019-05-21</photoshop:DateCreated>"#, "2019-05-21T00:00:00"),
        (#"<xmp:CreateDate><rdf:Alt><rdf:li>2001-02-03T04:05:06</rdf:li></rdf:Alt></xmp:CreateDate>"#, "2001-02-03T04:05:06"),
        (#"<xmp:CreateDate>2001-02-03T04:05:06</xmp:CreateDate><exif:DateTimeOriginal>2000-01-01T00:00:00</exif:DateTimeOriginal>"#, "2000-01-01T00:00:00"),
        (#"<exif:DateTimeOriginal>garbage</exif:DateTimeOriginal><xmp:CreateDate>2001-02-03T04:05:06</xmp:CreateDate>"#, "2001-02-03T04:05:06"),
    ])
    func readsTheBestDateProperty(_ packet: String, _ expected: String) {
        #expect(XMPPacket.captureDate(in: Array(packet.utf8)[...])?.iso8601 == expected)
    }

    @Test(arguments: [
        #"<xmp:ModifyDate>2019-05-21T10:45:52</xmp:ModifyDate>"#,
        #"<xmp:MetadataDate>2019-05-21T10:45:52</xmp:MetadataDate>"#,
        #"<exif:DateTimeOriginal>2019-00-21T10:45:52</exif:DateTimeOriginal>"#,
        #"<exif:DateTimeOriginal"#, #"exif:DateTimeOriginal=""#, "",
    ])
    func ignoresEditDatesAndBrokenValues(_ packet: String) {
        #expect(XMPPacket.captureDate(in: Array(packet.utf8)[...]) == nil)
    }
}
