/// One of the seven ways a copy can be turned or mirrored from its original (the eighth is none): a phone that saved
/// its rotation into the pixels, a mirrored selfie, a scan fed in sideways. Applied to a picture as: transposed
/// (rows become columns) if `transposed`, then its rows in reverse order if `flipsRows`, then its columns in reverse
/// order if `flipsColumns`. Turned 90° clockwise is transposed with its columns reversed.
public struct Turn: Sendable, Hashable {
    public let transposed: Bool
    public let flipsRows: Bool
    public let flipsColumns: Bool

    /// The seven: mirrored, flipped, turned 180°, transposed, turned 90° clockwise, turned 90° counter-clockwise,
    /// transposed the other way (index = position here, as stored in the index's `photoTurns`).
    public static let all: [Turn] = [
        Turn(transposed: false, flipsRows: false, flipsColumns: true), Turn(transposed: false, flipsRows: true, flipsColumns: false),
        Turn(transposed: false, flipsRows: true, flipsColumns: true), Turn(transposed: true, flipsRows: false, flipsColumns: false),
        Turn(transposed: true, flipsRows: false, flipsColumns: true), Turn(transposed: true, flipsRows: true, flipsColumns: false),
        Turn(transposed: true, flipsRows: true, flipsColumns: true),
    ]
}

extension Thumbnail {
    /// This thumbnail turned or mirrored as `turn` says.
    public func turned(_ turn: Turn) -> Thumbnail {
        let n = Self.side
        var out = [UInt8](repeating: 0, count: n * n)
        for y in 0..<n {
            for x in 0..<n {
                let (ry, rx) = (turn.flipsRows ? n - 1 - y : y, turn.flipsColumns ? n - 1 - x : x)
                out[y * n + x] = turn.transposed ? pixels[rx * n + ry] : pixels[ry * n + rx]
            }
        }
        return Thumbnail(pixels: out)!
    }
}
