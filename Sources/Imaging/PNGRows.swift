/// PNG's five row filters undone in place (the first row's prior is a row of zeros). Each
/// filter predicts a byte from the one `bpp` to its left (a), the one above (b) and above-left (c);
/// for 3- and 4-byte pixels (8-bit RGB and RGBA, nearly every photo) the left pixel is kept in
/// registers instead of being read back from the row just written, which halves the time.
enum Unfilter {
    static func row(_ row: UnsafeMutablePointer<UInt8>, prior: UnsafePointer<UInt8>, count: Int, bpp: Int, filter: UInt8) -> Bool {
        switch filter {
        case 0: break
        case 1: reconstruct(row, prior, count, bpp) { a, _, _ in a }
        case 2: for i in 0..<count { row[i] &+= prior[i] }   // vectorised by the compiler
        case 3: reconstruct(row, prior, count, bpp) { a, b, _ in (a &+ b) >> 1 }
        case 4: reconstruct(row, prior, count, bpp) { a, b, c in paeth(a, b, c) }
        default: return false
        }
        return true
    }

    /// row[i] += predict(a, b, c) for every byte, a and c being 0 for the first pixel.
    @inline(__always)
    private static func reconstruct(_ row: UnsafeMutablePointer<UInt8>, _ prior: UnsafePointer<UInt8>, _ count: Int, _ bpp: Int,
                                    _ predict: (Int, Int, Int) -> Int) {
        if bpp == 3, count % 3 == 0 { return pixels3(row, prior, count, predict) }
        if bpp == 4, count % 4 == 0 { return pixels4(row, prior, count, predict) }
        for i in 0..<min(bpp, count) { row[i] = UInt8(truncatingIfNeeded: Int(row[i]) &+ predict(0, Int(prior[i]), 0)) }
        var i = bpp
        while i < count {
            row[i] = UInt8(truncatingIfNeeded: Int(row[i]) &+ predict(Int(row[i &- bpp]), Int(prior[i]), Int(prior[i &- bpp])))
            i &+= 1
        }
    }

    /// 3-byte pixels (8-bit RGB), the left pixel kept in registers; with `gray`, each pixel's luma
    /// written there as it is made. With `flatAbove` (for Paeth only), a pixel whose above and
    /// above-left are the same colour takes the left pixel as its prediction without calling `predict`
    /// (what Paeth gives then: a + b − c = a), which shortens the chain each pixel waits on in the
    /// flat panels of a screenshot-like picture or a graphic.
    @inline(__always)
    private static func pixels3(_ row: UnsafeMutablePointer<UInt8>, _ prior: UnsafePointer<UInt8>, _ count: Int,
                                gray: UnsafeMutablePointer<UInt8>? = nil, flatAbove: Bool = false,
                                _ predict: (Int, Int, Int) -> Int) {
        var a0 = 0, a1 = 0, a2 = 0, c0 = 0, c1 = 0, c2 = 0
        var i = 0, x = 0
        while i < count {
            let b0 = Int(prior[i]), b1 = Int(prior[i &+ 1]), b2 = Int(prior[i &+ 2])
            if flatAbove && b0 == c0 && b1 == c1 && b2 == c2 {
                a0 = (Int(row[i]) &+ a0) & 0xFF
                a1 = (Int(row[i &+ 1]) &+ a1) & 0xFF
                a2 = (Int(row[i &+ 2]) &+ a2) & 0xFF
            } else {
                a0 = (Int(row[i]) &+ predict(a0, b0, c0)) & 0xFF
                a1 = (Int(row[i &+ 1]) &+ predict(a1, b1, c1)) & 0xFF
                a2 = (Int(row[i &+ 2]) &+ predict(a2, b2, c2)) & 0xFF
            }
            row[i] = UInt8(truncatingIfNeeded: a0)
            row[i &+ 1] = UInt8(truncatingIfNeeded: a1)
            row[i &+ 2] = UInt8(truncatingIfNeeded: a2)
            if let gray { gray[x] = Image.luma(UInt8(truncatingIfNeeded: a0), UInt8(truncatingIfNeeded: a1), UInt8(truncatingIfNeeded: a2)) }
            c0 = b0; c1 = b1; c2 = b2
            i &+= 3
            x &+= 1
        }
    }

