import FileSystem

/// One ISO base media file format box (QuickTime calls them atoms): where it is and what it is.
struct ISOBox {
    var type: String
    /// Offset of the box's first byte in the file.
    var offset: Int64
    /// Offset of the payload (after size, type, large size and uuid).
    var payloadOffset: Int64
    /// Offset just past the box.
    var end: Int64

    var payloadSize: Int64 { end - payloadOffset }

    /// Reads the box header at `offset`, which must fit inside `limit`; nil for a malformed header.
    static func header(in source: ByteSource, at offset: Int64, limit: Int64) -> ISOBox? {
        guard offset + 8 <= limit, let raw = source.bytes(at: offset, count: 8),
              let size32 = raw.u32(0), let type = raw.fourCC(4) else { return nil }
        var headerSize: Int64 = 8
        let size: Int64
        switch size32 {
        case 0:  // to the end of the enclosing box (or file)
            size = limit - offset
        case 1:  // 64-bit size follows
            guard let large = source.bytes(at: offset + 8, count: 8)?.u64(0), large <= UInt64(Int64.max) else { return nil }
            size = Int64(large)
            headerSize = 16
        default:
            size = size32
        }
        if type == "uuid" { headerSize += 16 }
        guard size >= headerSize, size <= limit - offset else { return nil }  // not offset + size: a 2^63 - 1 size overflows
        return ISOBox(type: type, offset: offset, payloadOffset: offset + headerSize, end: offset + size)
    }

    /// The boxes laid end to end in `[start, end)`, stopping at the first malformed one.
    /// Every box has a positive size, so the walk always advances; `maximumCount` bounds it anyway.
    static func children(in source: ByteSource, from start: Int64, to end: Int64, maximumCount: Int = 10_000) -> [ISOBox] {
        var boxes: [ISOBox] = []
        var position = start
        while position < end, boxes.count < maximumCount, let box = header(in: source, at: position, limit: end) {
            boxes.append(box)
            position = box.end
        }
        return boxes
    }

    /// The children of this box; `skip` bytes of the payload come first (4 for a full box's version and flags).
    func children(in source: ByteSource, skip: Int64 = 0) -> [ISOBox] {
        ISOBox.children(in: source, from: payloadOffset + skip, to: end)
    }

    /// The whole payload, if it is small enough to be metadata.
    func payload(in source: ByteSource) -> ArraySlice<UInt8>? {
        guard payloadSize <= Int64(ByteSource.maximumPayload) else { return nil }
        return source.bytes(at: payloadOffset, count: Int(payloadSize))
    }
}

/// The top level of an ISO-BMFF file (HEIC, MP4, MOV, 3GP): the `ftyp` brand and where `meta` and `moov` are.
struct ISOFile {
    var majorBrand: String?
    var meta: ISOBox?
    var moov: ISOBox?

    private static let topLevelTypes: Set<String> = ["ftyp", "moov", "mdat", "wide", "free", "skip", "pnot", "meta", "uuid", "styp", "sidx"]

    /// nil when the file does not start with a plausible top-level box (`ftyp`, or an old QuickTime atom).
    static func read(_ source: ByteSource) -> ISOFile? {
        guard let first = ISOBox.header(in: source, at: 0, limit: source.size),
              topLevelTypes.contains(first.type) else { return nil }
        var file = ISOFile()
        if first.type == "ftyp", let brand = source.bytes(at: first.payloadOffset, count: 4) {
            file.majorBrand = brand.fourCC(0)
        }
        // Walk the top level until `moov` (a fragmented movie has thousands of boxes after it).
        var position: Int64 = 0
        for _ in 0..<1000 {
            guard position < source.size, let box = ISOBox.header(in: source, at: position, limit: source.size) else { break }
            if box.type == "meta", file.meta == nil { file.meta = box }
            if box.type == "moov" {
                file.moov = box
                break
            }
            position = box.end
        }
        return file
    }
}

extension ISOFile {
    /// The `moov` box of the movie at `path` and the source to read it from: a few bounded reads, never the
    /// whole file. Nil when the file is not a QuickTime/MP4/3GP movie.
    static func movieHeader(of path: RawPath) -> (ByteSource, ISOBox)? {
        guard let file = try? ReadableFile(path), let status = try? file.status() else { return nil }
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        guard let filled = try? file.read(at: 0, into: &buffer) else { return nil }
        let source = ByteSource(head: buffer[0..<filled], size: max(status.size, Int64(filled)), file: file)
        guard let iso = ISOFile.read(source), let moov = iso.moov else { return nil }
        return (source, moov)
    }
}
