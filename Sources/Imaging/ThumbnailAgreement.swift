/// The second look at two photos: how well one thumbnail matches the other, or a window of it, over
/// the geometry of the copies a library holds. A crop, the next frame of a burst (panned, cropped) or
/// a small turn is the other photo's picture seen through a smaller window, a little shifted: each
/// window (scales 1, 0.94, 0.88, 0.82 of the side; shifts in steps of a pixel) is resampled to the full
/// 32×32 and compared with the other whole thumbnail by normalised cross-correlation, over all but a
/// 2-pixel border (where a turn leaves its corners); every window on every other pixel first, then
/// the 6 best on every pixel. The best correlation wins: 1 for the same picture,
/// about 0.75 and up for a burst's next frame, yet up to 0.9 for two parts of one sky or lawn. So the
/// fine detail (each value less the mean of its 3×3 neighbourhood) is correlated too, at that best
/// window: 0.24 and up for the copies measured, below 0.14 for distinct photos (Docs/similar.md).
extension Thumbnail {
    /// How well two thumbnails match at the best window: the picture's and the fine detail's correlation.
    public struct Agreement: Sendable, Equatable {
        public let picture: Double
        public let detail: Double
        /// How much of the other photo's scene this one holds, as a share of the side (1: as much or more;
        /// 0.88: it matches a window of 88 % of the other's side, a crop or a turn of it).
        public var viewOfOther: Double = 1
        /// How much of this photo's scene the other holds, the same way round (one comparison tells both).
        public var otherHolds: Double = 1
    }

    public func agreement(with other: Thumbnail) -> Agreement {
        let a = Self.values(pixels), b = Self.values(other.pixels)
        let wholeA = Self.centre(a), wholeB = Self.centre(b)
        // A copy of the whole picture (resized, recompressed, brightened, PNG) is taken at once.
        let same = Self.correlation(wholeA, wholeB)
        if same >= Self.takenAtOnce {
            let detail = Self.correlation(Self.centre(Self.fine(a)), Self.centre(Self.fine(b)))
            if detail >= Self.takenAtOnce { return Agreement(picture: same, detail: detail) }
        }
        // Every window on every other pixel, then the few best on every pixel.
        var coarse: [(score: Double, window: Window, inA: Bool)] = []
        var best = -1.0
        var bestWindow: (Window, Bool)? = nil
        a.withUnsafeBufferPointer { a in
            b.withUnsafeBufferPointer { b in
                wholeA.withUnsafeBufferPointer { wholeA in
                    wholeB.withUnsafeBufferPointer { wholeB in
                        for window in Self.windows {
                            coarse.append((Self.correlation(a, window, wholeB, step: 2), window, true))
                            coarse.append((Self.correlation(b, window, wholeA, step: 2), window, false))
                        }
                        for (_, window, inA) in coarse.sorted(by: { $0.score > $1.score }).prefix(Self.refined) {
                            let score = inA ? Self.correlation(a, window, wholeB, step: 1) : Self.correlation(b, window, wholeA, step: 1)
                            if score > best { best = score; bestWindow = (window, inA) }
                        }
                    }
                }
            }
        }
        guard let (window, inA) = bestWindow else { return Agreement(picture: best, detail: -1) }
        let windowed = Self.sample(inA ? a : b, window), whole = inA ? b : a
        let detail = Self.correlation(Self.centre(Self.fine(windowed)), Self.centre(Self.fine(whole)))
        // A window of the other (not inA) matching this whole thumbnail: this one holds that window only.
        let share = window.side / Double(Self.side)
        return Agreement(picture: best, detail: detail, viewOfOther: inA ? 1 : share, otherHolds: inA ? share : 1)
    }

    /// Unshifted, a picture and its detail agreeing this well are one picture: no window is tried.
    static let takenAtOnce = 0.97
    /// How many of the best windows on every other pixel are correlated again on every pixel.
    static let refined = 6

    /// The correlation of `window` of `values`, resampled, with `target` (the other thumbnail's values
    /// inside the border, as `centre` gives them), over every `step`-th row and column inside the
    /// border, in one pass and no allocation.
    static func correlation(_ values: UnsafeBufferPointer<Double>, _ window: Window,
                            _ target: UnsafeBufferPointer<Double>, step: Int) -> Double {
        let n = Self.side, b = Self.border, inner = n - 2 * b
        var sum = 0.0, squares = 0.0, product = 0.0, targetSum = 0.0, targetSquares = 0.0, k = 0.0
        window.rows.withUnsafeBufferPointer { rows in
            window.columns.withUnsafeBufferPointer { columns in
                for oy in stride(from: b, to: n - b, by: step) {
                    let row = rows[oy]
                    let top = row.low * n, bottom = row.high * n, fy = row.weight
                    let targetRow = (oy - b) * inner - b
                    for ox in stride(from: b, to: n - b, by: step) {
                        let column = columns[ox]
                        let fx = column.weight
                        let upper = values[top + column.low] * (1 - fx) + values[top + column.high] * fx
                        let lower = values[bottom + column.low] * (1 - fx) + values[bottom + column.high] * fx
                        let v = upper * (1 - fy) + lower * fy, t = target[targetRow + ox]
                        sum += v; squares += v * v; product += v * t
                        targetSum += t; targetSquares += t * t
                        k += 1
                    }
                }
            }
        }
        let spread = squares - sum * sum / k, targetSpread = targetSquares - targetSum * targetSum / k
        guard spread > 1e-9, targetSpread > 1e-9 else { return 0 }
        return (product - sum * targetSum / k) / (spread * targetSpread).squareRoot()
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

    /// A window of a thumbnail: its top-left corner and its side, in thumbnail pixels, and for each
    /// output row and column the two source pixels it lies between and the weight of the second.
    struct Window {
        struct Tap {
            let low: Int, high: Int, weight: Double
        }

        let x: Double, y: Double, side: Double
        let rows: [Tap], columns: [Tap]

        init(x: Double, y: Double, side: Double) {
            (self.x, self.y, self.side) = (x, y, side)
            rows = Self.taps(from: y, side: side)
            columns = Self.taps(from: x, side: side)
        }

        /// Bilinear taps along one axis; positions beyond the edge take the edge's value.
        private static func taps(from start: Double, side: Double) -> [Tap] {
            let n = Thumbnail.side, step = side / Double(n), last = Double(n - 1)
            return (0..<n).map { i in
                let at = min(last, max(0, start + (Double(i) + 0.5) * step - 0.5))
                let low = Int(at)
                return Tap(low: low, high: min(low + 1, n - 1), weight: at - Double(low))
            }
        }
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

    /// The window resampled to side × side.
    static func sample(_ values: [Double], _ window: Window) -> [Double] {
        let n = Self.side
        var out = [Double](repeating: 0, count: n * n)
        for (oy, row) in window.rows.enumerated() {
            for (ox, column) in window.columns.enumerated() {
                let fx = column.weight, fy = row.weight
                let top = values[row.low * n + column.low] * (1 - fx) + values[row.low * n + column.high] * fx
                let bottom = values[row.high * n + column.low] * (1 - fx) + values[row.high * n + column.high] * fx
                out[oy * n + ox] = top * (1 - fy) + bottom * fy
            }
        }
        return out
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
