import Foundation
@testable import Imaging
import Testing
import TestSupport

/// SwipeClean's own 1/8 JPEG reader (luma DC terms only) against libjpeg-turbo's 1/8 gray decoding,
/// which it replaces for the perceptual hash: the same bytes on every structure it reads
/// (`Fixtures/jpeg-kinds`, made by `Fixtures/make-jpeg-kinds.c`) and on every real JPEG of the
/// fixtures; nil for what it leaves to libjpeg-turbo, and for damage it cannot read exactly.
@Suite struct JPEGDCReaderTests {
    static let fixtures = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures")
    static let size = PerceptualHashing.decodeSize

    static func jpegs(under folder: String) -> [URL] {
        let walk = FileManager.default.enumerator(at: fixtures.appendingPathComponent(folder), includingPropertiesForKeys: nil)
        return (walk?.allObjects as? [URL] ?? []).filter { ["jpg", "jpeg"].contains($0.pathExtension.lowercased()) }
            .sorted { $0.path < $1.path }
    }

    static func bytes(_ url: URL) throws -> [UInt8] { Array(try Data(contentsOf: url)) }
    static func kind(_ name: String) throws -> [UInt8] { try bytes(fixtures.appendingPathComponent("jpeg-kinds/\(name).jpg")) }
    static func read(_ bytes: [UInt8]) -> Image? { bytes.withUnsafeBytes { JPEGDCReader.decode($0, size: size) } }
    static func reference(_ bytes: [UInt8]) throws -> Image { try JPEGCodec.decode(bytes, name: "reference", size: size, layout: .gray) }

    static let readKinds = ["gray", "ycc444", "ycc422", "ycc420", "ycc440", "ycc411", "restart-every-mcu", "restart-every-7",
                            "restart-rows-gray", "optimized-tables", "quality100", "quality1-16bit-tables",
                            "progressive", "progressive-gray", "progressive-restart", "progressive-separate-dc"]
    /// Arithmetic coding, RGB, luma below chroma, and a picture too small for 1/8.
    static let leftKinds = ["arithmetic", "rgb", "luma-below-chroma", "small-1-4"]

    @Test(arguments: readKinds)
    func readsEachBaselineStructureExactlyAsLibjpegTurbo(_ name: String) throws {
        let bytes = try Self.kind(name)
        let image = try #require(Self.read(bytes))
        let reference = try Self.reference(bytes)
        #expect((image.width, image.height) == (reference.width, reference.height))
        #expect(image.pixels == reference.pixels)
        #expect(Set(image.pixels).count > (name.hasPrefix("quality1-") ? 1 : 50))   // a picture, not a flat field
    }

    @Test(arguments: leftKinds)
    func leavesTheRestToLibjpegTurbo(_ name: String) throws {
        let bytes = try Self.kind(name)
        #expect(Self.read(bytes) == nil)
        // …which decodes them, or refuses them (luma sampled below chroma), through the call the hash makes.
        let decoded = try? Decoding.decode(bytes: bytes, name: name, size: Self.size, layout: .gray)
        #expect(decoded == (try? Self.reference(bytes)))
        #expect((decoded == nil) == (name == "luma-below-chroma"))
    }

    @Test func theKindsAreAllThere() {
        let names = Set(Self.jpegs(under: "jpeg-kinds").map { $0.deletingPathExtension().lastPathComponent })
        #expect(names == Set(Self.readKinds + Self.leftKinds))
    }

    /// Every real JPEG of the fixtures, and every input kept from `make fuzz`'s jpegdc target: read
    /// exactly or left alone; the phone photos (1/8 scale) are read.
    @Test func everyFixtureJPEGIsReadExactlyOrLeftAlone() throws {
        var read: [String] = []
        let kept = (try? FileManager.default.contentsOfDirectory(
            at: Self.fixtures.appendingPathComponent("fuzz/jpegdc"), includingPropertiesForKeys: nil)) ?? []
        #expect(!kept.isEmpty)
        for url in Self.jpegs(under: "corpus") + Self.jpegs(under: "phone") + Self.jpegs(under: "similar") + Self.jpegs(under: "dates") + kept {
            let bytes = try Self.bytes(url)
            guard let image = Self.read(bytes) else { continue }
            #expect(image == (try Self.reference(bytes)), "\(url.lastPathComponent)")
            read.append(url.lastPathComponent)
        }
        for camera in ["Apple iPhone 5.jpg", "Apple iPhone 6.jpg", "HTC One.jpg", "Motorola XT1068 (Moto G).jpg", "Nexus 4.jpg",
                       "Samsung GT-I9505 (Galaxy S4).jpg", "Samsung SM-J327T1.jpg", "Sony Ericsson U10i.jpg"] {
            #expect(read.contains(camera), "\(camera) was left to libjpeg-turbo")
        }
    }