    /// 4-byte pixels (8-bit RGBA), the left pixel kept in registers; with `gray`, each pixel's luma
    /// (alpha dropped) written there as it is made; `flatAbove` as for `pixels3`.
    @inline(__always)
    private static func pixels4(_ row: UnsafeMutablePointer<UInt8>, _ prior: UnsafePointer<UInt8>, _ count: Int,
                                gray: UnsafeMutablePointer<UInt8>? = nil, flatAbove: Bool = false,
                                _ predict: (Int, Int, Int) -> Int) {
        var a0 = 0, a1 = 0, a2 = 0, a3 = 0, c0 = 0, c1 = 0, c2 = 0, c3 = 0
        var i = 0, x = 0
        while i < count {
            let b0 = Int(prior[i]), b1 = Int(prior[i &+ 1]), b2 = Int(prior[i &+ 2]), b3 = Int(prior[i &+ 3])
            if flatAbove && b0 == c0 && b1 == c1 && b2 == c2 && b3 == c3 {
                a0 = (Int(row[i]) &+ a0) & 0xFF
                a1 = (Int(row[i &+ 1]) &+ a1) & 0xFF
                a2 = (Int(row[i &+ 2]) &+ a2) & 0xFF
                a3 = (Int(row[i &+ 3]) &+ a3) & 0xFF
            } else {
                a0 = (Int(row[i]) &+ predict(a0, b0, c0)) & 0xFF
                a1 = (Int(row[i &+ 1]) &+ predict(a1, b1, c1)) & 0xFF
                a2 = (Int(row[i &+ 2]) &+ predict(a2, b2, c2)) & 0xFF
                a3 = (Int(row[i &+ 3]) &+ predict(a3, b3, c3)) & 0xFF
            }
            row[i] = UInt8(truncatingIfNeeded: a0)
            row[i &+ 1] = UInt8(truncatingIfNeeded: a1)
            row[i &+ 2] = UInt8(truncatingIfNeeded: a2)
            row[i &+ 3] = UInt8(truncatingIfNeeded: a3)
            if let gray { gray[x] = Image.luma(UInt8(truncatingIfNeeded: a0), UInt8(truncatingIfNeeded: a1), UInt8(truncatingIfNeeded: a2)) }
            c0 = b0; c1 = b1; c2 = b2; c3 = b3
            i &+= 4
            x &+= 1
        }
    }

    /// An 8-bit RGB (`bpp` 3) or RGBA (4) row unfiltered and turned to gray in one pass where the
    /// filter's loop holds each pixel in registers anyway (Sub, Average, Paeth: most rows of a photo),
    /// saving `GrayRow`'s second pass over the row; None and Up, whose loops vectorise, are followed by
    /// it. The same bytes and the same gray as `row` then `GrayRow.convert`. False for an unknown filter.
    static func rowToGray(_ row: UnsafeMutablePointer<UInt8>, prior: UnsafePointer<UInt8>, width: Int, bpp: Int, filter: UInt8,
                          gray: UnsafeMutablePointer<UInt8>) -> Bool {
        let count = width * bpp
        @inline(__always) func fused(flatAbove: Bool = false, _ predict: (Int, Int, Int) -> Int) {
            if bpp == 3 {
                pixels3(row, prior, count, gray: gray, flatAbove: flatAbove, predict)
            } else {
                pixels4(row, prior, count, gray: gray, flatAbove: flatAbove, predict)
            }
        }
        switch filter {
        case 1: fused { a, _, _ in a }
        case 3: fused { a, b, _ in (a &+ b) >> 1 }
        case 4:
            // The test per pixel pays where the row above is mostly flat (a 1080 × 2400 PNG of mostly
            // flat panels: 12.9 → 9.1 ms in all); in a photo's rows it would be mispredicted, so it is left out.
            if mostlyFlat(prior, width: width, bpp: bpp) {
                fused(flatAbove: true) { a, b, c in paeth(a, b, c) }
            } else {
                fused { a, b, c in paeth(a, b, c) }
            }
        default:
            guard Self.row(row, prior: prior, count: count, bpp: bpp, filter: filter) else { return false }
            GrayRow.colour8(row, to: gray, width: width, bpp: bpp)
        }
        return true
    }

