/// What the pixels say about how a photo was taken: exposure (shares of clipped pixels, the median,
/// the highlights), focus over its textured tiles only, and how one-directional its gradients are
/// (a shaken frame keeps the edges across its motion and loses those along it). All measured on the
/// decode the fingerprint already made, shrunk to a short side of `workingSide` pixels, so the figures
/// of a 2 MP and a 12 MP copy of one scene agree.
public struct ShotQuality: Sendable, Equatable {
    /// Share of pixels darker than 15 (of 255).
    public var darkShare: Double
    /// Share of pixels brighter than 245.
    public var brightShare: Double
    /// The median gray level, and the 99.9th percentile of the decode before it is shrunk (the
    /// highlights: a night scene's lights, a few pixels).
    public var median: Int
    public var highlight: Int
    /// The level of the brightest 1 % of the decode (its 99th percentile): how bright the most of what shows is. A
    /// frame underexposed until nothing shows keeps it low even where a few pixels are brighter (a dim lamp, noise, a
    /// lit screen's edge).
    public var brightest: Int
    /// Focus of the sharpest textured tiles: RMS of the Laplacian over the tile's standard deviation,
    /// averaged over the three sharpest (a bokeh portrait's subject may fill few) (nil: no tile with texture to judge).
    public var focus: Double?
    /// Focus over tiles with the faintest texture (a dark frame's remains): nil when none.
    public var faintFocus: Double?
    /// 0 for edges as sharp in every direction, 1 for none left in one direction: 1 − the least over the
    /// most of the second differences' energy across the four directions (0°, 45°, 90°, 135°) in the
    /// textured tiles. A shaken frame loses the one along its motion.
    public var anisotropy: Double
    /// Share of the tiles that hold texture.
    public var texturedShare: Double
    /// How smeared the whole frame is (`FrameSmear`: 0 sharp, about 0.6 smeared all over), measured only for a
    /// photo whose focus leaves it in doubt (under `smearDoubt`): nil for the others and for a frame with no texture.
    public var smear: Double?
    /// The smear of the frame at `FrameSmear.fineSide` (192 px), where shorter shakes show: measured only for a photo in
    /// doubt at least `FrameSmear.fineSource` (384 px) on its short side (`PerceptualHashing`), nil for the others.
    public var fineSmear: Double?
    /// The share of the frame bright enough to be a light (`lightLevel`: 47 % grey or more), counted on a decode at
    /// least `lightSide` pixels on its short side, where a star or a distant lamp of a few pixels keeps its brightness
    /// (at a phone photo's 1/8 decode it is averaged into its block). Measured only for a frame dark enough for its
    /// lights to decide (a median under `lightsDoubt`, `PerceptualHashing`), nil for the others.
    public var lights: Double?

    public init(darkShare: Double, brightShare: Double, median: Int, highlight: Int, brightest: Int, focus: Double?,
                faintFocus: Double?, anisotropy: Double, texturedShare: Double, smear: Double? = nil, fineSmear: Double? = nil,
                lights: Double? = nil) {
        self.darkShare = darkShare
        self.brightShare = brightShare
        self.median = median
        self.highlight = highlight
        self.brightest = brightest
        self.focus = focus
        self.faintFocus = faintFocus
        self.anisotropy = anisotropy
        self.texturedShare = texturedShare
        self.smear = smear
        self.fineSmear = fineSmear
        self.lights = lights
    }

    public static let workingSide = 128
    static let tile = 16
    /// A tile's standard deviation at least this holds texture; `faintTexture` for the faint pass.
    static let texture = 8.0
    static let faintTexture = 1.5
    /// Focus under this leaves a photo in doubt, and its frame's smear is measured (a photo as sharp as this is
    /// sharp somewhere that matters; of the tune set's copies the smear finds, the sharpest measure 2.17).
    static let smearDoubt = 2.4
    /// A pixel at least this bright (47 % grey) is a light: the dim frames of the dark sets, whose brightest 1 % lies
    /// at 12 to 18 % grey, reach it in 2.4 pixels of 100,000 at most (a lamp falling off as a Gaussian reaches 112 in
    /// 35); the lights of their night scenes are clipped cores, screens and stars, and windows from 124 (a dim one, at
    /// the first level of 128, left a held-out night with nothing to see).
    public static let lightLevel: UInt8 = 120
    /// The short side of the decode the lights are counted on (a phone photo's 1/4: a star of a few pixels keeps
    /// most of its brightness, where at 1/8 it falls to a dim lamp's level).
    public static let lightSide = 512
    /// Lights are counted only for a frame with a median under this (the highest median a dark verdict reads).
    public static let lightsDoubt = 25

    static func histogram(of pixels: [UInt8]) -> [Int] {
        var histogram = [Int](repeating: 0, count: 256)
        histogram.withUnsafeMutableBufferPointer { counts in
            pixels.withUnsafeBufferPointer { for value in $0 { counts[Int(value)] &+= 1 } }
        }
        return histogram
    }

    /// The level under which `p` (0 to 1) of the histogram's pixels lie.
    static func percentile(_ histogram: [Int], _ p: Double) -> Int {
        let target = Int(Double(histogram.reduce(0, +)) * p)
        var seen = 0
        for (level, count) in histogram.enumerated() {
            seen += count
            if seen > target { return level }
        }
        return 255
    }

