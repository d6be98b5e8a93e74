/// Minimal but well-formed media files built byte by byte, so tests say exactly what a file holds.
enum Synthetic {
    // MARK: - TIFF / EXIF

    /// One IFD entry: an ASCII string, a SHORT, a LONG or UNDEFINED bytes.
    enum Value {
        case ascii(String)
        case short(UInt16)
        case long(UInt32)
        case undefined([UInt8])
    }

    /// A little-endian TIFF with `ifd0` entries and, when `exif` is not empty, an EXIF sub-IFD.
    static func tiff(ifd0: [(UInt16, Value)], exif: [(UInt16, Value)] = []) -> [UInt8] {
        var out: [UInt8] = Array("II".utf8) + le16(42) + le32(8)
        var ifd0Entries = ifd0
        if !exif.isEmpty { ifd0Entries.append((0x8769, .long(0))) }  // patched below
        let ifd0Size = 2 + ifd0Entries.count * 12 + 4
        var dataOffset = 8 + ifd0Size
        let exifIFDOffset = dataOffset + dataSize(ifd0Entries)
        if !exif.isEmpty { ifd0Entries[ifd0Entries.count - 1] = (0x8769, .long(UInt32(exifIFDOffset))) }
        out += ifd(ifd0Entries.sorted { $0.0 < $1.0 }, dataOffset: &dataOffset)
        if !exif.isEmpty {
            var exifData = exifIFDOffset + 2 + exif.count * 12 + 4
            out += ifd(exif.sorted { $0.0 < $1.0 }, dataOffset: &exifData)
        }
        return out
    }

    private static func encoded(_ value: Value) -> (type: UInt16, count: Int, bytes: [UInt8]) {
        switch value {
        case .ascii(let text): let b = Array(text.utf8) + [0]; return (2, b.count, b)
        case .short(let v): return (3, 1, le16(v) + [0, 0])
        case .long(let v): return (4, 1, le32(v))
        case .undefined(let b): return (7, b.count, b)
        }
    }

    private static func dataSize(_ entries: [(UInt16, Value)]) -> Int {
        entries.map { encoded($0.1).bytes.count }.filter { $0 > 4 }.reduce(0) { $0 + $1 + $1 % 2 }
    }

    /// The IFD followed by its out-of-line values (which start at `dataOffset`).
    private static func ifd(_ entries: [(UInt16, Value)], dataOffset: inout Int) -> [UInt8] {
        var table: [UInt8] = le16(UInt16(entries.count))
        var data: [UInt8] = []
        dataOffset += 0
        let base = dataOffset
        for (tag, value) in entries {
            let (type, count, bytes) = encoded(value)
            table += le16(tag) + le16(type) + le32(UInt32(count))
            if bytes.count <= 4 {
                table += bytes + [UInt8](repeating: 0, count: 4 - bytes.count)
            } else {
                table += le32(UInt32(base + data.count))
                data += bytes
                if data.count % 2 == 1 { data.append(0) }
            }
        }
        table += le32(0)
        dataOffset += data.count
        return table + data
    }

    // MARK: - JPEG

    /// SOI, an APP1 Exif segment (when `tiff` is given), SOF0 with the size, SOS, a few bytes, EOI.
    static func jpeg(tiff: [UInt8]?, width: Int = 640, height: Int = 480, xmp: String? = nil) -> [UInt8] {
        var out: [UInt8] = [0xFF, 0xD8]
        out += segment(0xE0, Array("JFIF\0".utf8) + [1, 1, 0, 0, 1, 0, 1, 0, 0])
        if let tiff { out += segment(0xE1, Array("Exif\0\0".utf8) + tiff) }
        if let xmp { out += segment(0xE1, Array("http://ns.adobe.com/xap/1.0/\0".utf8) + Array(xmp.utf8)) }
        out += segment(0xDB, [0] + [UInt8](repeating: 1, count: 64))
        out += segment(0xC0, [8] + be16(UInt16(height)) + be16(UInt16(width)) + [1, 1, 0x11, 0])
        out += segment(0xC4, [0] + [UInt8](repeating: 0, count: 16))
        out += segment(0xDA, [1, 1, 0, 0, 0x3F, 0])
        out += [0x12, 0x34, 0x56, 0xFF, 0xD9]
        return out
    }

    private static func segment(_ marker: UInt8, _ payload: [UInt8]) -> [UInt8] {
        [0xFF, marker] + be16(UInt16(payload.count + 2)) + payload
    }

    // MARK: - PNG

    /// A PNG; its metadata goes after the image data when `metadataLast` (as some editors write it).
    static func png(width: Int = 32, height: Int = 16, exifTIFF: [UInt8]? = nil, xmp: String? = nil,
                    metadataLast: Bool = false, imageChunks: Int = 1) -> [UInt8] {
        var out: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        out += chunk("IHDR", be32(UInt32(width)) + be32(UInt32(height)) + [8, 2, 0, 0, 0])
        var metadata: [UInt8] = []
        if let exifTIFF { metadata += chunk("eXIf", exifTIFF) }
        if let xmp { metadata += chunk("iTXt", Array("XML:com.adobe.xmp".utf8) + [0, 0, 0, 0, 0] + Array(xmp.utf8)) }
        if !metadataLast { out += metadata }
        for _ in 0..<imageChunks { out += chunk("IDAT", [0x78, 0x9C, 0x63, 0, 0, 0, 1, 0, 1] + [UInt8](repeating: 0x55, count: 8192)) }
        if metadataLast { out += metadata }
        out += chunk("IEND", [])
        return out
    }

