/// How much fine detail a copy of a photo holds, so the keep rule can tell a soft copy of one capture (an export
/// blurred a little and saved again) from its sharp original, whatever their JPEG quality says.
///
/// Measured on the decode the fingerprint already made (a phone JPEG's 1/8 DCT scale: every 8×8 block one pixel,
/// so a block's edges are never in it) and on that decode shrunk to a short side of `frameSide`, where copies of
/// other sizes meet: over the 16×16 tiles that hold texture (standard deviation ≥ 8), the RMS of the Laplacian
/// over the tile's standard deviation (contrast and brightness do not count), and of those the 90th percentile
/// (the sharp parts of the picture, not how much of it is sky). Two copies are compared only where they were
/// measured at one size (`isSofter`).
public struct CopyDetail: Sendable, Equatable {
    /// On the decode shrunk to a short side of at most `frameSide` (the decode itself when smaller).
    public var frame: Double?
    /// On the decode itself, `side` pixels on its short side.
    public var decode: Double?
    public var side: Int

    public init(frame: Double?, decode: Double?, side: Int) {
        self.frame = frame
        self.decode = decode
        self.side = side
    }

    /// The short side copies of other sizes are brought to (`ShotQuality.workingSide`'s frame).
    public static let frameSide = 128
    /// A copy whose detail is under this share of another's, at every size both were measured at, is
    /// measurably softer. Chosen on the tune set (Docs/similar.md): its soft re-saves (blurred by 1/450 of
    /// the long side) measured at most 0.82 of their originals; a re-save at quality 40, a half-size copy
    /// or a brightened one at least 1/1.08 = 0.93.
    public static let softer = 0.88
    static let tile = 16
    static let texture = 8.0

    public static func measure(_ image: Image) -> CopyDetail {
        let gray = image.gray()
        let decode = Self.sharpTiles(gray)
        guard gray.shortSide > frameSide else { return CopyDetail(frame: decode, decode: decode, side: gray.shortSide) }
        let scale = Double(frameSide) / Double(gray.shortSide)
        let frame = gray.resized(width: max(1, Int((Double(gray.width) * scale).rounded())),
                                 height: max(1, Int((Double(gray.height) * scale).rounded())))
        return CopyDetail(frame: Self.sharpTiles(frame), decode: decode, side: gray.shortSide)
    }

    /// Whether this copy is measurably softer than `other`: at each size both were measured at (the frame when
    /// both frames are one size; the decode too when both decodes are), under `softer` times the other's detail,
    /// and measured at one size at least.
    public func isSofter(than other: CopyDetail) -> Bool {
        var compared = false
        if min(side, Self.frameSide) == min(other.side, Self.frameSide), let mine = frame, let theirs = other.frame {
            guard mine < Self.softer * theirs else { return false }
            compared = true
        }
        if side == other.side, side > Self.frameSide, let mine = decode, let theirs = other.decode {
            guard mine < Self.softer * theirs else { return false }
            compared = true
        }
        return compared
    }

    /// Whether the two copies were measured at one size at least (`isSofter` can say either way): two copies whose
    /// decodes are both under `frameSide` but of other sizes (a 480×360 copy beside a 640×480 one) were not.
    public func isComparable(with other: CopyDetail) -> Bool {
        let frames = min(side, Self.frameSide) == min(other.side, Self.frameSide) && frame != nil && other.frame != nil
        let decodes = side == other.side && side > Self.frameSide && decode != nil && other.decode != nil
        return frames || decodes
    }

    /// The 90th percentile of the textured tiles' focus (nil: no tile holds texture).
    static func sharpTiles(_ gray: Image) -> Double? {
        let w = gray.width, h = gray.height
        var focus: [Double] = []
        gray.pixels.withUnsafeBufferPointer { buffer in
            guard let px = buffer.baseAddress else { return }
            var ty = 0
            while ty + tile <= h {
                var tx = 0
                while tx + tile <= w {
                    defer { tx += tile }
                    let deviation = tileSpread(px, width: w, x: tx, y: ty, side: tile).deviation
                    guard deviation >= texture else { continue }
                    var laplacian: Int32 = 0, inner = 0
                    let x0 = max(1, tx), x1 = min(w - 1, tx + tile)
                    for y in max(1, ty)..<min(h - 1, ty + tile) {
                        let above = px + ((y - 1) * w), here = px + (y * w), below = px + ((y + 1) * w)
                        for x in x0..<x1 {
                            let l = Int32(here[x - 1]) &+ Int32(here[x + 1]) &+ Int32(above[x]) &+ Int32(below[x]) &- 4 &* Int32(here[x])
                            laplacian &+= l &* l
                        }
                        inner &+= x1 - x0
                    }
                    if inner > 0 { focus.append((Double(laplacian) / Double(inner)).squareRoot() / deviation) }
                }
                ty += tile
            }
        }
        guard !focus.isEmpty else { return nil }
        focus.sort()
        // Linear between the two nearest ranks (as numpy's default percentile).
        let at = 0.9 * Double(focus.count - 1), low = Int(at)
        let high = min(low + 1, focus.count - 1), weight = at - Double(low)
        return focus[low] * (1 - weight) + focus[high] * weight
    }
}