    public static func measure(_ image: Image) -> ShotQuality {
        var gray = image.gray()
        // The highlights from the decode itself; the rest from it shrunk to the working side (one histogram when
        // the decode is that small already).
        let decoded = Self.histogram(of: gray.pixels)
        let highlight = Self.percentile(decoded, 0.999), brightest = Self.percentile(decoded, 0.99)
        var histogram = decoded
        if gray.shortSide > workingSide {
            let scale = Double(workingSide) / Double(gray.shortSide)
            gray = gray.resized(width: max(1, Int((Double(gray.width) * scale).rounded())),
                                height: max(1, Int((Double(gray.height) * scale).rounded())))
            histogram = Self.histogram(of: gray.pixels)
        }
        let w = gray.width, h = gray.height, n = max(1, w * h)
        let dark = histogram[0..<15].reduce(0, +), bright = histogram[246...].reduce(0, +)
        var sharp: [Double] = [], faint: [Double] = []
        var energy = (0.0, 0.0, 0.0, 0.0)
        var tiles = 0
        // Each tile's spread from integer sums (`tileSpread`), read through one buffer: the scan measures every
        // photo, so this loop is part of a cold scan's cost (`make bench`, BENCH_BASELINE).
        gray.pixels.withUnsafeBufferPointer { buffer in
            guard let px = buffer.baseAddress else { return }
            var ty = 0
            while ty + tile <= h {
                var tx = 0
                while tx + tile <= w {
                    tiles += 1
                    let deviation = tileSpread(px, width: w, x: tx, y: ty, side: tile).deviation
                    tx += tile
                    guard deviation >= faintTexture else { continue }
                    let textured = deviation >= texture
                    // Within a tile every sum fits in 32 bits (256 pixels, each second difference's square at most
                    // 1,020² ≈ 2^20); two loops, so the faint tiles' one sum and the textured tiles' five vectorise.
                    var laplacian: Int32 = 0, dxx: Int32 = 0, dyy: Int32 = 0, d11: Int32 = 0, d22: Int32 = 0, inner = 0
                    let x0 = max(1, tx - tile), x1 = min(w - 1, tx)
                    for y in max(1, ty)..<min(h - 1, ty + tile) {
                        let above = px + ((y - 1) * w), here = px + (y * w), below = px + ((y + 1) * w)
                        if textured {
                            for x in x0..<x1 {
                                let c2 = 2 &* Int32(here[x])
                                let dx = Int32(here[x - 1]) &+ Int32(here[x + 1]) &- c2
                                let dy = Int32(above[x]) &+ Int32(below[x]) &- c2
                                let d1 = Int32(above[x - 1]) &+ Int32(below[x + 1]) &- c2
                                let d2 = Int32(above[x + 1]) &+ Int32(below[x - 1]) &- c2
                                let l = dx &+ dy
                                laplacian &+= l &* l
                                dxx &+= dx &* dx; dyy &+= dy &* dy; d11 &+= d1 &* d1; d22 &+= d2 &* d2
                            }
                        } else {
                            for x in x0..<x1 {
                                let l = Int32(here[x - 1]) &+ Int32(here[x + 1]) &+ Int32(above[x]) &+ Int32(below[x]) &- 4 &* Int32(here[x])
                                laplacian &+= l &* l
                            }
                        }
                        inner &+= x1 - x0
                    }
                    guard inner > 0 else { continue }
                    let focus = (Double(laplacian) / Double(inner)).squareRoot() / deviation
                    if textured {
                        sharp.append(focus)
                        let v = deviation * deviation
                        energy.0 += Double(dxx) / v; energy.1 += Double(d11) / v
                        energy.2 += Double(dyy) / v; energy.3 += Double(d22) / v
                    } else {
                        faint.append(focus)
                    }
                }
                ty += tile
            }
        }
        func sharpest(_ values: [Double]) -> Double? {
            guard !values.isEmpty else { return nil }
            let sorted = values.sorted(by: >)
            let k = min(3, sorted.count)
            return sorted.prefix(k).reduce(0, +) / Double(k)
        }
        // The diagonals' second differences span √2 pixels: their energy is halved to compare (a 1/r² falloff).
        let directions = [energy.0, energy.1 / 2, energy.2, energy.3 / 2]
        let most = directions.max() ?? 0
        let anisotropy = most > 0 ? 1 - (directions.min() ?? 0) / most : 0
        let focus = sharpest(sharp)
        let smear = focus.flatMap { $0 < smearDoubt ? FrameSmear.measure(gray.pixels, width: w, height: h) : nil }
        return ShotQuality(darkShare: Double(dark) / Double(n), brightShare: Double(bright) / Double(n),
                           median: Self.percentile(histogram, 0.5), highlight: highlight, brightest: brightest,
                           focus: focus, faintFocus: sharpest(faint + sharp),
                           anisotropy: anisotropy, texturedShare: tiles > 0 ? Double(sharp.count) / Double(tiles) : 0, smear: smear)
    }

    /// The share of `image`'s pixels that are lights (`lightLevel` or brighter).
    public static func lights(_ image: Image) -> Double {
        let gray = image.gray()
        guard !gray.pixels.isEmpty else { return 0 }
        let count = gray.pixels.withUnsafeBufferPointer { pixels in pixels.reduce(0) { $0 &+ ($1 >= lightLevel ? 1 : 0) } }
        return Double(count) / Double(gray.pixels.count)
    }
}
