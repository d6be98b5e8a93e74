/// The dates, camera and size a TIFF-structured file keeps in its image file directories (IFDs):
/// TIFF, DNG and the raw formats built on TIFF (CR2, NEF, ARW, PEF, ORF, RW2), and the TIFF
/// blocks inside a CR3.
///
/// libexif needs the whole TIFF structure in one buffer, but a TIFF's EXIF IFD may lie megabytes
/// into the file. This walks the directories with positioned reads through `ByteSource` instead:
/// IFD0 and the chain after it, the EXIF IFD and SubIFDs, each read once (a visited set stops
/// loops), every offset checked against the file, and the walk capped in directories and entries.
struct TIFFDirectories {
    var fields = ExifFields()
    /// Tag 700 (XMP packet), when the file has one.
    var xmp: ArraySlice<UInt8>?

    /// At most this many directories are read, and this many entries in each.
    static let maximumDirectories = 64
    static let maximumEntries = 1024

    /// The TIFF byte-order marks with their magic numbers: TIFF (42), ORF ("RO", "SR"), RW2 (0x55).
    static func byteOrder(of header: ArraySlice<UInt8>) -> Bool? {
        guard header.count >= 4 else { return nil }
        let b = header.startIndex
        let magicLittle = Int(header[b + 2]) | Int(header[b + 3]) << 8
        let magicBig = Int(header[b + 2]) << 8 | Int(header[b + 3])
        if header[b] == 0x49, header[b + 1] == 0x49, [42, 0x4F52, 0x5352, 0x55].contains(magicLittle) { return false }
        if header[b] == 0x4D, header[b + 1] == 0x4D, [42, 0x4F52].contains(magicBig) { return true }
        return nil
    }

    /// Reads the TIFF structure whose header is at `base` in `source` (offsets in it count from
    /// `base`) and which ends at `limit` (the file's end by default). nil when there is no TIFF header there.
    static func read(_ source: ByteSource, base: Int64 = 0, limit: Int64? = nil) -> TIFFDirectories? {
        let end = min(limit ?? source.size, source.size)
        guard let header = source.bytes(at: base, count: 8), let bigEndian = byteOrder(of: header) else { return nil }
        var walker = Walker(source: source, base: base, end: end, bigEndian: bigEndian)
        guard let first = walker.integer(header, at: 4, width: 4) else { return nil }
        walker.walk(from: first)
        return walker.result
    }

    /// One walk over the directories of one TIFF structure.
    private struct Walker {
        let source: ByteSource
        let base: Int64
        let end: Int64
        let bigEndian: Bool
        var result = TIFFDirectories()
        private var visited: Set<Int64> = []
        /// First value of each text tag, in the order the directories were read (IFD0 first, then
        /// the EXIF IFD and SubIFDs it points to, then IFD1…): the IFD where a tag belongs wins.
        private var texts: [Int: [UInt8]] = [:]
        private var largestImage: (width: Int, height: Int)?

        init(source: ByteSource, base: Int64, end: Int64, bigEndian: Bool) {
            self.source = source
            self.base = base
            self.end = end
            self.bigEndian = bigEndian
        }

        private static let dateTags = [0x9003, 0x9004, 0x0132, 0x9290, 0x9291, 0x9292, 0x9010, 0x9011, 0x9012]
        private static let textTags = Set(dateTags + [0x010F, 0x0110, 0x0131])

        func integer(_ bytes: ArraySlice<UInt8>, at index: Int, width: Int) -> Int64? {
            guard let raw = bytes.bigEndian(at: index, width: width) else { return nil }
            if bigEndian { return Int64(raw) }
            var swapped: UInt64 = 0
            for i in 0..<width { swapped |= (raw >> (8 * UInt64(i)) & 0xFF) << (8 * UInt64(width - 1 - i)) }
            return Int64(swapped)
        }

        /// Breadth-first from IFD0: a directory's own chain and sub-directories are queued behind it.
        mutating func walk(from first: Int64) {
            var queue: [(offset: Int64, isMain: Bool)] = [(first, true)]
            var index = 0
            while index < queue.count, visited.count < TIFFDirectories.maximumDirectories {
                let (offset, isMain) = queue[index]
                index += 1
                guard offset >= 8, offset < end - base, visited.insert(offset).inserted else { continue }
                queue += readDirectory(at: offset, isMain: isMain)
            }
            finish()
        }

