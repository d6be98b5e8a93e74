extension JPEGDCReader {
    /// What decoding the first scan needs, from the markers before it; nil for any file the DC
    /// reader leaves to libjpeg-turbo (see `JPEGDCReader`), and for a picture that 1/8 would not
    /// serve at `size` (a small one: nil before any Huffman table is built). Every read is bounds-checked.
    struct Header {
        struct Component {
            let id: UInt8
            let h: Int, v: Int
            let quantTable: Int
            var dc: JPEGHuffmanTable! = nil
            var ac: JPEGHuffmanTable! = nil
        }

        private(set) var width = 0, height = 0
        private(set) var components: [Component] = []
        private(set) var maxH = 1, maxV = 1
        private(set) var restartInterval = 0
        /// The luma quantization table's DC step (raw: libjpeg-turbo keeps it as a 16-bit signed value).
        private(set) var lumaQuant: UInt16 = 0
        /// The first byte of the entropy-coded data.
        private(set) var scanStart = 0
        /// A progressive file (SOF2): its scans are read by `decodeProgressive` from `firstScan` (the
        /// first SOS marker), with the quantization tables and Huffman definitions met before it.
        private(set) var progressive = false
        private(set) var firstScan = 0
        private(set) var quantBeforeScan: [UInt16?] = []
        private(set) var definitionsBeforeScan: [Slice<UnsafeBufferPointer<UInt8>>] = []

        init?(_ data: UnsafeBufferPointer<UInt8>, size: SizeRequest) {
            guard data.count > 4, data[0] == 0xFF, data[1] == 0xD8 else { return nil }
            var quant = [UInt16?](repeating: nil, count: 4)
            var definitions: [Slice<UnsafeBufferPointer<UInt8>>] = []   // DHT segments, built at the scan
            var sawJFIF = false, adobeTransform: UInt8? = nil
            var at = 2
            while true {
                guard let segment = Segment(data, at: at) else { return nil }
                let (marker, body) = (segment.marker, segment.body)
                switch marker {
                case 0xDB: guard Self.quantization(body, into: &quant) else { return nil }
                case 0xC4: definitions.append(body)
                case 0xC0, 0xC1, 0xC2:
                    progressive = marker == 0xC2
                    guard components.isEmpty, frame(body), width * height <= maximumPixels,
                          JPEGCodec.eighths(width: width, height: height, for: size) == 1
                    else { return nil }
                case 0xDD:
                    guard body.count == 2 else { return nil }
                    restartInterval = Int(body[body.startIndex]) << 8 | Int(body[body.startIndex + 1])
                case 0xE0: if body.count >= 14, body.starts(with: Array("JFIF\0".utf8)) { sawJFIF = true }
                case 0xEE: if body.count >= 12, body.starts(with: Array("Adobe".utf8)) { adobeTransform = body[body.startIndex + 11] }
                case 0xDA where progressive:
                    guard !components.isEmpty, colorIsYCbCr(sawJFIF: sawJFIF, adobeTransform: adobeTransform) else { return nil }
                    firstScan = segment.at
                    quantBeforeScan = quant
                    definitionsBeforeScan = definitions
                    return
                case 0xDA:
                    var tables = [JPEGHuffmanTable?](repeating: nil, count: 8)   // DC 0…3, AC 4…7
                    for definition in definitions {
                        guard Self.huffman(definition, into: &tables) else { return nil }
                    }
                    guard scan(body, tables: tables, quant: quant) else { return nil }
                    scanStart = segment.end
                    guard colorIsYCbCr(sawJFIF: sawJFIF, adobeTransform: adobeTransform) else { return nil }
                    return
                case 0xC3, 0xC5...0xC7, 0xC9...0xCB, 0xCD...0xCF, 0xCC, 0xC8: return nil   // lossless, hierarchical, arithmetic
                case 0xE1...0xEF, 0xFE: break   // other APPn, COM
                default: return nil   // no other marker belongs here (libjpeg-turbo refuses an unknown one)
                }
                at = segment.end
            }
        }

        /// One marker segment at `at` (after any `FF` fill bytes): the marker, where it starts, its body and
        /// where the next begins. EOI has no body; nil where no marker stands or its length overruns the data.
        struct Segment {
            let marker: UInt8
            let at: Int, end: Int
            let body: Slice<UnsafeBufferPointer<UInt8>>

            init?(_ data: UnsafeBufferPointer<UInt8>, at start: Int) {
                var at = start
                while at + 1 < data.count, data[at] == 0xFF, data[at + 1] == 0xFF { at += 1 }
                guard at + 1 < data.count, data[at] == 0xFF else { return nil }
                marker = data[at + 1]
                self.at = at
                if marker == 0xD9 {
                    end = at + 2
                    body = data[end..<end]
                    return
                }
                guard at + 3 < data.count else { return nil }
                let length = Int(data[at + 2]) << 8 | Int(data[at + 3])
                end = at + 2 + length
                guard length >= 2, end <= data.count else { return nil }
                body = data[(at + 4)..<end]
            }
        }

        static func quantization(_ body: Slice<UnsafeBufferPointer<UInt8>>, into quant: inout [UInt16?]) -> Bool {
            var at = body.startIndex
            while at < body.endIndex {
                let precision = Int(body[at] >> 4), id = Int(body[at] & 15)
                let size = precision == 0 ? 64 : 128
                guard precision <= 1, id < 4, at + 1 + size <= body.endIndex else { return false }
                quant[id] = precision == 0 ? UInt16(body[at + 1]) : UInt16(body[at + 1]) << 8 | UInt16(body[at + 2])
                at += 1 + size
            }
            return true
        }

        /// The tables of a DHT segment into `tables` (DC 0…3, AC 4…7); with `acToo` false, AC tables are
        /// only checked and marked in `defined` (a progressive file's AC scans are passed over, never decoded).
        static func huffman(_ body: Slice<UnsafeBufferPointer<UInt8>>, into tables: inout [JPEGHuffmanTable?], acToo: Bool = true) -> Bool {
            var defined = [Bool](repeating: false, count: 8)
            return huffman(body, into: &tables, defined: &defined, acToo: acToo)
        }

        static func huffman(_ body: Slice<UnsafeBufferPointer<UInt8>>, into tables: inout [JPEGHuffmanTable?], defined: inout [Bool],
                            acToo: Bool) -> Bool {
            var at = body.startIndex
            while at < body.endIndex {
                let kind = Int(body[at] >> 4), id = Int(body[at] & 15)
                guard kind <= 1, id < 4, at + 17 <= body.endIndex else { return false }
                let counts = Array(body[(at + 1)..<(at + 17)])
                let total = counts.reduce(0) { $0 + Int($1) }
                guard at + 17 + total <= body.endIndex else { return false }
                let values = Array(body[(at + 17)..<(at + 17 + total)])
                if kind == 1 && !acToo {
                    guard JPEGHuffmanTable.isValid(counts: counts[...], values: values[...], isAC: true) else { return false }
                } else {
                    guard let table = JPEGHuffmanTable(counts: counts[...], values: values[...], isAC: kind == 1) else { return false }
                    tables[kind * 4 + id] = table
                }
                defined[kind * 4 + id] = true
                at += 17 + total
            }
            return true
        }

        private mutating func frame(_ body: Slice<UnsafeBufferPointer<UInt8>>) -> Bool {
            let s = body.startIndex
            guard body.count >= 6, body[s] == 8 else { return false }   // 8-bit samples only
            height = Int(body[s + 1]) << 8 | Int(body[s + 2])
            width = Int(body[s + 3]) << 8 | Int(body[s + 4])
            let count = Int(body[s + 5])
            // libjpeg-turbo's own limits: a length that fits, at most 65,500 px a side.
            guard width > 0, height > 0, width <= 65_500, height <= 65_500, count == 1 || count == 3, body.count == 6 + 3 * count
            else { return false }
            for i in 0..<count {
                let at = s + 6 + 3 * i
                let h = Int(body[at + 1] >> 4), v = Int(body[at + 1] & 15), q = Int(body[at + 2])
                guard (1...4).contains(h), (1...4).contains(v), q < 4 else { return false }
                components.append(Component(id: body[at], h: h, v: v, quantTable: q))
                maxH = max(maxH, h)
                maxV = max(maxV, v)
            }
            // Distinct ids, and the sampling of one of TurboJPEG's subsamplings (it refuses a file it
            // cannot name): gray, or chroma 1×1 beside luma 1×1 (4:4:4), 2×1 (4:2:2), 2×2 (4:2:0),
            // 1×2 (4:4:0) or 4×1 (4:1:1). Luma is then never sampled below the chroma.
            guard Set(components.map(\.id)).count == count else { return false }
            if count == 1 { return true }
            let luma = (components[0].h, components[0].v)
            return components.dropFirst().allSatisfy { $0.h == 1 && $0.v == 1 }
                && [(1, 1), (2, 1), (2, 2), (1, 2), (4, 1)].contains { $0 == luma }
        }

        /// One scan holding every component in frame order, spectral range 0…63, no approximation.
        private mutating func scan(_ body: Slice<UnsafeBufferPointer<UInt8>>, tables: [JPEGHuffmanTable?], quant: [UInt16?]) -> Bool {
            let s = body.startIndex
            guard !components.isEmpty, body.count >= 1, Int(body[s]) == components.count,
                  body.count == 1 + 2 * components.count + 3
            else { return false }
            for i in components.indices {
                let id = body[s + 1 + 2 * i], selectors = body[s + 2 + 2 * i]
                guard id == components[i].id, selectors >> 4 < 4, selectors & 15 < 4,
                      let dc = tables[Int(selectors >> 4)], let ac = tables[4 + Int(selectors & 15)]
                else { return false }
                components[i].dc = dc
                components[i].ac = ac
            }
            let spectral = s + 1 + 2 * components.count
            // Every component's quantization table must be defined (libjpeg-turbo refuses the file otherwise).
            guard body[spectral] == 0, body[spectral + 1] == 63, body[spectral + 2] == 0,
                  components.allSatisfy({ quant[$0.quantTable] != nil }), let step = quant[components[0].quantTable]
            else { return false }
            lumaQuant = step
            return true
        }

        /// libjpeg-turbo's guess of the colour space, kept only where it is gray or YCbCr (whose luma
        /// is the gray it outputs): one component; or three with a JFIF marker, an Adobe marker saying
        /// YCbCr, or neither marker and the ids 1, 2, 3.
        private func colorIsYCbCr(sawJFIF: Bool, adobeTransform: UInt8?) -> Bool {
            if components.count == 1 { return true }
            if sawJFIF { return true }
            if let adobeTransform { return adobeTransform == 1 }
            return components.map(\.id) == [1, 2, 3]
        }
    }
}
