/// What the marker segments of a JPEG say: its EXIF and XMP payloads and its frame size.
struct JPEGSegments {
    /// The APP1 payload starting with `Exif\0\0`.
    var exif: ArraySlice<UInt8>?
    /// The APP1 XMP packet (after its namespace header).
    var xmp: ArraySlice<UInt8>?
    var width: Int?
    var height: Int?

    private static let xmpNamespace = Array("http://ns.adobe.com/xap/1.0/\0".utf8)
    private static let exifHeader: [UInt8] = Array("Exif\0\0".utf8)

    /// Walks the markers from SOI up to SOS (where the entropy-coded image starts), reading only
    /// segment headers and the payloads it keeps. nil when the bytes do not start like a JPEG.
    static func read(_ source: ByteSource) -> JPEGSegments? {
        guard let soi = source.bytes(at: 0, count: 2), soi.u16(0) == 0xFFD8 else { return nil }
        var result = JPEGSegments()
        var position: Int64 = 2
        for _ in 0..<4096 {  // a real JPEG has a few dozen segments before SOS
            guard let header = source.bytes(at: position, count: 2), header.u8(0) == 0xFF,
                  let marker = header.u8(1) else { break }
            switch marker {
            case 0xFF:  // fill byte
                position += 1
                continue
            case 0x01, 0xD0...0xD7:  // standalone markers, no length
                position += 2
                continue
            case 0xD9, 0xDA:  // EOI, SOS: the metadata is behind us
                return result
            default: break
            }
            guard let lengthBytes = source.bytes(at: position + 2, count: 2), let length = lengthBytes.u16(0),
                  length >= 2 else { break }
            let payloadOffset = position + 4
            let payloadLength = length - 2
            switch marker {
            case 0xE1 where result.exif == nil || result.xmp == nil:
                result.readAPP1(source, at: payloadOffset, length: payloadLength)
            case 0xC0...0xCF where marker != 0xC4 && marker != 0xC8 && marker != 0xCC && result.width == nil:
                // SOFn: precision (1), height (2), width (2)
                if let frame = source.bytes(at: payloadOffset, count: min(5, payloadLength)), frame.count == 5,
                   let height = frame.u16(1), let width = frame.u16(3), width > 0, height > 0 {
                    result.width = width
                    result.height = height
                }
            default: break
            }
            position = payloadOffset + Int64(payloadLength)
        }
        return result
    }

    private mutating func readAPP1(_ source: ByteSource, at offset: Int64, length: Int) {
        guard let prefix = source.bytes(at: offset, count: min(length, JPEGSegments.xmpNamespace.count)) else { return }
        if exif == nil, prefix.starts(with: JPEGSegments.exifHeader) {
            exif = source.bytes(at: offset, count: length)
        } else if xmp == nil, prefix.elementsEqual(JPEGSegments.xmpNamespace) {
            let skip = JPEGSegments.xmpNamespace.count
            xmp = source.bytes(at: offset + Int64(skip), count: length - skip)
        }
    }
}
