import Foundation

/// A 64-bit DCT perceptual hash (pHash): the picture in gray shrunk to 32×32, its 2-D DCT-II, and
/// one bit per coefficient of the 8×8 lowest frequencies, set when the coefficient is above their
/// median. Resizing, recompression, a format change and a brightness change keep the low
/// frequencies, so copies land a few bits apart; different pictures land about 32 apart.
/// Bits run row by row from the top-left coefficient, the first one the most significant (the
/// order Python's imagehash prints), so `hex` reads the same in both.
public struct PerceptualHash: Sendable, Hashable, CustomStringConvertible {
    public let bits: UInt64

    public init(bits: UInt64) { self.bits = bits }

    /// The hash of a picture of any size and layout (it is first turned gray and shrunk to 32×32).
    public init(of image: Image) {
        self.init(luminance: Self.luminance(image, side: Self.side))
    }

    /// The hash of a picture already shrunk to 32×32 luma values, row by row.
    init(luminance small: [Double]) {
        self.init(coefficients: Self.coefficients(small))
    }

    /// The hash of the 8×8 lowest DCT coefficients (row by row: vertical frequency, then horizontal).
    init(coefficients: [Double]) {
        let sorted = coefficients.sorted()
        let median = (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
        // Rounding leaves ±1e-13 where a coefficient is really 0 (a flat or symmetric picture): a bit
        // is set only clearly above the median, so such a picture hashes the same every time.
        let above = median + 1e-6
        var bits: UInt64 = 0
        for coefficient in coefficients { bits = bits << 1 | (coefficient > above ? 1 : 0) }
        self.bits = bits
    }

    /// The hashes of the picture turned and mirrored (`Turn.all`, in that order), from one transform: a turn or a
    /// mirror of the 32×32 values only transposes the DCT's coefficients and changes the sign of its odd frequencies,
    /// so the seven other hashes come from the same 64 coefficients (each with its own median), no decode and no
    /// second transform.
    public static func turns(of thumbnail: Thumbnail) -> [PerceptualHash] {
        let c = coefficients(thumbnail.pixels.map(Double.init))
        return Turn.all.map { turn in
            PerceptualHash(coefficients: (0..<(kept * kept)).map { at in
                let (u, v) = (at / kept, at % kept)
                let value = turn.transposed ? c[v * kept + u] : c[at]
                let sign = (turn.flipsRows && u % 2 == 1 ? -1.0 : 1.0) * (turn.flipsColumns && v % 2 == 1 ? -1.0 : 1.0)
                return sign * value
            })
        }
    }

    /// The 8×8 lowest of the 2-D DCT-II coefficients of 32×32 values.
    static func coefficients(_ small: [Double]) -> [Double] {
        precondition(small.count == Self.side * Self.side, "the hash takes 32×32 values")
        let side = Self.side
        // Only the 8 lowest of the 32 DCT frequencies are needed in each direction:
        // rows = C·A (8×32), then coefficients = rows·Cᵀ (8×8).
        // (Summed in the same order as ever, so the hashes stored in an index stay the same.)
        let kept = Self.kept
        var coefficients = [Double](repeating: 0, count: kept * kept)
        Self.cosines.withUnsafeBufferPointer { table in
            small.withUnsafeBufferPointer { small in
                var rows = [Double](repeating: 0, count: kept * side)
                rows.withUnsafeMutableBufferPointer { rows in
                    for u in 0..<kept {
                        for x in 0..<side {
                            var sum = 0.0
                            for y in 0..<side { sum += table[u * side + y] * small[y * side + x] }
                            rows[u * side + x] = sum
                        }
                    }
                    coefficients.withUnsafeMutableBufferPointer { coefficients in
                        for u in 0..<kept {
                            for v in 0..<kept {
                                var sum = 0.0
                                for x in 0..<side { sum += rows[u * side + x] * table[v * side + x] }
                                coefficients[u * kept + v] = sum
                            }
                        }
                    }
                }
            }
        }
        return coefficients
    }

    /// How many of the 64 bits differ.
    public func distance(to other: PerceptualHash) -> Int { (bits ^ other.bits).nonzeroBitCount }

    /// 16 lowercase hex digits.
    public var hex: String {
        let digits = String(bits, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }

    /// The hash written by `hex`; nil for anything else.
    public init?(hex: String) {
        guard hex.count == 16, hex.allSatisfy(\.isHexDigit), let value = UInt64(hex, radix: 16) else { return nil }
        bits = value
    }

    public var description: String { hex }

    static let side = 32
    static let kept = 8

    /// The orthonormal DCT-II basis: cosines[u * 32 + x] = c(u) · cos((2x + 1)uπ / 64).
    static let cosines: [Double] = {
        let n = side
        var table = [Double](repeating: 0, count: n * n)
        for u in 0..<n {
            let scale = u == 0 ? (1.0 / Double(n)).squareRoot() : (2.0 / Double(n)).squareRoot()
            for x in 0..<n { table[u * n + x] = scale * cos(Double.pi * Double(2 * x + 1) * Double(u) / Double(2 * n)) }
        }
        return table
    }()

    /// The picture's luma as side×side averages of the source pixels each cell covers (stretching
    /// to a square, as pHash does); a picture smaller than that repeats its pixels. The rows of a
    /// band of cells are first added column by column (a loop the compiler vectorises), then each
    /// cell adds its columns: the same integer sums as adding each cell's pixels, so the same hash.
    static func luminance(_ image: Image, side: Int) -> [Double] {
        let gray = image.gray()
        let width = gray.width
        let xs = spans(from: width, to: side), ys = spans(from: gray.height, to: side)
        var out = [Double](repeating: 0, count: side * side)
        var columns = [UInt32](repeating: 0, count: width)
        gray.pixels.withUnsafeBufferPointer { px in
            columns.withUnsafeMutableBufferPointer { columns in
                let base = px.baseAddress!, sums = columns.baseAddress!
                for (oy, ySpan) in ys.enumerated() {
                    sums.update(repeating: 0, count: width)
                    for y in ySpan {   // 255 × (200 M pixels / 32) rows still fits 32 bits
                        let row = base + y * width
                        for x in 0..<width { sums[x] &+= UInt32(row[x]) }
                    }
                    for (ox, xSpan) in xs.enumerated() {
                        var sum = 0
                        for x in xSpan { sum += Int(sums[x]) }
                        out[oy * side + ox] = Double(sum) / Double(ySpan.count * xSpan.count)
                    }
                }
            }
        }
        return out
    }

    /// The source pixels each of `target` cells averages: contiguous, never empty.
    private static func spans(from source: Int, to target: Int) -> [Range<Int>] {
        (0..<target).map { i in
            let start = min(source - 1, i * source / target)
            return start..<max(start + 1, (i + 1) * source / target)
        }
    }
}
