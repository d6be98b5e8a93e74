/// Decoded pixels: 8-bit gray or interleaved RGB, rows packed with no padding.
public struct Image: Sendable, Equatable {
    public enum Layout: Int, Sendable {
        case gray = 1
        case rgb = 3
    }

    public let width: Int
    public let height: Int
    public let layout: Layout
    public var pixels: [UInt8]

    public init(width: Int, height: Int, layout: Layout, pixels: [UInt8]) {
        precondition(pixels.count == width * height * layout.rawValue, "pixel buffer does not match the size")
        self.width = width
        self.height = height
        self.layout = layout
        self.pixels = pixels
    }

    public var channels: Int { layout.rawValue }
    public var longSide: Int { max(width, height) }
    public var shortSide: Int { min(width, height) }

    /// The same picture in gray (ITU-R BT.601 luma, as JPEG's own Y).
    public func gray() -> Image {
        guard layout == .rgb else { return self }
        var out = [UInt8](repeating: 0, count: width * height)
        pixels.withUnsafeBufferPointer { src in
            out.withUnsafeMutableBufferPointer { dst in
                for i in 0..<(width * height) { dst[i] = Self.luma(src[3 * i], src[3 * i + 1], src[3 * i + 2]) }
            }
        }
        return Image(width: width, height: height, layout: .gray, pixels: out)
    }

    /// ITU-R BT.601 luma of one RGB pixel, in 16-bit fixed point, rounded.
    @inline(__always)
    static func luma(_ r: UInt8, _ g: UInt8, _ b: UInt8) -> UInt8 {
        UInt8(truncatingIfNeeded: (19_595 * Int(r) + 38_470 * Int(g) + 7_471 * Int(b) + 32_768) >> 16)
    }

    /// The same picture in RGB (gray copied to the three channels).
    public func rgb() -> Image {
        guard layout == .gray else { return self }
        var out = [UInt8](repeating: 0, count: width * height * 3)
        for i in 0..<(width * height) {
            out[3 * i] = pixels[i]; out[3 * i + 1] = pixels[i]; out[3 * i + 2] = pixels[i]
        }
        return Image(width: width, height: height, layout: .rgb, pixels: out)
    }
}

/// How large a decode must be: the decoders pick the smallest reduced scale that still satisfies it.
public enum SizeRequest: Sendable, Equatable {
    /// Every pixel of the file.
    case full
    /// The long side at least this many pixels (or the whole image when it is smaller).
    case longSide(Int)
    /// The short side at least this many pixels (or the whole image when it is smaller).
    case shortSide(Int)
    /// The long side as close to this many pixels as a reduced JPEG scale gets without going over,
    /// so a preview needs no resampling after the decode (the smallest scale when every one is
    /// larger). Other formats decode as for `longSide`, then shrink.
    case longSideAtMost(Int)

    /// Whether an image of this size satisfies the request.
    func isSatisfied(width: Int, height: Int) -> Bool {
        switch self {
        case .full: false
        case .longSide(let n), .longSideAtMost(let n): max(width, height) >= n
        case .shortSide(let n): min(width, height) >= n
        }
    }
}
