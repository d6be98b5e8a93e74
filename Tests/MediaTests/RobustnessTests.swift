import FileSystem
import Foundation
import Testing
import TestSupport
@testable import Media

/// Truncated, corrupted and hostile input: never a crash or a hang, always a sensible answer.
@Suite final class RobustnessTests {
    static let now = Date(timeIntervalSince1970: 2_000_000_000)
    let directory: URL
    let inspector: Inspector

    init() throws {
        directory = try Fixtures.temporaryDirectory()
        inspector = try Inspector()
    }

    deinit { try? FileManager.default.removeItem(at: directory) }

    func inspect(_ bytes: [UInt8], _ name: String) throws -> MediaInfo {
        try inspector.inspect(Fixtures.write(bytes, name, in: directory), now: Self.now)
    }

    static let samples = ["Apple iPhone 6.jpg", "IMG_2927.HEIC", "exif-at-eof.heic", "with-gps.mov", "with-gps.mp4",
                          "Issue 62.png", "NegativeArraySizeException.HeifReader.processBoxes.heif"]

    @Test(arguments: samples)
    func truncatedCorpusFiles(_ name: String) throws {
        let bytes = try Fixtures.bytes(ofCorpusFile: name)
        var generator = SplitMix(seed: 0x9E37_79B9_7F4A_7C15)
        var lengths = [0, 1, 2, 3, 4, 7, 8, 9, 12, 16, 20, 24, 31, 100, 500, 1000, 4096, 65_535, 65_536, 65_537,
                       bytes.count / 2, bytes.count - 1]
        lengths += (0..<12).map { _ in Int.random(in: 0..<bytes.count, using: &generator) }
        for length in lengths where length <= bytes.count {
            let info = try inspect(Array(bytes.prefix(length)), "cut")
            // Without its metadata the date can only come from the file name ("cut": none) or mtime.
            #expect([.exif, .xmp, .quicktime, .mtime].contains(info.dateSource))
            if info.dateSource == .mtime { #expect(info.capturedAt?.zone == .utc) }
        }
    }

    @Test(arguments: samples)
    func corruptedHeads(_ name: String) throws {
        let original = try Fixtures.bytes(ofCorpusFile: name)
        var generator = SplitMix(seed: 0xD1B5_4A32_D192_ED03)
        for _ in 0..<25 {
            var bytes = original
            for _ in 0..<8 {
                let index = Int.random(in: 0..<min(bytes.count, 8192), using: &generator)
                bytes[index] = UInt8.random(in: 0...255, using: &generator)
            }
            _ = try inspect(bytes, "corrupt")
        }
    }

    @Test func randomGarbage() throws {
        var generator = SplitMix(seed: 42)
        for size in [1, 10, 100, 5000, 70_000] {
            let bytes = (0..<size).map { _ in UInt8.random(in: 0...255, using: &generator) }
            let info = try inspect(bytes, "garbage.jpg")
            #expect(info.dateSource == .mtime)
            #expect(info.kind == .other)
            #expect(info.screenshotEvidence == nil)
        }
    }

    @Test func hostileBoxes() throws {
        let ftyp = Synthetic.box("ftyp", Array("heic".utf8) + Synthetic.be32(0) + Array("mif1heic".utf8))
        let cases: [[UInt8]] = [
            ftyp + Synthetic.be32(0) + Array("meta".utf8),                                  // size 0: to end of file, empty
            ftyp + Synthetic.be32(1) + Array("moov".utf8) + [0xFF, 0, 0, 0, 0, 0, 0, 0],   // 64-bit size past the end
            ftyp + Synthetic.be32(1) + Array("moov".utf8) + [0, 0, 0, 0, 0, 0, 0, 0],      // 64-bit size zero
            ftyp + Synthetic.be32(4) + Array("moov".utf8),                                  // size smaller than header
            ftyp + Synthetic.box("meta", Synthetic.be32(0) + Synthetic.be32(0) + Array("iloc".utf8)),  // child of size 0
            ftyp + Synthetic.fullBox("meta", Synthetic.fullBox("iloc", version: 2, [0x88, 0x88] + Synthetic.be32(0xFFFF_FFFF))),
            ftyp + Synthetic.fullBox("meta", Synthetic.fullBox("iinf", Synthetic.be16(0xFFFF))),
            ftyp + Synthetic.fullBox("meta", Synthetic.box("iprp", Synthetic.fullBox("ipma", flags: 1, Synthetic.be32(0xFFFF_FFFF)))),
            ftyp + Synthetic.box("moov", Synthetic.box("meta", Synthetic.fullBox("keys", Synthetic.be32(0xFFFF_FFFF)) + Synthetic.box("ilst", []))),
            [0xFF, 0xD8, 0xFF, 0xE1, 0x00, 0x01],                                             // JPEG segment length 1
            [0xFF, 0xD8, 0xFF, 0xE1, 0xFF, 0xFF] + Array("Exif\0\0II*\0".utf8),             // APP1 past the end
            [0xFF, 0xD8] + [UInt8](repeating: 0xFF, count: 10_000),                           // fill bytes forever
            [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + Synthetic.be32(0xFFFF_FFF0) + Array("IHDR".utf8),
            Array("II*\0".utf8) + Synthetic.le32(8) + Synthetic.le16(0xFFFF),                 // TIFF with a huge IFD count
            Array("MM\0*".utf8) + Synthetic.be32(8) + Synthetic.be16(1) + Synthetic.be16(0x8769) + Synthetic.be16(4)
                + Synthetic.be32(1) + Synthetic.be32(8) + Synthetic.be32(0),                  // EXIF IFD pointing at itself
        ]
        for (index, bytes) in cases.enumerated() {
            let info = try inspect(bytes, "hostile-\(index)")
            #expect(info.dateSource == .mtime, "case \(index)")
        }
    }

    @Test func brokenHEIFInCorpusHasNoDate() throws {
        for name in ["IllegalArgumentException.HeifReader.processBoxes.heif", "NegativeArraySizeException.HeifReader.processBoxes.heif"] {
            let info = try inspector.inspect(RawPath(Fixtures.media.appendingPathComponent(name).path), now: Self.now)
            #expect(info.dateSource == .mtime)
            #expect(info.kind == .photo)
        }
    }
}