    /// Whether at least 3 in 4 of 32 pixels spread along the row above match their left neighbour:
    /// a sample, so a photo's row costs 32 comparisons to tell, not a pass.
    static func mostlyFlat(_ prior: UnsafePointer<UInt8>, width: Int, bpp: Int) -> Bool {
        guard width >= 33 else { return false }
        var same = 0
        for k in 0..<32 {
            let at = prior + bpp * (1 + k * (width - 1) / 32)
            if (0..<bpp).allSatisfy({ at[$0] == at[$0 - bpp] }) { same += 1 }
        }
        return same >= 24
    }

    /// The Paeth predictor: whichever of a, b, c is nearest to a + b − c (ties to a, then b). In the
    /// form stb_image uses (the same for every a, b, c in 0…255, `paethIsTheSpecificationsPredictor`):
    /// 3c − (a + b) compared with the smaller and the larger of a and b, so fewer steps wait on a,
    /// the pixel just made, than the specification's three distances do.
    @inline(__always)
    static func paeth(_ a: Int, _ b: Int, _ c: Int) -> Int {
        let threshold = c &* 3 &- (a &+ b)
        let low = min(a, b), high = max(a, b)
        let kept = high <= threshold ? low : c
        return threshold <= low ? high : kept
    }
}

/// One unfiltered PNG row turned to 8-bit gray, as libspng's RGB8 and then `Image.gray()` give it.
enum GrayRow {
    static func convert(_ row: UnsafePointer<UInt8>, to out: UnsafeMutablePointer<UInt8>, width: Int,
                        header: PNGGrayReader.Header, palette: [UInt8]?) {
        switch (header.color, header.depth) {
        case (0, 8):
            out.update(from: row, count: width)
        case (0, 16):
            for x in 0..<width { out[x] = row[2 * x] }
        case (0, let depth):
            let scale = UInt8(255 / ((1 << depth) - 1))
            unpack(row, width: width, depth: depth) { x, v in out[x] = v &* scale }
        case (3, let depth):
            palette!.withUnsafeBufferPointer { table in
                unpack(row, width: width, depth: depth) { x, v in out[x] = table[Int(v)] }
            }
        case (2, 8):
            colour8(row, to: out, width: width, bpp: 3)
        case (2, _):
            for x in 0..<width { out[x] = Image.luma(row[6 * x], row[6 * x + 2], row[6 * x + 4]) }
        case (4, 8):
            for x in 0..<width { out[x] = row[2 * x] }
        case (4, _):
            for x in 0..<width { out[x] = row[4 * x] }
        case (6, 8):
            colour8(row, to: out, width: width, bpp: 4)
        default:
            for x in 0..<width { out[x] = Image.luma(row[8 * x], row[8 * x + 2], row[8 * x + 4]) }
        }
    }

    /// 8-bit RGB (`bpp` 3) or RGBA (4) pixels to their luma, alpha dropped.
    @inline(__always)
    static func colour8(_ row: UnsafePointer<UInt8>, to out: UnsafeMutablePointer<UInt8>, width: Int, bpp: Int) {
        for x in 0..<width { out[x] = Image.luma(row[bpp * x], row[bpp * x + 1], row[bpp * x + 2]) }
    }

    /// Samples of 1, 2, 4 or 8 bits, most significant first, each given to `body` with its index.
    @inline(__always)
    private static func unpack(_ row: UnsafePointer<UInt8>, width: Int, depth: Int, _ body: (Int, UInt8) -> Void) {
        if depth == 8 {
            for x in 0..<width { body(x, row[x]) }
            return
        }
        let perByte = 8 / depth, mask = UInt8((1 << depth) - 1)
        for x in 0..<width {
            let byte = row[x / perByte]
            let shift = 8 - depth * (x % perByte + 1)
            body(x, (byte >> UInt8(shift)) & mask)
        }
    }
}