    private static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let body = Array(type.utf8) + data
        return be32(UInt32(data.count)) + body + be32(crc32(body))
    }

    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }

    // MARK: - ISO boxes: HEIC and MP4

    static func box(_ type: String, _ payload: [UInt8]) -> [UInt8] { be32(UInt32(payload.count + 8)) + Array(type.utf8) + payload }
    static func fullBox(_ type: String, version: UInt8 = 0, flags: UInt32 = 0, _ payload: [UInt8]) -> [UInt8] {
        box(type, [version] + Array(be32(flags).dropFirst()) + payload)
    }

    /// A HEIC whose `Exif` item (holding `tiff`) sits in an `mdat` at the end of the file.
    static func heic(tiff: [UInt8], width: Int = 4032, height: Int = 3024) -> [UInt8] {
        let ftyp = box("ftyp", Array("heic".utf8) + be32(0) + Array("mif1heic".utf8))
        let exifItem = be32(6) + Array("Exif\0\0".utf8) + tiff
        func meta(exifOffset: UInt32) -> [UInt8] {
            let hdlr = fullBox("hdlr", be32(0) + Array("pict".utf8) + [UInt8](repeating: 0, count: 13))
            let pitm = fullBox("pitm", be16(1))
            let infe1 = fullBox("infe", version: 2, be16(1) + be16(0) + Array("hvc1".utf8) + [0])
            let infe2 = fullBox("infe", version: 2, be16(2) + be16(0) + Array("Exif".utf8) + [0])
            let iinf = fullBox("iinf", be16(2) + infe1 + infe2)
            // version 1, offset/length 4 bytes, no base offset
            let iloc = fullBox("iloc", version: 1, [0x44, 0x00] + be16(2)
                + be16(1) + be16(0) + be16(0) + be16(1) + be32(0) + be32(0)
                + be16(2) + be16(0) + be16(0) + be16(1) + be32(exifOffset) + be32(UInt32(exifItem.count)))
            let ispe = fullBox("ispe", be32(UInt32(width)) + be32(UInt32(height)))
            let ipco = box("ipco", ispe)
            let ipma = fullBox("ipma", be32(1) + be16(1) + [1, 0x81])
            return fullBox("meta", hdlr + pitm + iinf + iloc + box("iprp", ipco + ipma))
        }
        let prefixLength = ftyp.count + meta(exifOffset: 0).count
        let mdat = box("mdat", [UInt8](repeating: 0xAB, count: 100) + exifItem)
        let exifOffset = UInt32(prefixLength + 8 + 100)
        return ftyp + meta(exifOffset: exifOffset) + mdat
    }

    /// An MP4 with a `mvhd` creation time, one video track of `width`×`height`, optional Apple Keys metadata, `moov` last.
    static func mp4(created: UInt32, width: Int = 1920, height: Int = 1080, keys: [String: String] = [:]) -> [UInt8] {
        let ftyp = box("ftyp", Array("isom".utf8) + be32(512) + Array("isomiso2mp41".utf8))
        let mdat = box("mdat", [UInt8](repeating: 0, count: 256))
        let mvhd = fullBox("mvhd", be32(created) + be32(created) + be32(1000) + be32(0) + [UInt8](repeating: 0, count: 80))
        let tkhd = fullBox("tkhd", flags: 3, be32(created) + be32(created) + be32(1) + be32(0) + be32(0)
            + [UInt8](repeating: 0, count: 52) + be32(UInt32(width) << 16) + be32(UInt32(height) << 16))
        let hdlr = fullBox("hdlr", be32(0) + Array("vide".utf8) + [UInt8](repeating: 0, count: 13))
        let trak = box("trak", tkhd + box("mdia", hdlr))
        var meta: [UInt8] = []
        if !keys.isEmpty {
            let sorted = keys.sorted { $0.key < $1.key }
            var keyEntries: [UInt8] = []
            var items: [UInt8] = []
            for (index, (key, value)) in sorted.enumerated() {
                keyEntries += be32(UInt32(8 + key.utf8.count)) + Array("mdta".utf8) + Array(key.utf8)
                let data = box("data", be32(1) + be32(0) + Array(value.utf8))
                items += be32(UInt32(8 + data.count)) + be32(UInt32(index + 1)) + data
            }
            let mdirHandler = fullBox("hdlr", be32(0) + Array("mdta".utf8) + [UInt8](repeating: 0, count: 13))
            meta = box("meta", mdirHandler + fullBox("keys", be32(UInt32(sorted.count)) + keyEntries) + box("ilst", items))
        }
        return ftyp + mdat + box("moov", mvhd + trak + meta)
    }

    // MARK: - Integers

    static func le16(_ v: UInt16) -> [UInt8] { [UInt8(v & 0xFF), UInt8(v >> 8)] }
    static func le32(_ v: UInt32) -> [UInt8] { (0..<4).map { UInt8(v >> (8 * $0) & 0xFF) } }
    static func be16(_ v: UInt16) -> [UInt8] { [UInt8(v >> 8), UInt8(v & 0xFF)] }
    static func be32(_ v: UInt32) -> [UInt8] { (0..<4).reversed().map { UInt8(v >> (8 * $0) & 0xFF) } }

    /// Seconds from 1904 (QuickTime) for a Unix time.
    static func quickTime(_ unix: Int) -> UInt32 { UInt32(unix + 2_082_844_800) }
}
