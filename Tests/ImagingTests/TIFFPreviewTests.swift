import FileSystem
import Foundation
import Imaging
import Testing

/// TIFF previews through libtiff (the page's only way to see a scanner's or an editor's TIFF): a real photo
/// saved as a deflate TIFF (`Fixtures/tiff/Scan_0001.tif`, 320×240, from the corpus' Sony Cybershot) comes out
/// as a JPEG of the same picture, turned upright by its orientation tag; a damaged one is refused in a sentence.
@Suite struct TIFFPreviewTests {
    static let tiff = Corpus.media.deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("tiff/Scan_0001.tif")

    @Test func aTIFFBecomesAJPEGOfTheSamePicture() throws {
        let bytes = Array(try Data(contentsOf: Self.tiff))
        let jpeg = try Preview.jpeg(bytes: bytes, name: "Scan_0001.tif")
        let back = try Decoding.decode(bytes: jpeg, name: "preview", layout: .gray)
        #expect((back.width, back.height) == (320, 240))
        // The source photo at the same size: the preview's mean gray is within 3 levels of it.
        let original = try Decoding.decode(Corpus.path("Sony Cybershot (2).jpg"), layout: .gray).fitting(longSide: 320)
        let mean = { (image: Image) in Double(image.pixels.reduce(0) { $0 + Int($1) }) / Double(image.pixels.count) }
        #expect(abs(mean(back) - mean(original)) < 3, "\(mean(back)) against \(mean(original))")
    }

    @Test func aTIFFTurnedByItsOrientationTagStandsUp() throws {
        var bytes = Array(try Data(contentsOf: Self.tiff))
        // Add nothing: rewrite the first directory's entries to carry orientation 6 in place of one it has
        // (ResolutionUnit, 296, a SHORT): the picture is then stored turned, 240 wide once upright.
        let ifd = Int(bytes[4]) | Int(bytes[5]) << 8 | Int(bytes[6]) << 16 | Int(bytes[7]) << 24
        let count = Int(bytes[ifd]) | Int(bytes[ifd + 1]) << 8
        let entry = try #require((0..<count).map { ifd + 2 + 12 * $0 }.first { Int(bytes[$0]) | Int(bytes[$0 + 1]) << 8 == 296 })
        // Entries stay sorted by tag only if 274 takes a slot before 277: ResolutionUnit (296) is the last
        // of those we can reuse, and libtiff reads an unsorted directory with a warning (silenced), not an error.
        bytes.replaceSubrange(entry..<(entry + 12), with: [0x12, 0x01, 3, 0, 1, 0, 0, 0, 6, 0, 0, 0])
        let jpeg = try Preview.jpeg(bytes: bytes, name: "turned.tif")
        let back = try Decoding.decode(bytes: jpeg, name: "preview")
        #expect((back.width, back.height) == (240, 320))
    }

    @Test func aDamagedTIFFIsRefusedInASentence() throws {
        var bytes = Array(try Data(contentsOf: Self.tiff).prefix(600))
        bytes.replaceSubrange(4..<8, with: [0xFF, 0xFF, 0xFF, 0x0F])
        #expect(throws: ImagingError.self) { try Preview.jpeg(bytes: bytes, name: "broken.tif") }
    }
}
