/// What the item structure of a HEIF/HEIC image says: its EXIF payload and the primary image's size.
///
/// The `meta` box lists items (`iinf`), where their bytes are (`iloc`, possibly at the end of the
/// file) and their properties (`iprp`: `ispe` size, `irot` rotation, tied to items by `ipma`).
struct HEIFItems {
    /// TIFF bytes of the `Exif` item, its 4-byte header offset skipped.
    var exif: ArraySlice<UInt8>?
    var width: Int?
    var height: Int?

    private struct Location {
        var constructionMethod = 0
        var baseOffset: Int64 = 0
        var extents: [(offset: Int64, length: Int64)] = []
    }

    private struct Properties {
        var boxes: [(type: String, payload: ArraySlice<UInt8>)] = []  // 1-based in ipma
        var associations: [Int64: [Int]] = [:]
    }

    static func read(_ source: ByteSource, meta: ISOBox) -> HEIFItems {
        var result = HEIFItems()
        var primary: Int64?
        var exifItem: Int64?
        var locations: [Int64: Location] = [:]
        var properties = Properties()
        var idat: ISOBox?
        for box in meta.children(in: source, skip: 4) {
            switch box.type {
            case "pitm":
                guard let data = box.payload(in: source), let version = data.u8(0) else { continue }
                primary = version == 0 ? data.u16(4).map(Int64.init) : data.u32(4)
            case "iinf":
                exifItem = exifItemID(source, iinf: box)
            case "iloc":
                if let data = box.payload(in: source) { locations = itemLocations(data) }
            case "iprp":
                properties = itemProperties(source, iprp: box)
            case "idat":
                idat = box
            default: break
            }
        }
        if let exifItem, let location = locations[exifItem] {
            result.exif = exifPayload(source, location: location, idat: idat)
        }
        (result.width, result.height) = size(primary: primary, properties: properties)
        return result
    }

    /// The ID of the first item of type `Exif` (infe versions 2 and 3).
    private static func exifItemID(_ source: ByteSource, iinf: ISOBox) -> Int64? {
        guard let head = source.bytes(at: iinf.payloadOffset, count: 4), let version = head.u8(0) else { return nil }
        let skip: Int64 = 4 + (version == 0 ? 2 : 4)
        for entry in iinf.children(in: source, skip: skip) where entry.type == "infe" {
            guard let data = source.bytes(at: entry.payloadOffset, count: min(16, Int(entry.payloadSize))),
                  let infeVersion = data.u8(0), infeVersion >= 2 else { continue }
            let id: Int64?
            let typeIndex: Int
            if infeVersion == 2 { id = data.u16(4).map(Int64.init); typeIndex = 8 } else { id = data.u32(4); typeIndex = 10 }
            if data.fourCC(typeIndex) == "Exif" { return id }
        }
        return nil
    }

    /// `iloc`: item ID → construction method, base offset and extents.
    /// The most items, and the most extents in all, an `iloc` is read for (fuzzing found 100,000 of
    /// each took a quarter of a second under AddressSanitizer and over 10 s in a debug build).
    static let maximumExtents = 10_000

    private static func itemLocations(_ data: ArraySlice<UInt8>) -> [Int64: Location] {
        var result: [Int64: Location] = [:]
        guard let version = data.u8(0), version <= 2, let sizes = data.u8(4), let sizes2 = data.u8(5) else { return result }
        let offsetSize = Int(sizes >> 4), lengthSize = Int(sizes & 0xF)
        let baseOffsetSize = Int(sizes2 >> 4), indexSize = version >= 1 ? Int(sizes2 & 0xF) : 0
        guard [0, 4, 8].contains(offsetSize), [0, 4, 8].contains(lengthSize), [0, 4, 8].contains(baseOffsetSize),
              [0, 4, 8].contains(indexSize) else { return result }
        var index = 6
        func take(_ width: Int) -> Int64? {
            if width == 0 { return 0 }
            guard let value = data.bigEndian(at: index, width: width), value <= UInt64(Int64.max) else { return nil }
            index += width
            return Int64(value)
        }
        guard let itemCount = take(version < 2 ? 2 : 4) else { return result }
        // Extents of all-zero field widths take no bytes, so the bytes cannot bound the walk: this does.
        // A phone's HEIC has tens of items (a grid's tiles, a thumbnail, EXIF, depth), each of one extent.
        var extentsLeft = Self.maximumExtents
        for _ in 0..<min(itemCount, Int64(Self.maximumExtents)) {
            guard let id = take(version < 2 ? 2 : 4) else { break }
            var location = Location()
            if version >= 1 {
                guard let method = take(2) else { break }
                location.constructionMethod = Int(method & 0xF)
            }
            guard take(2) != nil, let base = take(baseOffsetSize), let extentCount = take(2) else { break }
            location.baseOffset = base
            for _ in 0..<extentCount {
                extentsLeft -= 1
                guard extentsLeft >= 0, take(indexSize) != nil, let offset = take(offsetSize), let length = take(lengthSize) else { return result }
                location.extents.append((offset, length))
            }
            result[id] = location
        }
        return result
    }