    /// Damaged copies (bytes changed in the scan, cut short, a marker put in, a restart marker
    /// renumbered): each is read exactly as libjpeg-turbo reads it, or left to it; never read where
    /// libjpeg-turbo refuses the file.
    @Test(arguments: ["ycc420", "restart-every-7", "gray", "ycc411", "progressive", "progressive-separate-dc"])
    func damagedCopiesAreReadExactlyOrLeftAlone(_ name: String) throws {
        let original = try Self.kind(name)
        let scan = try #require(Self.scanStart(original))
        var random = SplitMix(seed: UInt64(name.utf8.count) * 7919)
        var readCount = 0, leftCount = 0
        for trial in 0..<120 {
            var bytes = original
            switch trial % 4 {
            case 0:   // a few bytes of the scan changed
                for _ in 0..<(1 + trial % 3) { bytes[scan + Int(random.next() % UInt64(bytes.count - scan - 2))] = UInt8(truncatingIfNeeded: random.next()) }
            case 1:   // cut short
                bytes = Array(bytes[..<(scan + Int(random.next() % UInt64(bytes.count - scan)))])
            case 2:   // a marker in the middle of the data
                let at = scan + Int(random.next() % UInt64(bytes.count - scan - 2))
                bytes.insert(contentsOf: [0xFF, [0xD0, 0xD3, 0xD9, 0xC4, 0xDD][Int(random.next() % 5)]], at: at)
            default:  // a header byte changed (tables, frame, scan header)
                bytes[2 + Int(random.next() % UInt64(scan - 2))] = UInt8(truncatingIfNeeded: random.next())
            }
            let reference = try? Self.reference(bytes)
            if let image = Self.read(bytes) {
                #expect(image == reference, "\(name), trial \(trial)")
                readCount += 1
            } else {
                leftCount += 1
            }
        }
        // Both ways are exercised: many copies are still readable (a changed AC bit), many are not.
        #expect(readCount > 5 && leftCount > 5, "\(name): \(readCount) read, \(leftCount) left")
    }

    /// Found by the jpegdc fuzz target: a progressive file whose scan names a Huffman table never
    /// defined, after data that only earns a warning. libjpeg-turbo gives up; TurboJPEG reports a
    /// warning (one came first), so the decoder used to return a black picture, and every such file
    /// would have hashed alike. Now the DC reader leaves it and the decoder refuses it.
    @Test func aFileLibjpegTurboGivesUpOnAfterAWarningIsRefused() throws {
        let bytes = try Self.bytes(Self.fixtures.appendingPathComponent("fuzz/jpegdc/progressive-fatal-after-warning.jpg"))
        #expect(Self.read(bytes) == nil)
        #expect(throws: ImagingError.self) { try Decoding.decode(bytes: bytes, name: "f", size: Self.size, layout: .gray) }
        #expect(throws: ImagingError.self) { try Decoding.decode(bytes: bytes, name: "f", size: .longSideAtMost(1_600)) }
    }

    /// A chroma component naming a quantization table never defined: libjpeg-turbo refuses the file,
    /// though the luma DC alone would not need that table; so does the reader.
    @Test(arguments: ["ycc420", "progressive", "progressive-separate-dc"])
    func aComponentWithoutItsQuantizationTableIsRefused(_ name: String) throws {
        var bytes = try Self.kind(name)
        let frame = try #require((2..<(bytes.count - 1)).first { bytes[$0] == 0xFF && (bytes[$0 + 1] == 0xC0 || bytes[$0 + 1] == 0xC2) })
        bytes[frame + 4 + 6 + 3 * 1 + 2] = 3   // Cb's table: 3, never defined
        #expect(Self.read(bytes) == nil)
        #expect(throws: ImagingError.self) { try Self.reference(bytes) }
    }

