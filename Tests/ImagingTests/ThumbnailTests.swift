import Foundation
import Testing
@testable import Imaging

/// The second look's pieces on a real photo: a crop and a pan agree with the whole, two different
/// parts of the photo do not, and a flat or graded picture has no detail.
@Suite struct ThumbnailTests {
    static let photo: Image = try! Decoding.decode(Corpus.path("Apple iPhone 5.jpg"), size: PerceptualHashing.decodeSize, layout: .gray)

    /// The part of `image` from (left, top), as fractions of its size.
    static func window(_ image: Image, _ left: Double, _ top: Double, _ width: Double, _ height: Double) -> Image {
        let x0 = Int(left * Double(image.width)), y0 = Int(top * Double(image.height))
        let w = Int(width * Double(image.width)), h = Int(height * Double(image.height))
        var pixels: [UInt8] = []
        for y in y0..<(y0 + h) { pixels += image.pixels[(y * image.width + x0)..<(y * image.width + x0 + w)] }
        return Image(width: w, height: h, layout: .gray, pixels: pixels)
    }

    static func thumbnail(_ image: Image) -> Thumbnail { PerceptualHashing.fingerprint(of: image).thumbnail }

    @Test(arguments: [("crop 6 % each side", 0.06, 0.06, 0.88, 0.88), ("next frame: panned 3 %, 10 % cropped", 0.08, 0.05, 0.9, 0.9),
                      ("a resized copy", 0.0, 0.0, 1.0, 1.0)])
    func aCopyAgreesWithTheWhole(_ what: String, left: Double, top: Double, width: Double, height: Double) {
        let whole = Self.thumbnail(Self.photo)
        var copy = Self.window(Self.photo, left, top, width, height)
        if width == 1 { copy = copy.resized(width: copy.width / 2, height: copy.height / 2) }
        let agreement = whole.agreement(with: Self.thumbnail(copy))
        #expect(agreement.picture >= 0.85, "\(what): \(agreement)")
        #expect(agreement.detail >= 0.3, "\(what): \(agreement)")
    }

    @Test func twoPartsOfOnePhotoDisagreeInDetail() {
        let left = Self.thumbnail(Self.window(Self.photo, 0, 0, 0.5, 1)), right = Self.thumbnail(Self.window(Self.photo, 0.5, 0, 0.5, 1))
        let agreement = left.agreement(with: right)
        #expect(agreement.detail < 0.2, "\(agreement)")
        #expect(agreement.picture < 0.95, "\(agreement)")
    }

    @Test func aFlatOrGradedPictureHasNoDetailAndAPhotoHasMuch() {
        let flat = Image(width: 64, height: 48, layout: .gray, pixels: [UInt8](repeating: 90, count: 64 * 48))
        let ramp = Image(width: 64, height: 48, layout: .gray, pixels: (0..<(64 * 48)).map { (i: Int) -> UInt8 in
            let x = i % 64, y = i / 64
            return UInt8(40 + 2 * x + y)
        })
        #expect(PerceptualHashing.fingerprint(of: flat).detail == 0)
        #expect(PerceptualHashing.fingerprint(of: ramp).detail < 1)
        #expect(PerceptualHashing.fingerprint(of: Self.photo).detail > 15)
    }

    @Test func linesOfTextAreStripedAndAPhotoIsNot() {
        let lines = Image(width: 256, height: 256, layout: .gray, pixels: (0..<(256 * 256)).map { (i: Int) -> UInt8 in
            (i / 256) % 16 < 6 ? 30 : 240
        })
        #expect(Self.thumbnail(lines).stripes > 10)
        #expect(Self.thumbnail(Self.photo).stripes < 3.5)
    }

    @Test func theCentreHashIsTheHashOfTheCentre() {
        // A crop of 6 % each side keeps the centre window: its whole hash is near the photo's centre hash.
        let whole = PerceptualHashing.fingerprint(of: Self.photo)
        let crop = PerceptualHashing.fingerprint(of: Self.window(Self.photo, 0.06, 0.06, 0.88, 0.88))
        #expect(crop.hash.distance(to: whole.centreHash) <= 6)
        #expect(crop.hash.distance(to: whole.centreHash) < crop.hash.distance(to: whole.hash))
    }
}
