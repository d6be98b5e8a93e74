/// A photo's 32×32 gray picture, kept in the index for the second look at two photos whose hashes
/// are close (`agreement(with:)`): the same averages the perceptual hash starts from (the picture
/// stretched to a square), rounded to bytes. 1,024 bytes a photo.
public struct Thumbnail: Sendable, Equatable {
    public static let side = 32
    /// Row by row, `side` × `side` luma values.
    public let pixels: [UInt8]

    /// Nil unless `pixels` holds exactly side × side values (a damaged index row).
    public init?(pixels: [UInt8]) {
        guard pixels.count == Self.side * Self.side else { return nil }
        self.pixels = pixels
    }

    init(luminance: [Double]) {
        pixels = luminance.map { UInt8(max(0, min(255, $0.rounded()))) }
    }

    /// How much there is to recognise the picture by: the standard deviation, in luma levels, of what
    /// is left once the best plane through the 32×32 values is taken away. A flat colour, a gradient,
    /// a clear sky or a dark pocket shot is below 10; a photo of things is above 15 (see Docs/similar.md).
    public static func detail(_ values: [Double]) -> Double {
        let side = Self.side, count = Double(side * side)
        let centre = Double(side - 1) / 2
        var sum = 0.0, sumX = 0.0, sumY = 0.0, squares = 0.0
        for y in 0..<side {
            for x in 0..<side {
                let v = values[y * side + x]
                sum += v; squares += v * v
                sumX += (Double(x) - centre) * v; sumY += (Double(y) - centre) * v
            }
        }
        // Σ(x − x̄)² over the grid, the same for y: the plane's slopes are sumX / spread and sumY / spread.
        let spread = count * Double(side * side - 1) / 12
        let variance = squares / count - (sum / count) * (sum / count)
        let explained = (sumX * sumX + sumY * sumY) / spread / count
        return max(0, variance - explained).squareRoot()
    }

    /// How much more the picture changes one way than the other: the energy of the differences between
    /// neighbouring rows over that between neighbouring columns, or the reverse, whichever is larger.
    /// A page of text (lines: stripes) is 4 and up; the photos of things measured, 1 to 3 (one 5.3).
    public var stripes: Double {
        let n = Self.side
        var across = 0, down = 0
        for y in 0..<n {
            for x in 0..<n {
                let v = Int(pixels[y * n + x])
                if x + 1 < n { let d = Int(pixels[y * n + x + 1]) - v; across += d * d }
                if y + 1 < n { let d = Int(pixels[(y + 1) * n + x]) - v; down += d * d }
            }
        }
        let (low, high) = (Double(min(across, down)), Double(max(across, down)))
        return high == 0 ? 1 : high / max(low, 1)
    }
}
