/// How smeared a whole frame is: the blur a shaken camera or a missed focus leaves over all of it, which the
/// sharpest-tiles focus misses when a smear along one direction keeps the edges across it sharp.
///
/// The measure: the second difference of the frame along a direction, correlated with itself a few pixels
/// further along that direction. In a sharp photo the second difference is nearly uncorrelated beyond a
/// pixel or two; a blur of a few pixels (a camera moving that far, or a defocus disc that wide) leaves each
/// edge as a pair of opposite second-difference peaks that far apart, and the correlation turns negative there.
/// Taken in 4 directions at lags of 3 to 7.5 pixels (at `ShotQuality.workingSide`: 2 to 6 % of the short side;
/// longer lags found no more blurs of the tune set in the Python prototype), in each quarter of the frame. The smear is the depth that
/// three of the four quarters reach along one direction, so a photo panned on purpose under a still sky (one thing in
/// the frame moved, not the camera) is not smeared, nor a soft photo whose quarters dip each along its own direction
/// (a shaken camera moves the whole frame one way; counting each quarter's deepest direction, whichever it was, made
/// the soft keepers of the tune set reach as deep as short shakes).
enum FrameSmear {
    /// Unit steps of the 4 directions (0°, 45°, 90°, 135°): whole pixels, no interpolation. A smear at an angle
    /// between them shows in both neighbours (8 directions found the same blurs of the tune set, at more cost).
    static let directions: [(dx: Int, dy: Int)] = [(1, 0), (1, 1), (0, 1), (-1, 1)]
    static let shortestLag = 2.9, longestLag = 7.5
    /// The short side of the fine frame (`fine(of:)`), and the least short side of a photo it is measured on.
    static let fineSide = 192
    static let fineSource = 2 * fineSide

    /// The smear of a photo's fine frame: the decode shrunk to a short side of `fineSide`, where the same lags reach
    /// 1.5 to 3.9 % of the short side (at `ShotQuality.workingSide` they reach 2.3 to 5.9 %), so a shake of 2 to
    /// 3.5 % of the photo spans them. Shrunk with a triangle filter (`shrunk`), not the hash's box of whole pixels:
    /// a box whose spans alternate between one and two pixels blurs the frame unevenly, and the tune set's short
    /// shakes measured about a quarter less in it (the iPhone 6's: 0.25 against 0.35). nil for a decode under `fineSide`.
    static func fine(of image: Image) -> Double? {
        guard image.shortSide >= fineSide else { return nil }
        var gray = image.gray()
        // A decode many times the fine side (a HEIC without a thumbnail: its whole 12 MP) is first averaged in
        // blocks of k × k whole pixels, every block alike, down to between two and four times the fine side.
        let k = gray.shortSide / (2 * fineSide)
        if k >= 2 { gray = blocks(gray, k) }
        let scale = Double(fineSide) / Double(gray.shortSide)
        let w = max(fineSide, Int((Double(gray.width) * scale).rounded())), h = max(fineSide, Int((Double(gray.height) * scale).rounded()))
        return measure(frame: shrunk(gray, width: w, height: h), width: w, height: h)
    }

    /// `image` (gray) averaged over blocks of `k` × `k` pixels (the last partial row and column of blocks left out).
    static func blocks(_ image: Image, _ k: Int) -> Image {
        let w = image.width / k, h = image.height / k, area = UInt32(k * k)
        var out = [UInt8](repeating: 0, count: w * h)
        var sums = [UInt32](repeating: 0, count: w)
        image.pixels.withUnsafeBufferPointer { p in
            sums.withUnsafeMutableBufferPointer { sum in
                out.withUnsafeMutableBufferPointer { o in
                    for y in 0..<h {
                        for x in 0..<w { sum[x] = 0 }
                        for row in (y * k)..<(y * k + k) {
                            var pixel = p.baseAddress! + row * image.width
                            for x in 0..<w {
                                var block: UInt32 = 0
                                for _ in 0..<k { block &+= UInt32(pixel.pointee); pixel += 1 }
                                sum[x] &+= block
                            }
                        }
                        for x in 0..<w { o[y * w + x] = UInt8((sum[x] + area / 2) / area) }
                    }
                }
            }
        }
        return Image(width: w, height: h, layout: .gray, pixels: out)
    }

