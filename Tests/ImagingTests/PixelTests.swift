import Imaging
import Testing

/// Pixel operations on tiny known images.
@Suite struct PixelTests {
    /// 3×2 gray, values 1…6 row by row:  1 2 3 / 4 5 6.
    static let tiny = Image(width: 3, height: 2, layout: .gray, pixels: [1, 2, 3, 4, 5, 6])

    @Test(arguments: [
        (Orientation.up, 3, 2, [UInt8]([1, 2, 3, 4, 5, 6])),
        (.upMirrored, 3, 2, [3, 2, 1, 6, 5, 4]),
        (.down, 3, 2, [6, 5, 4, 3, 2, 1]),
        (.downMirrored, 3, 2, [4, 5, 6, 1, 2, 3]),
        (.leftMirrored, 2, 3, [1, 4, 2, 5, 3, 6]),
        (.right, 2, 3, [4, 1, 5, 2, 6, 3]),
        (.rightMirrored, 2, 3, [6, 3, 5, 2, 4, 1]),
        (.left, 2, 3, [3, 6, 2, 5, 1, 4]),
    ])
    func orientationsTurnAsExifSays(_ entry: (Orientation, Int, Int, [UInt8])) {
        let turned = Self.tiny.applying(entry.0)
        #expect((turned.width, turned.height) == (entry.1, entry.2))
        #expect(turned.pixels == entry.3)
    }

    /// A picture larger than the 64-pixel tiles `applying` works in, in RGB, against the rule
    /// written out pixel by pixel: where the stored pixel (x, y) lands for each orientation.
    @Test(arguments: Orientation.allCases)
    func orientationsTurnLargeRGBPicturesPixelByPixel(_ orientation: Orientation) {
        let w = 131, h = 70
        let pixels = (0..<(w * h * 3)).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ $0 / 251) }
        let turned = Image(width: w, height: h, layout: .rgb, pixels: pixels).applying(orientation)
        let outW = orientation.swapsSides ? h : w
        #expect((turned.width, turned.height) == (orientation.swapsSides ? (h, w) : (w, h)))
        var mismatches = 0
        for y in 0..<h {
            for x in 0..<w {
                let (ox, oy): (Int, Int) = switch orientation {
                case .up: (x, y)
                case .upMirrored: (w - 1 - x, y)
                case .down: (w - 1 - x, h - 1 - y)
                case .downMirrored: (x, h - 1 - y)
                case .leftMirrored: (y, x)
                case .right: (h - 1 - y, x)
                case .rightMirrored: (h - 1 - y, w - 1 - x)
                case .left: (y, w - 1 - x)
                }
                for k in 0..<3 where turned.pixels[(oy * outW + ox) * 3 + k] != pixels[(y * w + x) * 3 + k] { mismatches += 1 }
            }
        }
        #expect(mismatches == 0)
    }

    @Test func boxFilterAveragesWhatEachPixelCovers() {
        let image = Image(width: 4, height: 2, layout: .gray, pixels: [0, 100, 200, 50, 20, 40, 60, 250])
        let half = image.resized(width: 2, height: 1)
        #expect(half.pixels == [40, 140])   // (0+100+20+40)/4, (200+50+60+250)/4
        #expect(image.fitting(longSide: 8) == image, "never enlarges")
        #expect(image.fitting(longSide: 2).width == 2 && image.fitting(longSide: 2).height == 1)
    }

    @Test func grayUsesLumaWeights() {
        let rgb = Image(width: 3, height: 1, layout: .rgb, pixels: [255, 0, 0, 0, 255, 0, 255, 255, 255])
        #expect(rgb.gray().pixels == [76, 150, 255])
        #expect(rgb.gray().rgb().pixels == [76, 76, 76, 150, 150, 150, 255, 255, 255])
    }

    @Test func tiffOrientationReadsBothByteOrders() {
        let little: [UInt8] = [0x49, 0x49, 42, 0, 8, 0, 0, 0, 1, 0, 0x12, 0x01, 3, 0, 1, 0, 0, 0, 6, 0, 0, 0]
        let big: [UInt8] = [0x4D, 0x4D, 0, 42, 0, 0, 0, 8, 0, 1, 0x01, 0x12, 0, 3, 0, 0, 0, 1, 0, 8, 0, 0]
        #expect(Orientation(tiff: little) == .right)
        #expect(Orientation(tiff: big) == .left)
        #expect(Orientation(tiff: Array(little.prefix(12))) == nil, "cut short: no answer, no crash")
    }
}
