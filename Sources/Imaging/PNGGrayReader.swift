import CDeflate

/// PNG straight to gray pixels, for the perceptual hash: its own chunk walk (IHDR, PLTE, IDAT,
/// eXIf, IEND), the image data inflated in one call by libdeflate, the rows unfiltered in place and
/// each turned to gray as it is done. No RGB image is built. The gray is exactly what libspng's RGB8
/// followed by `Image.gray()` gives (alpha dropped, 16-bit samples by their high byte, low bit
/// depths scaled to 0…255, palette entries through the same luma), so the hashes are the same bit
/// for bit. Every read is bounds-checked; CRCs are not checked (libspng is told to ignore them too).
///
/// Returns nil for what it leaves to libspng: interlaced (Adam7) files and anything it cannot read
/// (a damaged file then gets libspng's own error message).
enum PNGGrayReader {
    /// The largest inflated image data read here (a 16-bit RGBA picture of 64 megapixels); larger
    /// files go to libspng, which needs a third as much for its RGB8 output.
    static let maximumData = 512 << 20

    static func decode(_ bytes: UnsafeRawBufferPointer) -> (Image, Orientation?)? {
        guard let chunks = Chunks(bytes), let header = chunks.header else { return nil }
        let width = header.width, height = header.height
        guard header.interlace == 0, width * height <= maximumPixels else { return nil }
        let rowBytes = (width * header.channels * header.depth + 7) / 8
        let stride = rowBytes + 1
        guard stride * height <= maximumData else { return nil }
        let palette: [UInt8]? = header.color == 3 ? chunks.palette.flatMap { grayPalette(bytes, $0) } : nil
        if header.color == 3 && palette == nil { return nil }

        let data = UnsafeMutableRawBufferPointer.allocate(byteCount: stride * height, alignment: 16)
        defer { data.deallocate() }
        guard inflate(bytes, chunks.idat, into: data) else { return nil }

        var ok = true
        let pixels = [UInt8](unsafeUninitializedCapacity: width * height) { out, initialized in
            let zero = UnsafeMutableRawBufferPointer.allocate(byteCount: rowBytes, alignment: 16)
            defer { zero.deallocate() }
            zero.initializeMemory(as: UInt8.self, repeating: 0)
            var prior = zero.baseAddress!.assumingMemoryBound(to: UInt8.self)
            let bpp = max(1, header.channels * header.depth / 8)
            let colour8 = header.depth == 8 && (header.color == 2 || header.color == 6)   // RGB, RGBA: one pass
            for y in 0..<height {
                let line = data.baseAddress!.assumingMemoryBound(to: UInt8.self) + y * stride
                let gray = out.baseAddress! + y * width
                if colour8 {
                    guard Unfilter.rowToGray(line + 1, prior: prior, width: width, bpp: bpp, filter: line[0], gray: gray) else { ok = false; break }
                } else {
                    guard Unfilter.row(line + 1, prior: prior, count: rowBytes, bpp: bpp, filter: line[0]) else { ok = false; break }
                    GrayRow.convert(line + 1, to: gray, width: width, header: header, palette: palette)
                }
                prior = line + 1
            }
            initialized = ok ? width * height : 0
        }
        guard ok else { return nil }
        let orientation = chunks.exif.flatMap { Orientation(tiff: Array(bytes[$0])) }
        return (Image(width: width, height: height, layout: .gray, pixels: pixels), orientation)
    }

    /// The gray of each palette entry, 256 of them (indexes past the palette read as black, as
    /// libspng gives them); nil when the PLTE chunk is malformed.
    private static func grayPalette(_ bytes: UnsafeRawBufferPointer, _ range: Range<Int>) -> [UInt8]? {
        guard range.count % 3 == 0, (3...768).contains(range.count) else { return nil }
        var table = [UInt8](repeating: 0, count: 256)
        for i in 0..<(range.count / 3) {
            let at = range.lowerBound + 3 * i
            table[i] = Image.luma(bytes[at], bytes[at + 1], bytes[at + 2])
        }
        return table
    }

    /// Inflates the zlib stream the IDAT chunks hold, which must fill `out` exactly.
    private static func inflate(_ bytes: UnsafeRawBufferPointer, _ idat: [Range<Int>], into out: UnsafeMutableRawBufferPointer) -> Bool {
        guard !idat.isEmpty, let decompressor = libdeflate_alloc_decompressor() else { return false }
        defer { libdeflate_free_decompressor(decompressor) }
        func run(_ input: UnsafeRawBufferPointer) -> Bool {
            libdeflate_zlib_decompress(decompressor, input.baseAddress, input.count, out.baseAddress, out.count, nil) == LIBDEFLATE_SUCCESS
        }
        if idat.count == 1 { return run(UnsafeRawBufferPointer(rebasing: bytes[idat[0]])) }
        let joined = UnsafeMutableRawBufferPointer.allocate(byteCount: idat.reduce(0) { $0 + $1.count }, alignment: 16)
        defer { joined.deallocate() }
        var at = 0
        for range in idat {
            UnsafeMutableRawBufferPointer(rebasing: joined[at..<(at + range.count)]).copyMemory(from: UnsafeRawBufferPointer(rebasing: bytes[range]))
            at += range.count
        }
        return run(UnsafeRawBufferPointer(joined))
    }

    struct Header {
        let width: Int, height: Int, depth: Int, color: Int, interlace: Int
        var channels: Int { [0: 1, 2: 3, 3: 1, 4: 2, 6: 4][color] ?? 0 }
    }

    /// The chunks the gray decode needs, as byte ranges of the file.
    struct Chunks {
        var header: Header?
        var palette: Range<Int>?
        var idat: [Range<Int>] = []
        var exif: Range<Int>?

        init?(_ bytes: UnsafeRawBufferPointer) {
            func u32(_ at: Int) -> Int {
                Int(bytes[at]) << 24 | Int(bytes[at + 1]) << 16 | Int(bytes[at + 2]) << 8 | Int(bytes[at + 3])
            }
            let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
            guard bytes.count >= 8, bytes.prefix(8).elementsEqual(signature) else { return nil }
            var at = 8
            while at + 8 <= bytes.count {
                let length = u32(at), type = u32(at + 4)
                let data = (at + 8)..<(at + 8 + length)
                guard length <= Int(Int32.max), data.upperBound + 4 <= bytes.count else { return nil }
                if header == nil {   // IHDR first, 13 bytes, with a valid combination
                    guard type == 0x4948_4452, length == 13 else { return nil }
                    let s = data.lowerBound
                    let h = Header(width: u32(s), height: u32(s + 4), depth: Int(bytes[s + 8]), color: Int(bytes[s + 9]),
                                   interlace: Int(bytes[s + 12]))
                    let depths: [Int: [Int]] = [0: [1, 2, 4, 8, 16], 2: [8, 16], 3: [1, 2, 4, 8], 4: [8, 16], 6: [8, 16]]
                    guard (1...65_535).contains(h.width), (1...65_535).contains(h.height),
                          depths[h.color]?.contains(h.depth) == true, bytes[s + 10] == 0, bytes[s + 11] == 0, h.interlace <= 1
                    else { return nil }
                    header = h
                } else {
                    switch type {
                    case 0x504C_5445: palette = palette ?? data                           // PLTE
                    case 0x4944_4154: idat.append(data)                                    // IDAT
                    case 0x6558_4966: exif = exif ?? data                                  // eXIf
                    case 0x4945_4E44: return                                               // IEND
                    default: break
                    }
                }
                at = data.upperBound + 4
            }
            if header == nil { return nil }
        }
    }
}