    /// `iprp`: the property boxes of `ipco` and the `ipma` item → property-index associations.
    private static func itemProperties(_ source: ByteSource, iprp: ISOBox) -> Properties {
        var result = Properties()
        for box in iprp.children(in: source) {
            if box.type == "ipco" {
                for property in box.children(in: source) {
                    let wanted = property.type == "ispe" || property.type == "irot"
                    let payload = wanted ? (property.payload(in: source) ?? []) : []
                    result.boxes.append((property.type, payload))
                }
            } else if box.type == "ipma", let data = box.payload(in: source), let version = data.u8(0),
                      let flags = data.bigEndian(at: 1, width: 3), let count = data.u32(4) {
                var index = 8
                for _ in 0..<min(count, 100_000) {
                    let idWidth = version < 1 ? 2 : 4
                    guard let id = data.bigEndian(at: index, width: idWidth), let associationCount = data.u8(index + idWidth) else { break }
                    index += idWidth + 1
                    var indices: [Int] = []
                    let width = flags & 1 == 1 ? 2 : 1
                    for _ in 0..<associationCount {
                        guard let raw = data.bigEndian(at: index, width: width) else { break }
                        index += width
                        indices.append(Int(raw & (width == 2 ? 0x7FFF : 0x7F)))
                    }
                    result.associations[Int64(id)] = indices
                }
            }
        }
        return result
    }

    /// The Exif item's bytes (extents concatenated), minus the 4-byte offset to the TIFF header.
    private static func exifPayload(_ source: ByteSource, location: Location, idat: ISOBox?) -> ArraySlice<UInt8>? {
        var bytes: [UInt8] = []
        for extent in location.extents {
            // Offsets are up to 2^63 - 1 each: their sum is checked, not trusted.
            var (start, overflow) = location.baseOffset.addingReportingOverflow(extent.offset)
            switch location.constructionMethod {
            case 0: break
            case 1:
                guard let idat else { return nil }
                let (inIdat, past) = idat.payloadOffset.addingReportingOverflow(start)
                (start, overflow) = (inIdat, overflow || past)
            default: return nil
            }
            guard !overflow else { return nil }
            let length = extent.length == 0 ? source.size - start : extent.length  // 0: to the end
            guard length > 0, length <= Int64(ByteSource.maximumPayload) - Int64(bytes.count),
                  let chunk = source.bytes(at: start, count: Int(length)) else { return nil }
            bytes.append(contentsOf: chunk)
        }
        let payload = bytes[...]
        guard let headerOffset = payload.u32(0), headerOffset < Int64(payload.count) - 4 else { return nil }
        let tiff = payload.dropFirst(4 + Int(headerOffset))
        if tiff.hasPrefix(ascii: "II*\0") || tiff.hasPrefix(ascii: "MM\0*") || tiff.hasPrefix(ascii: "Exif\0\0") { return tiff }
        return nil
    }

    /// The primary item's `ispe` (turned by its `irot`), else the largest `ispe` of any item.
    private static func size(primary: Int64?, properties: Properties) -> (Int?, Int?) {
        func extent(_ propertyIndex: Int) -> (Int, Int)? {
            guard propertyIndex >= 1, propertyIndex <= properties.boxes.count else { return nil }
            let box = properties.boxes[propertyIndex - 1]
            guard box.type == "ispe", let width = box.payload.u32(4), let height = box.payload.u32(8),
                  width > 0, height > 0 else { return nil }
            return (Int(width), Int(height))
        }
        if let primary, let indices = properties.associations[primary],
           let (width, height) = indices.lazy.compactMap(extent).first {
            let quarterTurns = indices.compactMap { index -> Int? in
                guard index >= 1, index <= properties.boxes.count, properties.boxes[index - 1].type == "irot" else { return nil }
                return properties.boxes[index - 1].payload.u8(0).map { Int($0 & 3) }
            }.first ?? 0
            return quarterTurns % 2 == 1 ? (height, width) : (width, height)
        }
        let all = (1...max(1, properties.boxes.count)).compactMap(extent)
        // Sides are below 2^32, so their product fits in 64 unsigned bits (not always in Int).
        guard let largest = all.max(by: { UInt64($0.0) * UInt64($0.1) < UInt64($1.0) * UInt64($1.1) }) else { return (nil, nil) }
        return (largest.0, largest.1)
    }
}
