/// The quality a JPEG was saved at, estimated from its luma quantization table: encoders (libjpeg and
/// those that follow it: cameras, phones, Pillow, Photoshop's "save for web") scale the standard table
/// of the JPEG specification (Annex K) by the quality, so the table's mean step over the standard's
/// gives the quality back (libjpeg's `jpeg_quality_scaling` inverted). Cheap: a walk over the segments
/// before the first scan, nothing decoded.
public enum JPEGQuality {
    /// The standard luma table (JPEG Annex K.1), in zigzag order as DQT stores it.
    static let standardLuma: [Double] = [
        16, 11, 12, 14, 12, 10, 16, 14, 13, 14, 18, 17, 16, 19, 24, 40, 26, 24, 22, 22, 24, 49, 35, 37,
        29, 40, 58, 51, 61, 60, 57, 51, 56, 55, 64, 72, 92, 78, 64, 68, 87, 69, 55, 56, 80, 109, 81, 87,
        95, 98, 103, 104, 103, 62, 77, 113, 121, 112, 100, 120, 92, 101, 103, 99,
    ]

    /// 1…100 for a JPEG with a luma table (table 0), nil for anything else.
    public static func estimate(_ bytes: [UInt8]) -> Int? {
        guard bytes.count > 4, bytes[0] == 0xFF, bytes[1] == 0xD8 else { return nil }
        var at = 2
        while at + 4 <= bytes.count {
            guard bytes[at] == 0xFF else { return nil }
            let marker = bytes[at + 1]
            if marker == 0xFF { at += 1; continue }
            if marker == 0xD8 || marker == 0x01 || (0xD0...0xD7).contains(marker) { at += 2; continue }
            if marker == 0xDA || marker == 0xD9 { return nil }   // a scan before any table
            let length = Int(bytes[at + 2]) << 8 | Int(bytes[at + 3])
            let end = at + 2 + length
            guard length >= 2, end <= bytes.count else { return nil }
            if marker == 0xDB, let quality = luma(bytes[(at + 4)..<end]) { return quality }
            at = end
        }
        return nil
    }

    /// The quality of table 0 in a DQT segment's body, if it defines it.
    static func luma(_ body: ArraySlice<UInt8>) -> Int? {
        var at = body.startIndex
        while at < body.endIndex {
            let precision = Int(body[at] >> 4), id = Int(body[at] & 15)
            let size = precision == 0 ? 64 : 128
            guard precision <= 1, at + 1 + size <= body.endIndex else { return nil }
            if id == 0 {
                var ratio = 0.0
                for i in 0..<64 {
                    let step = precision == 0 ? Double(body[at + 1 + i])
                        : Double(Int(body[at + 1 + 2 * i]) << 8 | Int(body[at + 2 + 2 * i]))
                    ratio += step * 100 / standardLuma[i]
                }
                return quality(scale: ratio / 64)
            }
            at += 1 + size
        }
        return nil
    }

    /// libjpeg's scaling inverted: scale = 5000 / q below 50, 200 − 2q from 50.
    static func quality(scale: Double) -> Int {
        let q = scale <= 100 ? (200 - scale) / 2 : 5000 / scale
        return min(100, max(1, Int(q.rounded())))
    }
}
