import FileSystem
import Foundation
import Imaging
import Testing

/// The perceptual hash and the sharpness measure against answers worked out by hand, and on the real corpus.
@Suite struct PerceptualHashTests {
    static func gray(_ width: Int, _ height: Int, _ value: (Int, Int) -> UInt8) -> Image {
        var pixels = [UInt8](repeating: 0, count: width * height)
        for y in 0..<height { for x in 0..<width { pixels[y * width + x] = value(x, y) } }
        return Image(width: width, height: height, layout: .gray, pixels: pixels)
    }

    @Test func aFlatPictureSetsOnlyTheDCBit() {
        // All AC coefficients are 0, so the median of the 64 is 0 and only the DC coefficient is above it.
        let hash = PerceptualHash(of: Self.gray(50, 40) { _, _ in 128 })
        #expect(hash.hex == "8000000000000000")
    }

    @Test func aLeftToRightRampSetsOnlyTheDCBitAndItsMirrorTheOddHorizontalFrequencies() {
        // Dark left, bright right, no vertical change: only row 0 of the coefficients is non-zero. The
        // ramp is odd about the centre, so its even frequencies are 0 and its odd ones (0,1), (0,3), (0,5),
        // (0,7) negative (the basis falls where the ramp rises). 58 zeros make the median 0: only the DC is above.
        let hash = PerceptualHash(of: Self.gray(64, 64) { x, _ in UInt8(x * 4) })
        #expect(hash.hex == "8000000000000000")
        // Mirrored, the odd frequencies turn positive: bits 63, 62, 60, 58 and 56, 0b1101_0101.
        let mirrored = PerceptualHash(of: Self.gray(64, 64) { x, _ in UInt8((63 - x) * 4) })
        #expect(mirrored.hex == "d500000000000000")
        // Upside down changes nothing (there is no vertical content).
        #expect(PerceptualHash(of: Self.gray(64, 64) { x, y in UInt8(x * 4) &+ UInt8(y & 0) }) == hash)
    }

    @Test func hexRoundTripsAndDistanceCountsBits() {
        let a = PerceptualHash(bits: 0xF0F0_0000_0000_0001), b = PerceptualHash(bits: 0x00F0_0000_0000_0000)
        #expect(a.hex == "f0f0000000000001")
        #expect(PerceptualHash(hex: a.hex) == a)
        #expect(PerceptualHash(hex: "f0f000000000000") == nil)
        #expect(PerceptualHash(hex: "g0f0000000000001") == nil)
        #expect(a.distance(to: b) == 5)
        #expect(PerceptualHash(bits: 1).hex == "0000000000000001")
    }

    @Test func aPictureSmallerThanTheHashGridStillHashes() {
        let tiny = PerceptualHash(of: Self.gray(5, 3) { x, y in UInt8(x * 50 + y * 10) })
        let larger = PerceptualHash(of: Self.gray(50, 30) { x, y in UInt8(x / 10 * 50 + y / 10 * 10) })
        #expect(tiny.distance(to: larger) <= 4)
    }

    @Test func sharpnessOfACheckerboardIsWorkedOutByHand() {
        // Inside a 0/255 checkerboard every Laplacian is ±4·255 = ±1020: mean 0, variance 1020².
        let board = Self.gray(4, 4) { x, y in (x + y) % 2 == 0 ? 0 : 255 }
        #expect(Sharpness.varianceOfLaplacian(board) == 1_040_400)
        #expect(Sharpness.varianceOfLaplacian(Self.gray(10, 10) { _, _ in 77 }) == 0)
        #expect(Sharpness.varianceOfLaplacian(Self.gray(2, 9) { x, _ in UInt8(x) }) == 0)
    }

    @Test func aBlurredPhotoIsLessSharpThanItself() throws {
        let image = try Decoding.decode(Corpus.path("Apple iPhone 4.jpg"), size: .shortSide(200), layout: .gray)
        // A 4×4 box blur: shrink to a quarter and stretch back by repeating pixels is not a blur of the same
        // size; average each pixel with its neighbours instead.
        var blurred = image
        for y in 1..<(image.height - 1) {
            for x in 1..<(image.width - 1) {
                var sum = 0
                for dy in -1...1 { for dx in -1...1 { sum += Int(image.pixels[(y + dy) * image.width + x + dx]) } }
                blurred.pixels[y * image.width + x] = UInt8(sum / 9)
            }
        }
        #expect(Sharpness.varianceOfLaplacian(blurred) < Sharpness.varianceOfLaplacian(image) / 2)
        // The blur keeps the hash close: it is a picture of the same thing.
        #expect(PerceptualHash(of: blurred).distance(to: PerceptualHash(of: image)) <= 4)
    }

    @Test func aHEICMatchesItsJPEGConversion() throws {
        // Fixtures/similar/img2927-heic/original.jpg was made from IMG_2927.HEIC by heif-convert and Pillow
        // (3 % cut off on the right, 320 px): the HEIC, decoded from its thumbnail, lands near it.
        let heic = try PerceptualHashing.fingerprint(Corpus.path("IMG_2927.HEIC"))
        let jpeg = try PerceptualHashing.fingerprint(RawPath(Corpus.media.deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("similar/img2927-heic/original.jpg").path))
        #expect(heic.hash.distance(to: jpeg.hash) <= 10)
    }

    @Test func aRotatedCopyMatchesOnceItsOrientationIsApplied() throws {
        // "Samsung GT-I9000 (Galaxy S).jpg" is stored on its side with EXIF orientation 6.
        let upright = try PerceptualHashing.fingerprint(Corpus.path("Samsung GT-I9000 (Galaxy S).jpg"))
        let ignoringTheTag = PerceptualHash(of: try Decoding.decode(Corpus.path("Samsung GT-I9000 (Galaxy S).jpg"),
                                                                   size: PerceptualHashing.decodeSize, layout: .gray, orientation: .up))
        #expect(upright.hash.distance(to: ignoringTheTag) > 16)
        let jpeg = try PerceptualHashing.fingerprint(RawPath(Corpus.media.deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("similar/galaxy-s/original.jpg").path))
        #expect(upright.hash.distance(to: jpeg.hash) <= 10)
    }

    @Test func aFileThatIsNotAPictureIsRefusedByName() {
        #expect(throws: ImagingError.self) { try PerceptualHashing.fingerprint(Corpus.path("with-gps.mov")) }
        #expect(throws: ImagingError.self) {
            try PerceptualHashing.fingerprint(Corpus.path("IllegalArgumentException.HeifReader.processBoxes.heif"))
        }
    }
}
