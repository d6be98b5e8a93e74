/// One Huffman table of a baseline JPEG (a DHT entry), with the lookups `JPEGDCReader` decodes by:
/// a 13-bit table for codes of up to 13 bits, the canonical limits for longer ones, and for an AC
/// table a table that *skips* coefficients: the next 13 bits give how many bits the next symbols
/// take together with their extra bits, how many coefficients they cover, and whether they end the
/// block. The values of AC coefficients are never needed at 1/8 scale, only where each one ends.
final class JPEGHuffmanTable {
    /// 13 measured fastest on phone JPEGs (12 and 14 slower: fewer symbols per lookup, or more cache).
    static let lookBits = 13

    /// `length << 8 | symbol` for a code of `length` ≤ 13 bits starting the 13 bits; 0 when longer.
    let fast: UnsafeMutablePointer<UInt16>
    /// For AC tables: `Skip` entries, 0 where the first symbol and its extra bits exceed 13 bits.
    let skip: UnsafeMutablePointer<UInt16>
    /// The largest code of each length (−1 for none; index 17: past every code).
    private let maxCode: UnsafeMutablePointer<Int32>
    /// For each length: the index in `values` of a code of that length, minus the code.
    private let valueOffset: UnsafeMutablePointer<Int32>
    private let values: UnsafeMutablePointer<UInt8>
    private let valueCount: Int

    /// Nil for a table that is not a prefix code (more codes of a length than fit), or a DC table
    /// with a size above 15 (libjpeg-turbo refuses both).
    init?(counts: ArraySlice<UInt8>, values: ArraySlice<UInt8>, isAC: Bool) {
        guard Self.isValid(counts: counts, values: values, isAC: isAC) else { return nil }
        valueCount = values.count
        self.values = .allocate(capacity: 256)
        self.values.initialize(repeating: 0, count: 256)
        for (i, value) in values.enumerated() { self.values[i] = value }
        maxCode = .allocate(capacity: 18)
        maxCode.initialize(repeating: -1, count: 18)
        valueOffset = .allocate(capacity: 17)
        valueOffset.initialize(repeating: 0, count: 17)
        let look = Self.lookBits
        fast = .allocate(capacity: 1 << look)
        fast.initialize(repeating: 0, count: 1 << look)
        skip = .allocate(capacity: 1 << look)
        skip.initialize(repeating: 0, count: 1 << look)
        var code: Int32 = 0, index = 0
        for length in 1...16 {
            let count = Int(counts[counts.startIndex + length - 1])
            valueOffset[length] = Int32(index) - code
            for _ in 0..<count {
                if length <= look {
                    let shift = look - length
                    let entry = UInt16(length << 8) | UInt16(self.values[index])
                    for low in 0..<(1 << shift) { fast[Int(code) << shift | low] = entry }
                }
                code += 1
                index += 1
            }
            maxCode[length] = count > 0 ? code - 1 : -1
            code <<= 1
        }
        maxCode[17] = .max
        if isAC { fillSkip() }
    }

    /// Whether libjpeg-turbo would take the table: at most 256 values, as many as the counts say, a
    /// prefix code, and for a DC table no size above 15.
    static func isValid(counts: ArraySlice<UInt8>, values: ArraySlice<UInt8>, isAC: Bool) -> Bool {
        guard counts.count == 16, values.count == counts.reduce(0, { $0 + Int($1) }), values.count <= 256 else { return false }
        if !isAC && values.contains(where: { $0 > 15 }) { return false }
        return isPrefixCode(counts)
    }

    /// As libjpeg-turbo checks: up to the longest length used, no code is all ones.
    private static func isPrefixCode(_ counts: ArraySlice<UInt8>) -> Bool {
        let longest = (counts.lastIndex { $0 > 0 }).map { $0 - counts.startIndex + 1 } ?? 0
        var code = 0
        for length in 1...16 {
            code += Int(counts[counts.startIndex + length - 1])
            if length <= longest && code >= 1 << length { return false }
            code <<= 1
        }
        return true
    }

    deinit {
        fast.deallocate()
        skip.deallocate()
        maxCode.deallocate()
        valueOffset.deallocate()
        values.deallocate()
    }

    /// The table's memory as plain pointers, for the decoding loop (no reference counting there);
    /// valid while the table lives.
    var lookup: Lookup { Lookup(fast: fast, skip: skip, maxCode: maxCode, valueOffset: valueOffset, values: values, valueCount: valueCount) }