    /// `image` (gray) shrunk to `w` × `h` with a triangle filter as wide as the reduction (bilinear with its support
    /// scaled, as Pillow shrinks), rows first, in floats.
    static func shrunk(_ image: Image, width w: Int, height h: Int) -> [Float] {
        /// Each output pixel's first source pixel and its weights, `width` of them (padded with zeros).
        func taps(_ n: Int, _ m: Int) -> (starts: [Int], weights: [Float], width: Int) {
            let scale = Double(n) / Double(m), support = max(1, scale)
            let width = Int((2 * support).rounded(.up)) + 1
            var starts = [Int](repeating: 0, count: m), weights = [Float](repeating: 0, count: m * width)
            for i in 0..<m {
                let centre = (Double(i) + 0.5) * scale
                let lo = max(0, Int(centre - support + 0.5)), hi = min(n, Int(centre + support + 0.5), lo + width)
                var total: Float = 0
                for j in lo..<hi {
                    let weight = Float(max(0, 1 - abs((Double(j) + 0.5 - centre) / support)))
                    weights[i * width + j - lo] = weight
                    total += weight
                }
                if total > 0 { for t in 0..<width { weights[i * width + t] /= total } }
                starts[i] = lo
            }
            return (starts, weights, width)
        }
        let across = taps(image.width, w), down = taps(image.height, h)
        var rows = [Float](repeating: 0, count: w * image.height)
        image.pixels.withUnsafeBufferPointer { p in
            across.weights.withUnsafeBufferPointer { weights in
                rows.withUnsafeMutableBufferPointer { out in
                    for y in 0..<image.height {
                        let row = p.baseAddress! + y * image.width
                        for x in 0..<w {
                            let start = across.starts[x], tap = weights.baseAddress! + x * across.width
                            var sum: Float = 0
                            for t in 0..<min(across.width, image.width - start) { sum += tap[t] * Float(row[start + t]) }
                            out[y * w + x] = sum
                        }
                    }
                }
            }
        }
        var frame = [Float](repeating: 0, count: w * h)
        rows.withUnsafeBufferPointer { r in
            frame.withUnsafeMutableBufferPointer { out in
                for y in 0..<h {
                    let start = down.starts[y], target = out.baseAddress! + y * w
                    for t in 0..<min(down.width, image.height - start) {
                        let weight = down.weights[y * down.width + t]
                        guard weight != 0 else { continue }
                        let source = r.baseAddress! + (start + t) * w
                        for x in 0..<w { target[x] += weight * source[x] }
                    }
                }
            }
        }
        return frame
    }

    /// 0 for a sharp frame, up to about 0.6 for one smeared all over; `pixels` is a gray frame `width` × `height`.
    static func measure(_ pixels: [UInt8], width w: Int, height h: Int) -> Double {
        // A float copy of the frame, read through raw buffers so the loops vectorise (the scan measures every
        // photo in doubt).
        var f = [Float](repeating: 0, count: w * h)
        f.withUnsafeMutableBufferPointer { out in pixels.withUnsafeBufferPointer { p in for i in 0..<min(out.count, p.count) { out[i] = Float(p[i]) } } }
        return measure(frame: f, width: w, height: h)
    }

    /// The same over a frame already in floats.
    static func measure(frame f: [Float], width w: Int, height h: Int) -> Double {
        let mw = w - 2, mh = h - 2
        guard mw >= 24, mh >= 24 else { return 0 }
        var smear: Float = 0
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
            var deepest = [Float](repeating: 1, count: 4)
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
            // The depth three quarters reach along this direction.
            smear = max(smear, -deepest.sorted()[2])
        }
        return Double(smear)
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