    /// A frame claiming more than the pixels any decoder here takes (60,000 × 60,000) is left at the frame,
    /// before a table is built, and refused by the decoder as too large, not as damaged.
    @Test func aFrameTooLargeIsLeftToTheDecodersLimit() throws {
        var bytes = try Self.kind("ycc420")
        let frame = try #require((2..<(bytes.count - 1)).first { bytes[$0] == 0xFF && bytes[$0 + 1] == 0xC0 })
        for offset in [5, 7] { bytes[frame + offset] = 0xEA; bytes[frame + offset + 1] = 0x60 }   // 60,000
        #expect(Self.read(bytes) == nil)
        #expect {
            try Decoding.decode(bytes: bytes, name: "big", size: Self.size, layout: .gray)
        } throws: { error in
            if case ImagingError.tooLarge = error { return true }
            return false
        }
    }

    /// A picture of one pixel is one pixel at every scale, and TurboJPEG then decodes it at full
    /// size, its AC terms included: the DC reader leaves it (it read 116 where libjpeg-turbo gives 1).
    @Test func aPictureOfOnePixelIsLeftToLibjpegTurbo() throws {
        let pixels: [UInt8] = (0..<64).map { (i: Int) -> UInt8 in UInt8((i % 8 * 37 + i / 8 * 91) % 256) }
        var bytes = try JPEGCodec.encode(Image(width: 8, height: 8, layout: .gray, pixels: pixels), quality: 95)
        let frame = try #require((2..<(bytes.count - 1)).first { bytes[$0] == 0xFF && bytes[$0 + 1] == 0xC0 })
        for offset in [5, 7] {   // 1 × 1
            bytes[frame + offset] = 0
            bytes[frame + offset + 1] = 1
        }
        #expect(Self.read(bytes) == nil)
        let decoded = try Decoding.decode(bytes: bytes, name: "one", size: Self.size, layout: .gray)
        let reference = try Self.reference(bytes)
        #expect(decoded == reference && (decoded.width, decoded.height) == (1, 1))
    }

    @Test func restartMarkersAreCheckedInOrder() throws {
        var bytes = try Self.kind("restart-every-7")
        let scan = try #require(Self.scanStart(bytes))
        let first = try #require((scan..<(bytes.count - 1)).first { bytes[$0] == 0xFF && bytes[$0 + 1] == 0xD0 })
        bytes[first + 1] = 0xD1   // RST1 where RST0 belongs
        #expect(Self.read(bytes) == nil)
    }

    /// libjpeg-turbo's range-limit table after its 1×1 inverse DCT, value by value.
    @Test func pixelsFollowLibjpegTurbosRangeLimit() {
        #expect(JPEGDCReader.pixel(0) == 128)
        #expect(JPEGDCReader.pixel(-1024) == 0)                 // −128 → 0
        #expect(JPEGDCReader.pixel(1016) == 255)                // 127 → 255
        #expect(JPEGDCReader.pixel(3000) == 255)                // 375: clamped
        #expect(JPEGDCReader.pixel(-3000) == 0)                 // −375: clamped
        #expect(JPEGDCReader.pixel(8 * 600) == 0)               // 600: past the table's clamp, it wraps to 0
        #expect(JPEGDCReader.pixel(8 * 1000) == 104)            // 1000 ≡ −24 (mod 1024): 104
        #expect(JPEGDCReader.pixel(3) == 128 && JPEGDCReader.pixel(4) == 129)   // rounded: (x + 4) >> 3
    }

    /// Where the entropy-coded data of the first scan starts: past the SOS segment.
    static func scanStart(_ bytes: [UInt8]) -> Int? {
        var at = 2
        while at + 3 < bytes.count, bytes[at] == 0xFF {
            let length = Int(bytes[at + 2]) << 8 | Int(bytes[at + 3])
            if bytes[at + 1] == 0xDA { return at + 2 + length }
            at += 2 + length
        }
        return nil
    }
}
