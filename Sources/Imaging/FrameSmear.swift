/// How smeared a whole frame is: the blur a shaken camera or a missed focus leaves over all of it, which the
/// sharpest-tiles focus misses when a smear along one direction keeps the edges across it sharp.
///
/// The measure: the second difference of the frame along a direction, correlated with itself a few pixels
/// further along that direction. In a sharp photo the second difference is nearly uncorrelated beyond a
/// pixel or two; a blur of a few pixels (a camera moving that far, or a defocus disc that wide) leaves each
/// edge as a pair of opposite second-difference peaks that far apart, and the correlation turns negative there.
/// Taken in 4 directions at lags of 3 to 7.5 pixels (at `ShotQuality.workingSide`: 2 to 6 % of the short side;
/// longer lags found no more blurs of the tune set in the Python prototype), in each quarter of the frame. The smear is the depth that
/// three of the four quarters reach, so a photo panned on purpose under a still sky (one thing in the frame
/// moved, not the camera) is not smeared.
enum FrameSmear {
    /// Unit steps of the 4 directions (0°, 45°, 90°, 135°): whole pixels, no interpolation. A smear at an angle
    /// between them shows in both neighbours (8 directions found the same blurs of the tune set, at more cost).
    static let directions: [(dx: Int, dy: Int)] = [(1, 0), (1, 1), (0, 1), (-1, 1)]
    static let shortestLag = 2.9, longestLag = 7.5

    /// 0 for a sharp frame, up to about 0.6 for one smeared all over; `pixels` is a gray frame `width` × `height`.
    static func measure(_ pixels: [UInt8], width w: Int, height h: Int) -> Double {
        let mw = w - 2, mh = h - 2
        guard mw >= 24, mh >= 24 else { return 0 }
        // A float copy of the frame, read through raw buffers so the loops vectorise (the scan measures every
        // photo in doubt).
        var f = [Float](repeating: 0, count: w * h)
        f.withUnsafeMutableBufferPointer { out in pixels.withUnsafeBufferPointer { p in for i in 0..<min(out.count, p.count) { out[i] = Float(p[i]) } } }
        var deepest = [Float](repeating: 1, count: 4)
        var along = [Float](repeating: 0, count: mw * mh)
        for (dx, dy) in directions {
            // The second difference along the direction, on the interior pixels: the pixel before and after it
            // along (dx, dy), less twice the pixel.
            along.withUnsafeMutableBufferPointer { out in
                f.withUnsafeBufferPointer { fb in
                    let g = fb.baseAddress!
                    for y in 0..<mh {
                        let here = g + (y + 1) * w + 1, before = here - dy * w - dx, after = here + dy * w + dx
                        let o = out.baseAddress! + y * mw
                        for x in 0..<mw { o[x] = before[x] + after[x] - 2 * here[x] }
                    }
                }
            }
            let length = (Double(dx * dx + dy * dy)).squareRoot()
            let lags = (1...20).filter { Double($0) * length >= shortestLag && Double($0) * length <= longestLag }
            for quarter in 0..<4 {
                let y0 = (quarter / 2) * mh / 2, y1 = (quarter / 2 + 1) * mh / 2
                let x0 = (quarter % 2) * mw / 2, x1 = (quarter % 2 + 1) * mw / 2
                let zero = correlation(along, mw, y0, y1, x0, x1, 0, 0)
                guard zero > 1e-6 else { continue }
                for j in lags {
                    let value = correlation(along, mw, y0, y1, x0, x1, j * dx, j * dy) / zero
                    deepest[quarter] = min(deepest[quarter], value)
                }
            }
        }
        // The depth three quarters reach.
        return Double(max(0, -deepest.sorted()[2]))
    }

    /// The mean of `m[p] · m[p + (sx, sy)]` over the points of the rectangle whose shifted point is in it too.
    static func correlation(_ m: [Float], _ mw: Int, _ y0: Int, _ y1: Int, _ x0: Int, _ x1: Int, _ sx: Int, _ sy: Int) -> Float {
        let ya = y0 + max(0, -sy), yb = y1 - max(0, sy), xa = x0 + max(0, -sx), xb = x1 - max(0, sx)
        guard yb > ya, xb > xa else { return 0 }
        // Eight lanes at a time (a sum in order would not vectorise), added up once; the rest of each row one by one.
        var lanes = SIMD8<Float>(), rest: Float = 0
        m.withUnsafeBufferPointer { p in
            for y in ya..<yb {
                let row = p.baseAddress! + y * mw, shifted = p.baseAddress! + (y + sy) * mw + sx
                var x = xa
                while x + 8 <= xb {
                    lanes += UnsafeRawPointer(row + x).loadUnaligned(as: SIMD8<Float>.self)
                        * UnsafeRawPointer(shifted + x).loadUnaligned(as: SIMD8<Float>.self)
                    x += 8
                }
                while x < xb { rest += row[x] * shifted[x]; x += 1 }
            }
        }
        let total = lanes.sum() + rest
        return total / Float((yb - ya) * (xb - xa))
    }
}
