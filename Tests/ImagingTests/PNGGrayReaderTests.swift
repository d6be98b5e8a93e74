import Foundation
@testable import Imaging
import Testing

/// SwipeClean's own PNG reader (libdeflate, its own unfiltering, straight to gray) against libspng
/// followed by `Image.gray()`, which it replaces for the perceptual hash: the same gray bytes and the
/// same orientation on every colour type and bit depth (`Fixtures/png-kinds`, made by
/// `Fixtures/make-png-kinds.py`), on the real PNGs of the fixtures, and safe on damaged copies.
@Suite struct PNGGrayReaderTests {
    static let fixtures = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures")

    static func pngs(under folder: String) -> [URL] {
        let root = fixtures.appendingPathComponent(folder)
        let walk = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)
        return (walk?.allObjects as? [URL] ?? []).filter { $0.pathExtension.lowercased() == "png" }
            .sorted { $0.path < $1.path }
    }

    static var kinds: [URL] { pngs(under: "png-kinds") }
    static var real: [URL] { pngs(under: "similar") + pngs(under: "corpus/media") + pngs(under: "phone") }

    /// libspng's reading, turned gray as the decoder did before this reader.
    static func reference(_ bytes: [UInt8]) throws -> (Image, Orientation?) {
        let (image, orientation) = try PNGCodec.decode(bytes, name: "reference")
        return (image.gray(), orientation)
    }

    static func read(_ bytes: [UInt8]) -> (Image, Orientation?)? { bytes.withUnsafeBytes { PNGGrayReader.decode($0) } }

    @Test func theKindsAreAllThere() {
        let names = Set(Self.kinds.map(\.lastPathComponent))
        for color in [0, 2, 3, 4, 6] {
            for depth in [1, 2, 4, 8, 16] where [0: [1, 2, 4, 8, 16], 2: [8, 16], 3: [1, 2, 4, 8], 4: [8, 16], 6: [8, 16]][color]!.contains(depth) {
                #expect(names.contains("color\(color)-\(depth)bit.png"))
            }
        }
        #expect(Self.real.count >= 20)
    }

    @Test(arguments: kinds + real)
    func readsTheSameGrayAsLibspng(_ url: URL) throws {
        let bytes = Array(try Data(contentsOf: url))
        let (expected, orientation) = try Self.reference(bytes)
        if url.lastPathComponent.contains("adam7") {
            #expect(Self.read(bytes) == nil)   // left to libspng
        } else {
            let read = try #require(Self.read(bytes), "\(url.lastPathComponent) was left to libspng")
            #expect(read.0 == expected, "\(url.lastPathComponent)")
            #expect(read.1 == orientation)
        }
        // Either way the hash's decode gives libspng's gray, upright.
        let decoded = try Decoding.decode(bytes: bytes, name: url.lastPathComponent, size: PerceptualHashing.decodeSize, layout: .gray)
        #expect(decoded == expected.applying(orientation ?? .up))
    }

    @Test func exifOrientationIsFoundBeforeAndAfterTheImageData() throws {
        for (name, orientation) in [("color2-8bit-exif6.png", Orientation.right), ("color2-8bit-exif3-after-idat.png", .down)] {
            let bytes = Array(try Data(contentsOf: Self.fixtures.appendingPathComponent("png-kinds/\(name)")))
            #expect(Self.read(bytes)?.1 == orientation)
        }
    }

    /// Cut short anywhere, or with a byte changed anywhere, a PNG is read or refused without a trap,
    /// and when both readers take it they agree.
    @Test(arguments: ["color2-8bit.png", "color3-2bit.png", "color6-16bit.png", "color0-1bit.png"])
    func damagedCopiesAreReadSafely(_ name: String) throws {
        let bytes = Array(try Data(contentsOf: Self.fixtures.appendingPathComponent("png-kinds/\(name)")))
        var refused = 0
        for cut in stride(from: 0, to: bytes.count, by: 3) {
            if Self.read(Array(bytes.prefix(cut))) == nil { refused += 1 }
        }
        #expect(refused > 0)
        for at in 0..<bytes.count {
            for flip: UInt8 in [0x01, 0x80, 0xFF] {
                var damaged = bytes
                damaged[at] ^= flip
                guard let read = Self.read(damaged), let expected = try? Self.reference(damaged) else { continue }
                #expect(read.0 == expected.0, "\(name): byte \(at) ^ \(flip)")
            }
        }
    }

    /// The seeds of `make fuzz`'s pngpixels target and whatever it finds, kept under
    /// `Fixtures/fuzz/pngpixels`: each is read or left to libspng, never a trap, and agrees with libspng.
    @Test func fuzzFindingsAreReadSafely() throws {
        let inputs = Self.pngs(under: "fuzz/pngpixels") + ((try? FileManager.default.contentsOfDirectory(
            at: Self.fixtures.appendingPathComponent("fuzz/pngpixels"), includingPropertiesForKeys: nil)) ?? [])
            .filter { $0.pathExtension.isEmpty }
        #expect(inputs.count >= 10)
        var read = 0
        for input in inputs {
            let bytes = Array(try Data(contentsOf: input))
            guard let gray = Self.read(bytes) else { continue }
            read += 1
            if let expected = try? Self.reference(bytes) { #expect(gray.0 == expected.0, "\(input.lastPathComponent)") }
        }
        #expect(read >= 8)
    }
}
