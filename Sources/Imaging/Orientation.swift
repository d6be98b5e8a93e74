/// EXIF orientation (tag 0x0112): how the stored pixels must be turned to stand upright.
public enum Orientation: Int, Sendable, CaseIterable {
    case up = 1, upMirrored, down, downMirrored, leftMirrored, right, rightMirrored, left

    /// Whether the upright picture swaps width and height.
    public var swapsSides: Bool { rawValue >= 5 }

    /// The orientation in a TIFF structure (the payload of a JPEG APP1 "Exif" segment or a PNG eXIf chunk), if any.
    public init?(tiff bytes: [UInt8]) {
        guard bytes.count >= 8 else { return nil }
        let little: Bool
        switch (bytes[0], bytes[1]) {
        case (0x49, 0x49): little = true
        case (0x4D, 0x4D): little = false
        default: return nil
        }
        func u16(_ at: Int) -> Int? {
            guard at >= 0, at + 2 <= bytes.count else { return nil }
            return little ? Int(bytes[at]) | Int(bytes[at + 1]) << 8 : Int(bytes[at]) << 8 | Int(bytes[at + 1])
        }
        func u32(_ at: Int) -> Int? {
            guard let a = u16(at), let b = u16(at + 2) else { return nil }
            return little ? a | b << 16 : a << 16 | b
        }
        guard let ifd = u32(4), let count = u16(ifd) else { return nil }
        for entry in 0..<count {
            let at = ifd + 2 + 12 * entry
            guard let tag = u16(at) else { return nil }
            if tag == 0x0112, let type = u16(at + 2), type == 3, let value = u16(at + 8) {
                self.init(rawValue: value)
                return
            }
        }
        return nil
    }

    /// The orientation recorded in a JPEG file's APP1 "Exif" segment, if any.
    public init?(jpeg bytes: [UInt8]) {
        var at = 2
        while at + 4 <= bytes.count, bytes[at] == 0xFF {
            let marker = bytes[at + 1]
            if marker == 0xD8 || (0xD0...0xD7).contains(marker) || marker == 0x01 { at += 2; continue }
            if marker == 0xDA || marker == 0xD9 { return nil }
            let length = Int(bytes[at + 2]) << 8 | Int(bytes[at + 3])
            guard length >= 2, at + 2 + length <= bytes.count else { return nil }
            if marker == 0xE1, length >= 8, bytes[(at + 4)..<(at + 10)].elementsEqual([0x45, 0x78, 0x69, 0x66, 0, 0]) {
                self.init(tiff: Array(bytes[(at + 10)..<(at + 2 + length)]))
                return
            }
            at += 2 + length
        }
        return nil
    }
}

extension Image {
    /// The picture turned upright for the orientation it was stored with.
    public func applying(_ orientation: Orientation) -> Image {
        if orientation == .up { return self }
        let w = width, h = height, c = channels
        let outW = orientation.swapsSides ? h : w
        let outH = orientation.swapsSides ? w : h
        // The stored pixel read for the upright pixel (ox, oy) is start + ox·stepX + oy·stepY (in pixels).
        let last = (h - 1) * w
        let (start, stepX, stepY): (Int, Int, Int) = switch orientation {
        case .up: (0, 1, w)
        case .upMirrored: (w - 1, -1, w)
        case .down: (last + w - 1, -1, -w)
        case .downMirrored: (last, 1, -w)
        case .leftMirrored: (0, w, 1)
        case .right: (last, -w, 1)
        case .rightMirrored: (last + w - 1, -w, -1)
        case .left: (w - 1, w, -1)
        }
        var out = [UInt8](repeating: 0, count: pixels.count)
        pixels.withUnsafeBufferPointer { src in
            out.withUnsafeMutableBufferPointer { dst in
                guard let from = src.baseAddress, let to = dst.baseAddress else { return }
                // In tiles, so that a quarter turn's column-wise reads stay in the cache.
                let tile = 64
                for tileY in stride(from: 0, to: outH, by: tile) {
                    for tileX in stride(from: 0, to: outW, by: tile) {
                        for oy in tileY..<min(outH, tileY + tile) {
                            var s = start + tileX * stepX + oy * stepY
                            var d = oy * outW + tileX
                            let end = d + min(tile, outW - tileX)
                            if c == 1 {
                                while d < end { to[d] = from[s]; s += stepX; d += 1 }
                            } else {
                                while d < end {
                                    to[3 * d] = from[3 * s]; to[3 * d + 1] = from[3 * s + 1]; to[3 * d + 2] = from[3 * s + 2]
                                    s += stepX; d += 1
                                }
                            }
                        }
                    }
                }
            }
        }
        return Image(width: outW, height: outH, layout: layout, pixels: out)
    }
}
