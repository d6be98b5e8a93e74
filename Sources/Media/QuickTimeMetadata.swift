/// What the `moov` box of a QuickTime/MP4/3GP movie says: creation dates, camera, frame size.
struct QuickTimeMetadata {
    /// `com.apple.quicktime.creationdate` from the Keys/ilst metadata: local time with its offset.
    var creationDate: CaptureDate?
    /// `mvhd` creation time (UTC); nil when zero.
    var movieCreated: CaptureDate?
    var make: String?
    var model: String?
    var width: Int?
    var height: Int?
    /// `mvhd` duration over its time scale, in seconds.
    var durationSeconds: Double?
    /// Whether the movie names where it was taken: Apple's `com.apple.quicktime.location.ISO6709` key, or the
    /// `©xyz` item of `udta` that Android and older QuickTime write ("+51.4169-000.0806/").
    var hasLocation = false

    /// Seconds from 1904-01-01 (the QuickTime epoch) to 1970-01-01.
    private static let epochDifference: Int64 = 2_082_844_800

    static func read(_ source: ByteSource, moov: ISOBox) -> QuickTimeMetadata {
        var result = QuickTimeMetadata()
        var videoSize: (Int, Int)?
        var anySize: (Int, Int)?
        for box in moov.children(in: source) {
            switch box.type {
            case "mvhd":
                result.movieCreated = movieHeaderCreation(source, box)
                result.durationSeconds = movieHeaderDuration(source, box)
            case "trak":
                guard let (size, isVideo) = track(source, box) else { continue }
                if isVideo, videoSize == nil { videoSize = size }
                if anySize.map({ $0.0 * $0.1 < size.0 * size.1 }) ?? true { anySize = size }
            case "meta":
                result.readKeys(source, meta: box)
            case "udta":
                for child in box.children(in: source) {
                    if child.type == "meta" { result.readKeys(source, meta: child) }
                    // The type's first byte is 0xA9 ('©' in Mac Roman), not UTF-8: compared as bytes. Its text follows
                    // a length and a language (2 bytes each); "+00.0000+000.0000/" is a phone that had no fix.
                    if source.bytes(at: child.offset + 4, count: 4).map(Array.init) == [0xA9, 0x78, 0x79, 0x7A],
                       let text = child.payload(in: source)?.dropFirst(4) {
                        result.hasLocation = result.hasLocation || QuickTimeMetadata.namesAPlace(text)
                    }
                }
            default: break
            }
        }
        if let (width, height) = videoSize ?? anySize {
            result.width = width
            result.height = height
        }
        return result
    }

    /// `mvhd`: version 0 has 32-bit times, version 1 64-bit; creation time comes first.
    private static func movieHeaderCreation(_ source: ByteSource, _ box: ISOBox) -> CaptureDate? {
        guard let data = source.bytes(at: box.payloadOffset, count: min(12, Int(box.payloadSize))), let version = data.u8(0) else { return nil }
        let raw: UInt64?
        if version == 1 { raw = data.u64(4) } else { raw = data.u32(4).map(UInt64.init) }
        guard let raw, raw > 0, raw < UInt64(Int64.max / 2) else { return nil }
        return CaptureDate(utcSecondsSince1970: Int64(raw) - epochDifference)
    }

    /// `mvhd` duration ÷ time scale: version 0 has them at bytes 12 and 16 (32 bits each), version 1
    /// at 20 (32 bits) and 24 (64 bits). Nil for a zero time scale or an unknown (all ones) duration.
    private static func movieHeaderDuration(_ source: ByteSource, _ box: ISOBox) -> Double? {
        guard let data = source.bytes(at: box.payloadOffset, count: min(32, Int(box.payloadSize))), let version = data.u8(0) else { return nil }
        let scale: Int64?, duration: UInt64?
        if version == 1 {
            (scale, duration) = (data.u32(20), data.u64(24))
        } else {
            (scale, duration) = (data.u32(12), data.u32(16).flatMap { $0 == 0xFFFF_FFFF ? nil : UInt64($0) })
        }
        guard let scale, scale > 0, let duration, duration != .max else { return nil }
        return Double(duration) / Double(scale)
    }

