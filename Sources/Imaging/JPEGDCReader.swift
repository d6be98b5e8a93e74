/// The 1/8-scale gray picture of a JPEG, read from its luma DC terms alone: every Huffman symbol
/// must still be decoded to find where each block ends, but an AC coefficient's value never is, and
/// the skip table passes several symbols with one lookup. The pixels are exactly what libjpeg-turbo
/// gives at 1/8 in gray (its 1×1 inverse DCT: the dequantized DC, descaled by 3 bits, through its
/// range-limit table), so the hashes are the same bit for bit, in about 60 % of its time. A
/// progressive file is read from its DC scans alone (`progressiveDC`).
///
/// Returns nil for what it leaves to libjpeg-turbo: arithmetic-coded, 12-bit, multi-scan baseline,
/// CMYK or RGB files; a sampling other than TurboJPEG's gray, 4:4:4, 4:2:2, 4:2:0, 4:4:0 and 4:1:1;
/// a picture 1/8 would not serve; anything libjpeg-turbo refuses; and any damage (a bad code, a
/// marker or the end of the data before the last block, a wrong restart marker). Such a file gets
/// libjpeg-turbo's decoding and its messages as before.
enum JPEGDCReader {
    static func decode(_ bytes: UnsafeRawBufferPointer, size: SizeRequest) -> Image? {
        guard let base = bytes.baseAddress?.assumingMemoryBound(to: UInt8.self),
              let header = Header(UnsafeBufferPointer(start: base, count: bytes.count), size: size)
        else { return nil }
        let width = (header.width + 7) / 8, height = (header.height + 7) / 8
        if header.progressive {
            guard let (dc, quant) = progressiveDC(UnsafeBufferPointer(start: base, count: bytes.count), header) else { return nil }
            let step = Int32(Int16(truncatingIfNeeded: quant))
            return Image(width: width, height: height, layout: .gray, pixels: dc.map { pixel(Int32($0) &* step) })
        }
        var ok = false
        let pixels = [UInt8](unsafeUninitializedCapacity: width * height) { out, initialized in
            ok = decodeScan(base, count: bytes.count, header, into: out.baseAddress!, width: width, height: height)
            initialized = ok ? width * height : 0
        }
        return ok ? Image(width: width, height: height, layout: .gray, pixels: pixels) : nil
    }

    private static func decodeScan(
        _ base: UnsafePointer<UInt8>, count: Int, _ header: Header, into out: UnsafeMutablePointer<UInt8>, width: Int, height: Int
    ) -> Bool {
        // Plain values for the loop: sampling and table pointers (the header keeps the tables alive).
        let interleaved = header.components.count > 1
        let units = header.components.map {
            Unit(h: interleaved ? $0.h : 1, v: interleaved ? $0.v : 1, dc: $0.dc.lookup, ac: $0.ac.lookup)
        }
        return withExtendedLifetime(header) {
            let across = interleaved ? (header.width + 8 * header.maxH - 1) / (8 * header.maxH) : width
            let down = interleaved ? (header.height + 8 * header.maxV - 1) / (8 * header.maxV) : height
            let quant = Int32(Int16(truncatingIfNeeded: header.lumaQuant))
            var prediction: Int32 = 0   // luma's; chroma's DC values are never needed
            var reader = JPEGBitReader(base, from: header.scanStart, end: count)
            var untilRestart = header.restartInterval, restarts = 0
            let luma = units[0]
            for row in 0..<down {
                for column in 0..<across {
                    if header.restartInterval > 0 {
                        if untilRestart == 0 {
                            guard reader.restart(expecting: 0xD0 + UInt8(restarts & 7)) else { return false }
                            restarts += 1
                            untilRestart = header.restartInterval
                            prediction = 0
                        }
                        untilRestart -= 1
                    }
                    // Luma: each block's DC becomes a pixel.
                    for blockY in 0..<luma.v {
                        for blockX in 0..<luma.h {
                            guard let difference = reader.dcDifference(luma.dc) else { return false }
                            prediction = prediction &+ difference
                            let x = column * luma.h + blockX, y = row * luma.v + blockY
                            if x < width && y < height {
                                out[y * width + x] = pixel(Int32(Int16(truncatingIfNeeded: prediction)) &* quant)
                            }
                            guard reader.skipBlock(luma.ac) else { return false }
                        }
                    }
                    // Chroma (one block each: the header takes no other sampling): decoded only to be passed.
                    for index in units.indices.dropFirst() {
                        guard reader.dcDifference(units[index].dc) != nil, reader.skipBlock(units[index].ac) else { return false }
                    }
                }
            }
            return reader.withinData
        }
    }

    /// A component as the loop sees it.
    private struct Unit {
        let h: Int, v: Int
        let dc: JPEGHuffmanTable.Lookup, ac: JPEGHuffmanTable.Lookup
    }

    /// libjpeg-turbo's `jpeg_idct_1x1`: DESCALE(dc × q, 3) through its post-IDCT range-limit table
    /// (0…127 → +128, 128…511 → 255, 512…895 → 0, 896…1023 → −896, of the value's low 10 bits).
    @inline(__always) static func pixel(_ dequantized: Int32) -> UInt8 {
        let value = Int((dequantized &+ 4) >> 3) & 1023
        if value < 128 { return UInt8(value + 128) }
        if value < 512 { return 255 }
        if value < 896 { return 0 }
        return UInt8(value - 896)
    }
}
