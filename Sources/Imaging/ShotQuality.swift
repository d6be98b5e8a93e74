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
    /// The median gray level, and the 99th percentile (the highlights: a night scene's lights).
    public var median: Int
    public var highlight: Int
    /// Focus of the sharpest textured tiles: RMS of the Laplacian over the tile's standard deviation,
    /// averaged over the sharpest tenth (nil: no tile with texture to judge).
    public var focus: Double?
    /// Focus over tiles with the faintest texture (a dark frame's remains): nil when none.
    public var faintFocus: Double?
    /// 0 for gradients in every direction alike, 1 for all in one direction (structure tensor of the
    /// textured tiles).
    public var anisotropy: Double
    /// Share of the tiles that hold texture.
    public var texturedShare: Double

    public init(darkShare: Double, brightShare: Double, median: Int, highlight: Int, focus: Double?, faintFocus: Double?,
                anisotropy: Double, texturedShare: Double) {
        self.darkShare = darkShare
        self.brightShare = brightShare
        self.median = median
        self.highlight = highlight
        self.focus = focus
        self.faintFocus = faintFocus
        self.anisotropy = anisotropy
        self.texturedShare = texturedShare
    }

    public static let workingSide = 128
    static let tile = 16
    /// A tile's standard deviation at least this holds texture; `faintTexture` for the faint pass.
    static let texture = 8.0
    static let faintTexture = 1.5

    public static func measure(_ image: Image) -> ShotQuality {
        var gray = image.gray()
        if gray.shortSide > workingSide {
            let scale = Double(workingSide) / Double(gray.shortSide)
            gray = gray.resized(width: max(1, Int((Double(gray.width) * scale).rounded())),
                                height: max(1, Int((Double(gray.height) * scale).rounded())))
        }
        let w = gray.width, h = gray.height, n = max(1, w * h)
        var histogram = [Int](repeating: 0, count: 256)
        for value in gray.pixels { histogram[Int(value)] += 1 }
        let dark = histogram[0..<15].reduce(0, +), bright = histogram[246...].reduce(0, +)
        func percentile(_ p: Double) -> Int {
            let target = Int(Double(n) * p)
            var seen = 0
            for (level, count) in histogram.enumerated() {
                seen += count
                if seen > target { return level }
            }
            return 255
        }
        var sharp: [Double] = [], faint: [Double] = []
        var jxx = 0.0, jyy = 0.0, jxy = 0.0
        var tiles = 0
        let px = gray.pixels
        var ty = 0
        while ty + tile <= h {
            var tx = 0
            while tx + tile <= w {
                tiles += 1
                var sum = 0.0, squares = 0.0
                for y in ty..<(ty + tile) {
                    for x in tx..<(tx + tile) {
                        let v = Double(px[y * w + x]); sum += v; squares += v * v
                    }
                }
                let count = Double(tile * tile)
                let mean = sum / count
                let deviation = (max(0, squares / count - mean * mean)).squareRoot()
                if deviation >= faintTexture {
                    var laplacian = 0.0, txx = 0.0, tyy = 0.0, txy = 0.0, inner = 0.0
                    for y in max(1, ty)..<min(h - 1, ty + tile) {
                        for x in max(1, tx)..<min(w - 1, tx + tile) {
                            let at = y * w + x
                            let c = Double(px[at])
                            let l = Double(px[at - 1]) + Double(px[at + 1]) + Double(px[at - w]) + Double(px[at + w]) - 4 * c
                            laplacian += l * l
                            let gx = Double(px[at + 1]) - Double(px[at - 1]), gy = Double(px[at + w]) - Double(px[at - w])
                            txx += gx * gx; tyy += gy * gy; txy += gx * gy
                            inner += 1
                        }
                    }
                    if inner > 0 {
                        let focus = (laplacian / inner).squareRoot() / deviation
                        if deviation >= texture {
                            sharp.append(focus)
                            jxx += txx / (deviation * deviation); jyy += tyy / (deviation * deviation); jxy += txy / (deviation * deviation)
                        } else {
                            faint.append(focus)
                        }
                    }
                }
                tx += tile
            }
            ty += tile
        }
        func topTenth(_ values: [Double]) -> Double? {
            guard !values.isEmpty else { return nil }
            let sorted = values.sorted(by: >)
            let k = max(1, sorted.count / 10)
            return sorted.prefix(k).reduce(0, +) / Double(k)
        }
        let trace = jxx + jyy
        let anisotropy = trace > 0 ? (((jxx - jyy) * (jxx - jyy) + 4 * jxy * jxy).squareRoot() / trace) : 0
        return ShotQuality(darkShare: Double(dark) / Double(n), brightShare: Double(bright) / Double(n),
                           median: percentile(0.5), highlight: percentile(0.99),
                           focus: topTenth(sharp), faintFocus: topTenth(faint + sharp),
                           anisotropy: anisotropy, texturedShare: tiles > 0 ? Double(sharp.count) / Double(tiles) : 0)
    }
}
