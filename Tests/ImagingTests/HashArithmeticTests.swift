@testable import Imaging
import Testing

/// The hash's luma grid and the sharpness are computed with faster loops (column sums per band of
/// cells; 32-bit row sums) that must give exactly what the plain per-pixel sums give, or the hashes
/// already stored in an index would no longer match new ones. Checked against those plain sums on
/// pictures of many shapes, smaller and larger than the 32×32 grid, including the widest rows the
/// 32-bit sums are split at.
@Suite struct HashArithmeticTests {
    static let shapes = [(1, 1), (3, 3), (7, 40), (31, 33), (32, 32), (97, 61), (320, 240), (2_003, 5), (4_100, 4)]

    static func noise(_ width: Int, _ height: Int, seed: UInt64) -> Image {
        var state = seed
        let pixels = (0..<(width * height)).map { _ -> UInt8 in
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return UInt8(truncatingIfNeeded: state >> 56)
        }
        return Image(width: width, height: height, layout: .gray, pixels: pixels)
    }

    /// Each cell's pixels added one by one, as pHash describes it.
    static func plainLuminance(_ image: Image, side: Int) -> [Double] {
        func spans(_ source: Int) -> [Range<Int>] {
            (0..<side).map { i in
                let start = min(source - 1, i * source / side)
                return start..<max(start + 1, (i + 1) * source / side)
            }
        }
        var out: [Double] = []
        for ySpan in spans(image.height) {
            for xSpan in spans(image.width) {
                var sum = 0
                for y in ySpan { for x in xSpan { sum += Int(image.pixels[y * image.width + x]) } }
                out.append(Double(sum) / Double(ySpan.count * xSpan.count))
            }
        }
        return out
    }

    static func plainSharpness(_ image: Image) -> Double {
        let w = image.width, h = image.height, px = image.pixels.map(Int.init)
        guard w >= 3, h >= 3 else { return 0 }
        var sum = 0, squares = 0
        for y in 1..<(h - 1) {
            for x in 1..<(w - 1) {
                let l = px[y * w + x - 1] + px[y * w + x + 1] + px[(y - 1) * w + x] + px[(y + 1) * w + x] - 4 * px[y * w + x]
                sum += l
                squares += l * l
            }
        }
        let count = Double((w - 2) * (h - 2)), mean = Double(sum) / count
        return max(0, Double(squares) / count - mean * mean)
    }

    @Test(arguments: shapes)
    func fastSumsEqualPlainSums(_ shape: (Int, Int)) {
        for seed: UInt64 in [1, 2] {
            let image = Self.noise(shape.0, shape.1, seed: seed)
            #expect(PerceptualHash.luminance(image, side: 32) == Self.plainLuminance(image, side: 32))
            #expect(Sharpness.varianceOfLaplacian(image) == Self.plainSharpness(image))
        }
        // The sharpest picture there is (a checkerboard of 0 and 255) in a row longer than one 32-bit
        // run: every Laplacian is ±1020, the largest square.
        let checker = Image(width: shape.0, height: shape.1, layout: .gray,
                            pixels: (0..<(shape.0 * shape.1)).map { ($0 % shape.0 + $0 / shape.0) % 2 == 0 ? 255 : 0 })
        #expect(Sharpness.varianceOfLaplacian(checker) == Self.plainSharpness(checker))
    }
}
