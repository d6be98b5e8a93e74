extension Image {
    /// The picture shrunk so its long side is at most `side` pixels, averaging the source pixels each
    /// output pixel covers (a box filter: no aliasing when shrinking, which is all previews and hashes do).
    public func fitting(longSide side: Int) -> Image {
        guard longSide > side, side > 0 else { return self }
        let scale = Double(side) / Double(longSide)
        let outW = max(1, Int((Double(width) * scale).rounded()))
        let outH = max(1, Int((Double(height) * scale).rounded()))
        return resized(width: outW, height: outH)
    }

    /// The picture shrunk to exactly `width`×`height` (each no larger than now) with a box filter.
    public func resized(width outW: Int, height outH: Int) -> Image {
        precondition(outW > 0 && outH > 0 && outW <= width && outH <= height, "resized only shrinks")
        if outW == width && outH == height { return self }
        let c = channels
        // Fixed-point box filter, separable: rows first into 32-bit sums, then columns.
        let xSpans = Self.spans(from: width, to: outW)
        let ySpans = Self.spans(from: height, to: outH)
        var rows = [UInt32](repeating: 0, count: outW * height * c)
        pixels.withUnsafeBufferPointer { src in
            rows.withUnsafeMutableBufferPointer { dst in
                for y in 0..<height {
                    let srcRow = y * width * c, dstRow = y * outW * c
                    for (ox, span) in xSpans.enumerated() {
                        for k in 0..<c {
                            var sum: UInt32 = 0
                            for x in span { sum += UInt32(src[srcRow + x * c + k]) }
                            dst[dstRow + ox * c + k] = sum
                        }
                    }
                }
            }
        }
        var out = [UInt8](repeating: 0, count: outW * outH * c)
        rows.withUnsafeBufferPointer { src in
            out.withUnsafeMutableBufferPointer { dst in
                for (oy, ySpan) in ySpans.enumerated() {
                    for ox in 0..<outW {
                        let area = UInt32(ySpan.count * xSpans[ox].count)
                        for k in 0..<c {
                            var sum: UInt32 = 0
                            for y in ySpan { sum += src[(y * outW + ox) * c + k] }
                            dst[(oy * outW + ox) * c + k] = UInt8((sum + area / 2) / area)
                        }
                    }
                }
            }
        }
        return Image(width: outW, height: outH, layout: layout, pixels: out)
    }

    /// The source pixels each output pixel averages: contiguous, covering the source, never empty.
    private static func spans(from source: Int, to target: Int) -> [Range<Int>] {
        (0..<target).map { i in
            let start = i * source / target
            let end = max(start + 1, (i + 1) * source / target)
            return start..<end
        }
    }
}
