/// The second look at two photos: how well one thumbnail matches the other, or a window of it, over
/// the geometry of the copies a library holds. A crop, the next frame of a burst (panned, cropped) or
/// a small turn is the other photo's picture seen through a smaller window, a little shifted: each
/// window (scales 1, 0.94, 0.88, 0.82 of the side; shifts in steps of a pixel) is resampled to the full
/// 32×32 and compared with the other whole thumbnail by normalised cross-correlation, over all but a
/// 2-pixel border (where a turn leaves its corners). The best correlation wins: 1 for the same picture,
/// about 0.75 and up for a burst's next frame, yet up to 0.9 for two parts of one sky or lawn. So the
/// fine detail (each value less the mean of its 3×3 neighbourhood) is correlated too, at that best
/// window: 0.24 and up for the copies measured, below 0.14 for distinct photos (Docs/similar.md).
extension Thumbnail {
    /// How well two thumbnails match at the best window: the picture's and the fine detail's correlation.
    public struct Agreement: Sendable, Equatable {
        public let picture: Double
        public let detail: Double
    }

    public func agreement(with other: Thumbnail) -> Agreement {
        let a = Self.values(pixels), b = Self.values(other.pixels)
        let wholeA = Self.centre(a), wholeB = Self.centre(b)
        var best = Agreement(picture: -1, detail: -1)
        var bestWindow: (Window, Bool)? = nil
        for window in Self.windows {
            let ofA = Self.correlation(Self.centre(Self.sample(a, window)), wholeB)
            if ofA > best.picture { best = Agreement(picture: ofA, detail: 0); bestWindow = (window, true) }
            let ofB = Self.correlation(wholeA, Self.centre(Self.sample(b, window)))
            if ofB > best.picture { best = Agreement(picture: ofB, detail: 0); bestWindow = (window, false) }
        }
        guard let (window, inA) = bestWindow else { return best }
        let windowed = Self.sample(inA ? a : b, window), whole = inA ? b : a
        let detail = Self.correlation(Self.centre(Self.fine(windowed)), Self.centre(Self.fine(whole)))
        return Agreement(picture: best.picture, detail: detail)
    }

    /// Each value less the mean of its 3×3 neighbourhood (the edge repeated beyond the border).
    static func fine(_ values: [Double]) -> [Double] {
        let n = Self.side
        var out = [Double](repeating: 0, count: n * n)
        for y in 0..<n {
            for x in 0..<n {
                var sum = 0.0
                for dy in -1...1 {
                    for dx in -1...1 { sum += values[min(n - 1, max(0, y + dy)) * n + min(n - 1, max(0, x + dx))] }
                }
                out[y * n + x] = values[y * n + x] - sum / 9
            }
        }
        return out
    }

    /// A window of a thumbnail: its top-left corner and its side, in thumbnail pixels.
    struct Window {
        let x: Double, y: Double, side: Double
    }

    static let border = 2

    /// Every window compared: at scale 1 shifts of up to 1.5 px each way (a quarter pixel apart at ¾),
    /// smaller windows anywhere inside the picture (and 1.5 px beyond its edges), a pixel apart.
    static let windows: [Window] = {
        var windows: [Window] = []
        for scale in [1.0, 0.94, 0.88, 0.82] {
            let side = Double(Self.side) * scale, room = Double(Self.side) - side
            let offsets = scale == 1
                ? stride(from: -1.5, through: 1.5, by: 0.75).map { $0 }
                : stride(from: -1.5, through: room + 1.5, by: 1.0).map { $0 }
            for y in offsets { for x in offsets { windows.append(Window(x: x, y: y, side: side)) } }
        }
        return windows
    }()

    static func values(_ pixels: [UInt8]) -> [Double] { pixels.map(Double.init) }

    /// The window resampled to side × side (bilinear; positions beyond the edge take the edge's value).
    static func sample(_ values: [Double], _ window: Window) -> [Double] {
        let n = Self.side
        let rows = taps(from: window.y, side: window.side), columns = taps(from: window.x, side: window.side)
        var out = [Double](repeating: 0, count: n * n)
        values.withUnsafeBufferPointer { v in
            for (oy, (y0, y1, fy)) in rows.enumerated() {
                for (ox, (x0, x1, fx)) in columns.enumerated() {
                    let top = v[y0 * n + x0] * (1 - fx) + v[y0 * n + x1] * fx
                    let bottom = v[y1 * n + x0] * (1 - fx) + v[y1 * n + x1] * fx
                    out[oy * n + ox] = top * (1 - fy) + bottom * fy
                }
            }
        }
        return out
    }

    /// For each output pixel along one axis: the two source pixels it lies between and the weight of the second.
    private static func taps(from start: Double, side: Double) -> [(Int, Int, Double)] {
        let n = Self.side, step = side / Double(n), last = Double(n - 1)
        return (0..<n).map { i in
            let at = min(last, max(0, start + (Double(i) + 0.5) * step - 0.5))
            let low = Int(at)
            return (low, min(low + 1, n - 1), at - Double(low))
        }
    }

    /// The values inside the border, less their mean.
    static func centre(_ values: [Double]) -> [Double] {
        let n = Self.side, b = Self.border
        var inner: [Double] = []
        inner.reserveCapacity((n - 2 * b) * (n - 2 * b))
        for y in b..<(n - b) { for x in b..<(n - b) { inner.append(values[y * n + x]) } }
        let mean = inner.reduce(0, +) / Double(inner.count)
        return inner.map { $0 - mean }
    }

    /// Normalised cross-correlation of two mean-free lists; 0 when either is flat.
    static func correlation(_ a: [Double], _ b: [Double]) -> Double {
        var ab = 0.0, aa = 0.0, bb = 0.0
        for i in a.indices { ab += a[i] * b[i]; aa += a[i] * a[i]; bb += b[i] * b[i] }
        let norm = (aa * bb).squareRoot()
        return norm > 0 ? ab / norm : 0
    }
}