    struct Lookup {
        let fast: UnsafeMutablePointer<UInt16>
        let skip: UnsafeMutablePointer<UInt16>
        let maxCode: UnsafeMutablePointer<Int32>
        let valueOffset: UnsafeMutablePointer<Int32>
        let values: UnsafeMutablePointer<UInt8>
        let valueCount: Int

        /// A symbol longer than 13 bits, from the 16 bits that start it: (length, symbol), nil for no code.
        func slowDecode(_ sixteen: UInt32) -> (Int, UInt8)? {
            var length = JPEGHuffmanTable.lookBits + 1
            while length <= 16 && Int32(sixteen >> UInt32(16 - length)) > maxCode[length] { length += 1 }
            guard length <= 16 else { return nil }
            let index = Int(Int32(sixteen >> UInt32(16 - length)) + valueOffset[length])
            guard index >= 0 && index < valueCount else { return nil }
            return (length, values[index])
        }
    }

    /// One AC symbol by itself: bits with its extra bits, coefficients covered, end of block. Nil
    /// when it does not fit in the 13 bits.
    private func single(_ bits: Int) -> (length: Int, advance: Int, ends: Bool)? {
        let entry = Int(fast[bits])
        guard entry != 0 else { return nil }
        let length = entry >> 8, run = (entry & 0xFF) >> 4, size = entry & 15
        if size == 0 { return run == 15 ? (length, 16, false) : (length, 0, true) }   // ZRL, EOB
        return length + size <= Self.lookBits ? (length + size, run + 1, false) : nil
    }

    /// Each 13-bit pattern: as many whole symbols as it holds, stopping after an end of block or at
    /// 64 coefficients. (Where the block ends sooner than the entry, the decoder takes one symbol.)
    private func fillSkip() {
        let look = Self.lookBits, mask = (1 << look) - 1
        for pattern in 0..<(1 << look) {
            var used = 0, advance = 0, ends = false
            while let next = single((pattern << used) & mask), used + next.length <= look {
                used += next.length
                if next.ends { ends = true; break }
                advance += next.advance
                if advance >= 64 { break }
            }
            if used > 0 { skip[pattern] = Skip(used: used, advance: advance, ends: ends).raw }
        }
    }

    /// An entry of the skip table, packed in 16 bits (a 16 KB table):
    /// bits used (≤ 13), coefficients passed (≤ 79), whether the last symbol ends the block.
    struct Skip {
        let raw: UInt16
        init(raw: UInt16) { self.raw = raw }
        init(used: Int, advance: Int, ends: Bool) {
            raw = UInt16(used) | UInt16(advance) << 4 | (ends ? 1 << 11 : 0)
        }
        @inline(__always) var used: Int { Int(raw & 15) }
        @inline(__always) var advance: Int { Int(raw &>> 4 & 127) }
        @inline(__always) var ends: Bool { raw & (1 << 11) != 0 }
    }
}

/// The entropy-coded bits of a scan, most significant first, with JPEG's byte stuffing undone
/// (`FF 00` is a data byte `FF`). At a marker or the end of the data it supplies zero bits and
/// counts them, so a decoder can tell whether it read past the real data.
struct JPEGBitReader {
    private let base: UnsafePointer<UInt8>
    private let end: Int
    /// The next byte to load.
    private(set) var position: Int
    private var buffer: UInt64 = 0
    /// Bits in `buffer`, from its top.
    private(set) var count = 0
    /// Zero bits supplied past the data (they are the last `padding` of `count`).
    private(set) var padding = 0
    /// At a marker: loading stopped at its `FF`.
    private(set) var atMarker = false

    init(_ base: UnsafePointer<UInt8>, from position: Int, end: Int) {
        self.base = base
        self.position = position
        self.end = end
    }

    /// Loads until at least 57 bits are buffered: eight bytes at a time when none of them is `FF`.
    @inline(__always) mutating func fill() {
        if !atMarker && position + 8 <= end {
            let word = UInt64(bigEndian: UnsafeRawPointer(base + position).loadUnaligned(as: UInt64.self))
            let inverted = ~word
            if (inverted &- 0x0101_0101_0101_0101) & ~inverted & 0x8080_8080_8080_8080 == 0 {
                let bytes = (63 &- count) &>> 3
                buffer |= word &>> UInt64(truncatingIfNeeded: count)
                position &+= bytes
                count &+= bytes &<< 3
                return
            }
        }
        fillByBytes()
    }