    /// A track's `tkhd` width × height (16.16 fixed point, the last 8 bytes) and whether `mdia/hdlr` says video.
    private static func track(_ source: ByteSource, _ trak: ISOBox) -> ((Int, Int), Bool)? {
        var size: (Int, Int)?
        var isVideo = false
        for box in trak.children(in: source) {
            if box.type == "tkhd", box.payloadSize >= 84,
               let tail = source.bytes(at: box.end - 8, count: 8), let width = tail.u32(0), let height = tail.u32(4) {
                let pixels = (Int(width >> 16), Int(height >> 16))
                if pixels.0 > 0, pixels.1 > 0 { size = pixels }
            } else if box.type == "mdia" {
                for child in box.children(in: source) where child.type == "hdlr" {
                    isVideo = source.bytes(at: child.payloadOffset + 8, count: 4)?.fourCC(0) == "vide"
                }
            }
        }
        return size.map { ($0, isVideo) }
    }

    /// Apple's Keys metadata: `keys` names entries 1…n, `ilst` holds a `data` box for each index.
    /// QuickTime's `meta` has no version/flags, ISO's does: a zero first word tells them apart.
    private mutating func readKeys(_ source: ByteSource, meta: ISOBox) {
        guard let first = source.bytes(at: meta.payloadOffset, count: 4)?.u32(0) else { return }
        var keys: [Int64: String] = [:]
        var ilst: ISOBox?
        for box in meta.children(in: source, skip: first == 0 ? 4 : 0) {
            if box.type == "keys", let data = box.payload(in: source), let count = data.u32(4) {
                var index = 8
                for number in 1...max(1, min(count, 10_000)) where count > 0 {
                    guard let size = data.u32(index), size >= 8, let name = data.sub(index + 8, Int(size) - 8) else { break }
                    keys[number] = String(decoding: name, as: UTF8.self)
                    index += Int(size)
                }
            } else if box.type == "ilst" {
                ilst = box
            }
        }
        guard let ilst, !keys.isEmpty else { return }
        for item in ilst.children(in: source) {
            guard let number = source.bytes(at: item.offset + 4, count: 4)?.u32(0), let key = keys[number],
                  let value = QuickTimeMetadata.stringValue(source, item: item) else { continue }
            switch key {
            case "com.apple.quicktime.creationdate": creationDate = creationDate ?? CaptureDate.iso8601(value)
            case "com.apple.quicktime.make": make = make ?? QuickTimeMetadata.trimmed(value)
            case "com.apple.quicktime.model": model = model ?? QuickTimeMetadata.trimmed(value)
            case "com.apple.quicktime.location.ISO6709": hasLocation = hasLocation || QuickTimeMetadata.namesAPlace(value)
            default: break
            }
        }
    }

    /// The UTF-8 value of an item's `data` box: type indicator (1 = UTF-8), locale, then the text.
    private static func stringValue(_ source: ByteSource, item: ISOBox) -> [UInt8]? {
        for box in item.children(in: source) where box.type == "data" {
            guard let data = box.payload(in: source), data.count > 8, data.u32(0).map({ $0 & 0xFFFFFF }) == 1 else { continue }
            return Array(data.dropFirst(8))
        }
        return nil
    }

    /// An ISO 6709 point ("+32.0929+034.8620+028.516/") other than 0°, 0°.
    static func namesAPlace<Bytes: Collection<UInt8>>(_ text: Bytes) -> Bool {
        text.contains { $0 >= UInt8(ascii: "1") && $0 <= UInt8(ascii: "9") } && text.contains { $0 == UInt8(ascii: "+") || $0 == UInt8(ascii: "-") }
    }

    private static func trimmed(_ bytes: [UInt8]) -> String? {
        let text = String(decoding: bytes, as: UTF8.self).trimmingSpacesAndNULs
        return text.isEmpty ? nil : text
    }
}