        /// Reads one IFD; returns the directories it points to (EXIF IFD, SubIFDs, the next IFD).
        private mutating func readDirectory(at offset: Int64, isMain: Bool) -> [(offset: Int64, isMain: Bool)] {
            guard let countBytes = source.bytes(at: base + offset, count: 2),
                  let count = integer(countBytes, at: 0, width: 2), count > 0,
                  count <= TIFFDirectories.maximumEntries,
                  base + offset + 2 + count * 12 <= end,
                  let entries = source.bytes(at: base + offset + 2, count: Int(count) * 12 + 4) ?? source.bytes(at: base + offset + 2, count: Int(count) * 12)
            else { return [] }
            var next: [(Int64, Bool)] = []
            var width: Int?
            var height: Int?
            for i in 0..<Int(count) {
                let at = i * 12
                guard let tag = integer(entries, at: at, width: 2), let type = integer(entries, at: at + 2, width: 2),
                      let valueCount = integer(entries, at: at + 4, width: 4) else { continue }
                let tagNumber = Int(tag)
                switch tagNumber {
                case 0x8769:  // EXIF IFD
                    if let pointer = values(entries, entry: at, type: type, count: valueCount, limit: 1).first { next.append((pointer, false)) }
                case 0x014A:  // SubIFDs: the full-size and reduced images of DNG, NEF, ARW, PEF
                    for pointer in values(entries, entry: at, type: type, count: valueCount, limit: 16) { next.append((pointer, false)) }
                case 0x0100:
                    width = values(entries, entry: at, type: type, count: valueCount, limit: 1).first.map(Int.init)
                case 0x0101:
                    height = values(entries, entry: at, type: type, count: valueCount, limit: 1).first.map(Int.init)
                case 0xA002 where result.fields.pixelWidth == nil:
                    result.fields.pixelWidth = values(entries, entry: at, type: type, count: valueCount, limit: 1).first.map(Int.init)
                case 0xA003 where result.fields.pixelHeight == nil:
                    result.fields.pixelHeight = values(entries, entry: at, type: type, count: valueCount, limit: 1).first.map(Int.init)
                case 0x02BC where result.xmp == nil:  // XMP packet (BYTE or UNDEFINED)
                    if type == 1 || type == 7 { result.xmp = payload(entries, entry: at, count: valueCount) }
                case _ where TIFFDirectories.Walker.textTags.contains(tagNumber) && texts[tagNumber] == nil && type == 2:
                    if let bytes = payload(entries, entry: at, count: valueCount) { texts[tagNumber] = Array(bytes.prefix { $0 != 0 }) }
                default: break
                }
            }
            if let width, let height, width > 0, height > 0, width <= 1 << 20, height <= 1 << 20,
               largestImage.map({ $0.width * $0.height < width * height }) ?? true {
                largestImage = (width, height)
            }
            // The next IFD in the chain (IFD1 after IFD0), from the four bytes after the entries.
            if isMain, let link = integer(entries, at: Int(count) * 12, width: 4), link != 0 { next.append((link, true)) }
            return next
        }

        /// The bytes of an entry's value: in the entry when four bytes or fewer, else at its offset.
        private func payload(_ entries: ArraySlice<UInt8>, entry at: Int, count: Int64, unit: Int64 = 1) -> ArraySlice<UInt8>? {
            let length = count * unit
            guard length > 0, length <= Int64(ByteSource.maximumPayload) else { return nil }
            if length <= 4 { return entries.sub(at + 8, Int(length)) }
            guard let offset = integer(entries, at: at + 8, width: 4), offset <= end - base - length else { return nil }
            return source.bytes(at: base + offset, count: Int(length))
        }

        /// Up to `limit` unsigned SHORT, LONG or IFD values of an entry.
        private func values(_ entries: ArraySlice<UInt8>, entry at: Int, type: Int64, count: Int64, limit: Int) -> [Int64] {
            let width: Int
            switch type {
            case 3: width = 2
            case 4, 13: width = 4
            default: return []
            }
            let taken = min(count, Int64(limit))
            guard taken > 0, let bytes = payload(entries, entry: at, count: taken, unit: Int64(width)) else { return [] }
            return (0..<Int(taken)).compactMap { integer(bytes, at: $0 * width, width: width) }
        }

        private mutating func finish() {
            func text(_ tag: Int) -> String? {
                guard let bytes = texts[tag] else { return nil }
                let trimmed = String(decoding: bytes, as: UTF8.self).trimmingSpacesAndNULs
                return trimmed.isEmpty ? nil : trimmed
            }
            func date(_ tag: Int, _ subSec: Int, _ offset: Int) -> CaptureDate? {
                texts[tag].flatMap { CaptureDate.exif($0, subSeconds: texts[subSec], offset: texts[offset]) }
            }
            result.fields.dateTimeOriginal = date(0x9003, 0x9291, 0x9011)
            result.fields.dateTimeDigitized = date(0x9004, 0x9292, 0x9012)
            result.fields.dateTime = date(0x0132, 0x9290, 0x9010)
            result.fields.make = text(0x010F)
            result.fields.model = text(0x0110)
            result.fields.software = text(0x0131)
            result.fields.imageWidth = largestImage?.width
            result.fields.imageHeight = largestImage?.height
        }
    }
}
