#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif
/// What the chunks of a PNG say: its size, its `eXIf` TIFF payload, its XMP packet.
struct PNGChunks {
    var width: Int?
    var height: Int?
    /// The `eXIf` chunk: raw TIFF, no `Exif\0\0` header.
    var exif: ArraySlice<UInt8>?
    /// An `iTXt` chunk with keyword `XML:com.adobe.xmp`, or a `zTXt` one (ImageMagick's "Raw profile type xmp").
    var xmp: ArraySlice<UInt8>?

    private static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    private static let xmpKeyword = Array("XML:com.adobe.xmp".utf8)

    /// Walks the chunks up to the first `IDAT` (metadata written by cameras and screenshot tools
    /// precedes the image data; walking every `IDAT` would cost a read each). Some editors put
    /// `eXIf`/`iTXt` after the image data, just before `IEND`: when nothing was found before
    /// `IDAT`, the last 64 KiB are searched for them. nil when not a PNG.
    static func read(_ source: ByteSource) -> PNGChunks? {
        guard let signature = source.bytes(at: 0, count: 8), signature.elementsEqual(PNGChunks.signature) else { return nil }
        var result = PNGChunks()
        var position: Int64 = 8
        for _ in 0..<4096 {
            guard let header = source.bytes(at: position, count: 8), let length = header.u32(0),
                  let type = header.fourCC(4) else { break }
            let dataOffset = position + 8
            switch type {
            case "IHDR":
                if let data = source.bytes(at: dataOffset, count: 8), let width = data.u32(0), let height = data.u32(4),
                   width > 0, height > 0 {
                    result.width = Int(width)
                    result.height = Int(height)
                }
            case "eXIf" where result.exif == nil:
                result.exif = source.bytes(at: dataOffset, count: Int(length))
            case "iTXt" where result.xmp == nil:
                if let data = source.bytes(at: dataOffset, count: Int(length)) { result.xmp = PNGChunks.xmpPacket(inITXt: data) }
            case "zTXt" where result.xmp == nil:
                if let data = source.bytes(at: dataOffset, count: Int(length)) { result.xmp = PNGChunks.xmpPacket(inZTXt: data) }
            case "IDAT":
                if result.exif == nil && result.xmp == nil { result.readTail(source, after: position) }
                return result
            case "IEND":
                return result
            default: break
            }
            position = dataOffset + length + 4  // data, then CRC
        }
        return result
    }

    /// Finds `eXIf` and XMP `iTXt` chunks in the last 64 KiB by their type bytes, keeping a
    /// candidate only if its length field fits the bytes that follow.
    private mutating func readTail(_ source: ByteSource, after position: Int64) {
        let start = max(position + 8, source.size - Int64(Inspector.headSize))
        guard start < source.size, let tail = source.bytes(at: start, count: Int(source.size - start)) else { return }
        // Candidate positions of a chunk type: both names hold an "X" (eXIf, iTXt), found with
        // memchr (a byte-by-byte loop in Swift cost more than the rest of a scan together).
        let hits: [(index: Int, isExif: Bool)] = tail.withUnsafeBytes { raw in
            guard let base = raw.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return [] }
            var found: [(Int, Bool)] = []
            var from = 5
            while from < raw.count, let match = memchr(base + from, Int32(UInt8(ascii: "X")), raw.count - from) {
                let x = UnsafeRawPointer(base).distance(to: UnsafeRawPointer(match))
                if x + 3 <= raw.count, base[x - 1] == 0x65, base[x + 1] == 0x49, base[x + 2] == 0x66 { found.append((x - 1, true)) }
                if x >= 6, x + 2 <= raw.count, base[x - 2] == 0x69, base[x - 1] == 0x54, base[x + 1] == 0x74 { found.append((x - 2, false)) }
                from = x + 1
            }
            return found
        }
        for hit in hits {
            let index = tail.startIndex + hit.index
            if let length = tail.bigEndian(at: hit.index - 4, width: 4), Int(length) <= tail.endIndex - index - 8 {
                let data = tail[(index + 4)..<(index + 4 + Int(length))]
                if hit.isExif, exif == nil { exif = data }
                if !hit.isExif, xmp == nil { xmp = PNGChunks.xmpPacket(inITXt: data) }
            }
        }
    }

    /// iTXt: keyword NUL, compression flag, method, language NUL, translated keyword NUL, text
    /// (zlib-compressed when the flag is 1).
    private static func xmpPacket(inITXt data: ArraySlice<UInt8>) -> ArraySlice<UInt8>? {
        guard data.starts(with: xmpKeyword + [0]) else { return nil }
        var index = data.startIndex + xmpKeyword.count + 1
        guard index + 2 <= data.endIndex, data[index] <= 1, data[index + 1] == 0 else { return nil }
        let compressed = data[index] == 1
        index += 2
        for _ in 0..<2 {  // language tag, translated keyword
            guard let nul = data[index...].firstIndex(of: 0) else { return nil }
            index = nul + 1
        }
        return compressed ? Inflate.zlib(data[index...])?[...] : data[index...]
    }

    private static let rawProfileKeyword = Array("Raw profile type xmp".utf8)

    /// zTXt: keyword NUL, method 0, zlib data. ImageMagick writes XMP as "Raw profile type xmp":
    /// a newline, "xmp", a newline, the length, a newline, then the packet in hexadecimal lines.
    private static func xmpPacket(inZTXt data: ArraySlice<UInt8>) -> ArraySlice<UInt8>? {
        let isProfile = data.starts(with: rawProfileKeyword + [0])
        guard isProfile || data.starts(with: xmpKeyword + [0]) else { return nil }
        let start = data.startIndex + (isProfile ? rawProfileKeyword : xmpKeyword).count + 2
        guard start <= data.endIndex, data[start - 1] == 0, let text = Inflate.zlib(data[start...]) else { return nil }
        guard isProfile else { return text[...] }
        var newlines = 0
        var bytes: [UInt8] = []
        var high: UInt8?
        for byte in text {
            if newlines < 3 {
                if byte == 0x0A { newlines += 1 }
                continue
            }
            let nibble: UInt8
            switch byte {
            case 0x30...0x39: nibble = byte - 0x30
            case 0x61...0x66: nibble = byte - 0x61 + 10
            case 0x41...0x46: nibble = byte - 0x41 + 10
            default: continue
            }
            if let first = high {
                bytes.append(first << 4 | nibble)
                high = nil
            } else {
                high = nibble
            }
        }
        return bytes.isEmpty ? nil : bytes[...]
    }
}
