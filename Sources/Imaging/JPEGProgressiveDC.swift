extension JPEGDCReader {
    /// A progressive JPEG's luma DC terms, from its DC scans alone: the first DC scan of each block
    /// (a Huffman-coded difference, shifted left by the scan's Al) and the refinement scans that add
    /// one bit each; the AC scans, most of the file, are passed over to the next marker without being
    /// decoded. What libjpeg-turbo outputs at 1/8 is the same DC through the same 1×1 inverse DCT,
    /// provided it does not smooth blocks, which it does only while some AC coefficient is still
    /// incomplete after the last scan: so every coefficient of every component must end complete
    /// (each scan's Ah as libjpeg-turbo expects it, the last Al 0), or the file is left to it.
    ///
    /// Returns the luma DC of each block of the picture (⌈W/8⌉ × ⌈H/8⌉, row by row) and the luma
    /// quantizer's DC step as libjpeg-turbo latches it (at luma's first scan); nil for anything else.
    static func progressiveDC(_ data: UnsafeBufferPointer<UInt8>, _ header: Header) -> (dc: [Int16], quant: UInt16)? {
        guard let base = data.baseAddress else { return nil }
        let components = header.components
        let width = (header.width + 7) / 8, height = (header.height + 7) / 8
        var quant = header.quantBeforeScan
        var tables = [JPEGHuffmanTable?](repeating: nil, count: 8)
        var defined = [Bool](repeating: false, count: 8)   // DC 0…3, AC 4…7 (AC tables are only checked)
        for definition in header.definitionsBeforeScan {
            guard Header.huffman(definition, into: &tables, defined: &defined, acToo: false) else { return nil }
        }
        var restartInterval = header.restartInterval
        // Per component and coefficient: the Al of the last scan that coded it (−1: none yet).
        var coefficientBits = [[Int]](repeating: [Int](repeating: -1, count: 64), count: components.count)
        var lumaQuant: UInt16? = nil
        var latched = [Bool](repeating: false, count: components.count)
        var dc = [Int16](repeating: 0, count: width * height)
        var at = header.firstScan
        while true {
            guard let segment = Header.Segment(data, at: at) else { return nil }
            let (marker, body, end) = (segment.marker, segment.body, segment.end)
            if marker == 0xD9 { break }   // EOI
            switch marker {
            case 0xDB: guard Header.quantization(body, into: &quant) else { return nil }
            case 0xC4: guard Header.huffman(body, into: &tables, defined: &defined, acToo: false) else { return nil }
            case 0xDD:
                guard body.count == 2 else { return nil }
                restartInterval = Int(body[body.startIndex]) << 8 | Int(body[body.startIndex + 1])
            case 0xDA:
                guard let scan = Scan(body, components: components) else { return nil }
                // Every table the scan names must be defined, decoded or not (libjpeg-turbo refuses the file otherwise).
                if scan.first == 0 && scan.high == 0 {
                    guard scan.dcTables.allSatisfy({ $0 < 4 && defined[$0] }) else { return nil }
                } else if scan.first > 0 {
                    guard scan.acTables.allSatisfy({ $0 < 4 && defined[4 + $0] }) else { return nil }
                }
                // libjpeg-turbo's bookkeeping of successive approximation, held strictly.
                for c in scan.members {
                    for k in scan.first...scan.last {
                        guard scan.high == max(coefficientBits[c][k], 0) else { return nil }
                        coefficientBits[c][k] = scan.low
                    }
                }
                // Each component's quantization table is latched at its first scan; it must be defined by then.
                for c in scan.members where !latched[c] {
                    guard let step = quant[components[c].quantTable] else { return nil }
                    latched[c] = true
                    if c == 0 { lumaQuant = step }
                }
                let dataStart = end
                if scan.first == 0 && (scan.members.count > 1 || scan.members == [0]) {
                    guard let next = decodeDCScan(base, count: data.count, from: dataStart, scan, header, tables: tables,
                                                  restartInterval: restartInterval, into: &dc, width: width, height: height)
                    else { return nil }
                    at = next
                } else {
                    guard let next = nextMarker(data, from: dataStart) else { return nil }
                    at = next
                }
                continue
            case 0xE0...0xEF, 0xFE: break   // APPn, COM
            default: return nil   // a second frame, or a marker that does not belong here
            }
            at = end
        }
        guard let lumaQuant, coefficientBits.allSatisfy({ $0.allSatisfy { $0 == 0 } }) else { return nil }
        return (dc, lumaQuant)
    }

    /// A scan header of a progressive file, checked as libjpeg-turbo checks it.
    private struct Scan {
        /// Frame indexes of its components, in the scan's order (increasing).
        let members: [Int]
        let dcTables: [Int], acTables: [Int]
        /// Spectral range and successive approximation (Ss, Se, Ah, Al).
        let first: Int, last: Int, high: Int, low: Int

        init?(_ body: Slice<UnsafeBufferPointer<UInt8>>, components: [Header.Component]) {
            let s = body.startIndex
            guard body.count >= 1 else { return nil }
            let count = Int(body[s])
            guard (1...components.count).contains(count), body.count == 1 + 2 * count + 3 else { return nil }
            var members: [Int] = [], dcTables: [Int] = [], acTables: [Int] = []
            for i in 0..<count {
                guard let index = components.firstIndex(where: { $0.id == body[s + 1 + 2 * i] }),
                      members.last.map({ index > $0 }) ?? true
                else { return nil }
                members.append(index)
                dcTables.append(Int(body[s + 2 + 2 * i] >> 4))
                acTables.append(Int(body[s + 2 + 2 * i] & 15))
            }
            let spectral = s + 1 + 2 * count
            first = Int(body[spectral])
            last = Int(body[spectral + 1])
            high = Int(body[spectral + 2] >> 4)
            low = Int(body[spectral + 2] & 15)
            // DC scans code the DC alone; AC scans one component, a range within 1…63.
            if first == 0 {
                guard last == 0 else { return nil }
            } else {
                guard count == 1, first <= last, last <= 63 else { return nil }
            }
            // A refinement adds the next lower bit (Al = Ah − 1); libjpeg-turbo refuses anything else.
            guard high <= 13, low <= 13, high == 0 || low == high - 1 else { return nil }
            self.members = members
            self.dcTables = dcTables
            self.acTables = acTables
        }
    }

    /// One DC scan: luma's terms into `dc`, the other components' passed. Returns where the next
    /// marker starts, nil for any damage.
    private static func decodeDCScan(
        _ base: UnsafePointer<UInt8>, count: Int, from start: Int, _ scan: Scan, _ header: Header, tables: [JPEGHuffmanTable?],
        restartInterval: Int, into dc: inout [Int16], width: Int, height: Int
    ) -> Int? {
        let refining = scan.high != 0
        var lookups: [JPEGHuffmanTable.Lookup] = []
        if !refining {
            for table in scan.dcTables {
                guard table < 4, let found = tables[table] else { return nil }
                lookups.append(found.lookup)
            }
        }
        return withExtendedLifetime(tables) { () -> Int? in
            let interleaved = scan.members.count > 1
            let components = header.components
            let across = interleaved ? (header.width + 8 * header.maxH - 1) / (8 * header.maxH) : width
            let down = interleaved ? (header.height + 8 * header.maxV - 1) / (8 * header.maxV) : height
            var reader = JPEGBitReader(base, from: start, end: count)
            var predictions = [Int32](repeating: 0, count: scan.members.count)
            var untilRestart = restartInterval, restarts = 0
            let bit = Int16(truncatingIfNeeded: 1 << scan.low)
            for row in 0..<down {
                for column in 0..<across {
                    if restartInterval > 0 {
                        if untilRestart == 0 {
                            guard reader.restart(expecting: 0xD0 + UInt8(restarts & 7)) else { return nil }
                            restarts += 1
                            untilRestart = restartInterval
                            for i in predictions.indices { predictions[i] = 0 }
                        }
                        untilRestart -= 1
                    }
                    for (slot, member) in scan.members.enumerated() {
                        let blocksH = interleaved ? components[member].h : 1, blocksV = interleaved ? components[member].v : 1
                        for blockY in 0..<blocksV {
                            for blockX in 0..<blocksH {
                                let x = column * blocksH + blockX, y = row * blocksV + blockY
                                let mine = member == 0 && x < width && y < height
                                if refining {
                                    if reader.count < 1 { reader.fill() }
                                    let set = reader.peek(1) == 1
                                    reader.drop(1)
                                    if mine && set { dc[y * width + x] |= bit }
                                } else {
                                    guard let difference = reader.dcDifference(lookups[slot]) else { return nil }
                                    predictions[slot] = predictions[slot] &+ difference
                                    if mine { dc[y * width + x] = Int16(truncatingIfNeeded: predictions[slot] &<< Int32(scan.low)) }
                                }
                            }
                        }
                    }
                }
            }
            return reader.endOfScan()
        }
    }

    /// Past a scan's entropy-coded data that is not decoded: the position of the next marker other
    /// than a restart marker (`FF` followed by neither `00` nor `D0`…`D7`).
    private static func nextMarker(_ data: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        var at = start
        while at + 1 < data.count {
            if data[at] == 0xFF {
                let next = data[at + 1]
                if next != 0 && !(0xD0...0xD7).contains(next) && next != 0xFF { return at }
                at += next == 0xFF ? 1 : 2
            } else {
                at += 1
            }
        }
        return nil
    }
}