    /// Near a marker, an `FF`, or the end: a byte at a time.
    @inline(never) private mutating func fillByBytes() {
        while count <= 56 {
            var byte: UInt8 = 0
            if !atMarker && position < end {
                byte = base[position]
                position += 1
                if byte == 0xFF {
                    if position < end && base[position] == 0 {
                        position += 1
                    } else {
                        atMarker = true
                        position -= 1
                        byte = 0
                        padding += 8
                    }
                }
            } else {
                padding += 8
            }
            buffer |= UInt64(byte) &<< UInt64(truncatingIfNeeded: 56 &- count)
            count &+= 8
        }
    }

    @inline(__always) func peek(_ bits: Int) -> UInt32 { UInt32(truncatingIfNeeded: buffer &>> UInt64(truncatingIfNeeded: 64 &- bits)) }

    @inline(__always) mutating func drop(_ bits: Int) {
        buffer &<<= UInt64(truncatingIfNeeded: bits)
        count &-= bits
    }

    /// The next symbol of `table`, nil for bits that are no code of it.
    @inline(__always) mutating func symbol(_ table: JPEGHuffmanTable.Lookup) -> UInt8? {
        if count < 16 { fill() }
        let entry = table.fast[Int(peek(JPEGHuffmanTable.lookBits))]
        if entry != 0 {
            drop(Int(entry >> 8))
            return UInt8(truncatingIfNeeded: entry)
        }
        guard let (length, value) = table.slowDecode(peek(16)) else { return nil }
        drop(length)
        return value
    }

    /// A block's DC difference (Huffman-coded size, then that many bits, sign-extended as JPEG does).
    @inline(__always) mutating func dcDifference(_ table: JPEGHuffmanTable.Lookup) -> Int32? {
        guard let size = symbol(table) else { return nil }
        guard size > 0 else { return 0 }
        let bits = Int(size)
        if count < bits { fill() }
        let raw = Int32(peek(bits))
        drop(bits)
        return raw < 1 << (bits - 1) ? raw - (1 << bits) + 1 : raw
    }

    /// Passes a block's AC symbols, to its end-of-block or its 63rd coefficient; false for a bad
    /// code or a run past the block (libjpeg-turbo would go on silently: it is left to it).
    @inline(__always) mutating func skipBlock(_ table: JPEGHuffmanTable.Lookup) -> Bool {
        var k = 1
        while k < 64 {
            if count < 16 { fill() }
            let skip = JPEGHuffmanTable.Skip(raw: table.skip[Int(peek(JPEGHuffmanTable.lookBits))])
            if skip.raw != 0 && k &+ skip.advance &+ (skip.ends ? 1 : 0) <= 64 {
                drop(skip.used)
                if skip.ends { return true }
                k &+= skip.advance
                continue
            }
            guard let symbol = symbol(table) else { return false }
            let run = Int(symbol >> 4), size = Int(symbol & 15)
            if size == 0 {
                if run != 15 { return true }   // end of block
                k += 16
                continue
            }
            if count < size { fill() }
            drop(size)
            k &+= run &+ 1
        }
        return k == 64
    }

    /// At the end of a scan's data: where its next marker starts (the `FF` after the last byte's
    /// padding bits), nil when data was read past or a whole byte is left before it.
    mutating func endOfScan() -> Int? {
        guard withinData, count - padding < 8, position < end, base[position] == 0xFF else { return nil }
        return position
    }

    /// True when no supplied zero bit has been consumed.
    var withinData: Bool { count >= padding }

    /// After a restart interval: the rest of the current byte is dropped, then `FF` fill bytes and
    /// the marker `RSTn` are passed. False when anything else stands there.
    mutating func restart(expecting marker: UInt8) -> Bool {
        guard withinData, count - padding < 8 else { return false }
        var at = position
        guard at < end, base[at] == 0xFF else { return false }
        while at < end && base[at] == 0xFF { at += 1 }
        guard at < end, base[at] == marker else { return false }
        position = at + 1
        buffer = 0
        count = 0
        padding = 0
        atMarker = false
        return true
    }
}
