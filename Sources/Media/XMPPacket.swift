/// The XMP properties SwipeClean reads: `exif:UserComment`, which iOS and macOS set to
/// "Screenshot", and the capture date of a file whose EXIF has none.
enum XMPPacket {
    private static let property = Array("UserComment".utf8)

    /// The date properties, best first (any namespace prefix: exif:, xmp:, photoshop:), as
    /// exiftool names them: DateTimeOriginal, DateCreated, CreateDate, DateTimeDigitized.
    private static let dateProperties = ["DateTimeOriginal", "DateCreated", "CreateDate", "DateTimeDigitized"]
        .map { Array(":\($0)".utf8) }

    /// The first date property that holds a valid date ("2019-05-21T10:45:52.12+02:00", or a day
    /// alone, read as its midnight), as an attribute or an element; nil when none does.
    static func captureDate(in packet: ArraySlice<UInt8>) -> CaptureDate? {
        for name in dateProperties {
            var from = packet.startIndex
            // The name may also appear as a closing tag or in another property's value: try each place.
            for _ in 0..<16 {
                guard let start = firstRange(of: name, in: packet, from: from) else { break }
                from = start + name.count
                if let value = value(in: packet, after: from), let date = date(value) { return date }
            }
        }
        return nil
    }

    /// The value of the property whose name ends at `index`: `="…"` or `>…<` (inside an
    /// `rdf:Alt`/`rdf:Seq`, the text of its first item).
    private static func value(in packet: ArraySlice<UInt8>, after index: Int) -> [UInt8]? {
        guard index < packet.endIndex else { return nil }
        if packet[index] == UInt8(ascii: "=") {
            guard index + 1 < packet.endIndex else { return nil }
            let quote = packet[index + 1]
            guard quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'"),
                  let end = packet[(index + 2)...].prefix(256).firstIndex(of: quote) else { return nil }
            return Array(packet[(index + 2)..<end])
        }
        guard packet[index] == UInt8(ascii: ">") else { return nil }
        let body = packet[(index + 1)...].prefix(1024)
        let direct = body.prefix { $0 != UInt8(ascii: "<") }
        let chosen = direct.contains(where: { $0 > 0x20 }) ? direct : tagFree(body)
        return chosen.isEmpty ? nil : Array(chosen)
    }

    /// The text of the first element in `body` that has some: `<rdf:Seq><rdf:li>2019…</rdf:li>`.
    private static func tagFree(_ body: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        var index = body.startIndex
        while index < body.endIndex {
            guard let close = body[index...].firstIndex(of: UInt8(ascii: ">")) else { return [] }
            let start = close + 1
            let end = body[start...].firstIndex(of: UInt8(ascii: "<")) ?? body.endIndex
            if body[start..<end].contains(where: { $0 > 0x20 }) { return body[start..<end] }
            index = end
        }
        return []
    }

    private static func date(_ value: [UInt8]) -> CaptureDate? {
        let trimmed = Array(String(decoding: value, as: UTF8.self).trimmingSpacesAndNULs.utf8)
        if let date = CaptureDate.iso8601(trimmed, strict: true) { return date }
        var scanner = DigitScanner(trimmed)
        guard trimmed.count == 10, let year = scanner.number(4),
              scanner.skip(anyOf: "-"), let month = scanner.number(2), scanner.skip(anyOf: "-"),
              let day = scanner.number(2) else { return nil }
        return CaptureDate(year: year, month: month, day: day)
    }

    /// The text of the first `UserComment` property, as an element (`<exif:UserComment>…<rdf:li>Screenshot</rdf:li>…`)
    /// or an attribute (`exif:UserComment="Screenshot"`), with tags stripped; nil when absent.
    static func userComment(in packet: ArraySlice<UInt8>) -> String? {
        guard let start = firstRange(of: property, in: packet, from: packet.startIndex) else { return nil }
        var index = start + property.count
        guard index < packet.endIndex else { return nil }
        if packet[index] == UInt8(ascii: "=") {  // attribute form
            index += 1
            guard index < packet.endIndex else { return nil }
            let quote = packet[index]
            guard let end = packet[(index + 1)...].firstIndex(of: quote) else { return nil }
            return text(packet[(index + 1)..<end])
        }
        guard packet[index] == UInt8(ascii: ">") else { return nil }
        let body = packet[(index + 1)...]
        let end = firstRange(of: Array("UserComment>".utf8), in: body, from: body.startIndex) ?? body.endIndex
        return text(body[..<end].prefix(4096))
    }

    /// The characters outside `<…>` tags, trimmed; nil when empty.
    private static func text(_ bytes: ArraySlice<UInt8>) -> String? {
        var kept: [UInt8] = []
        var inTag = false
        for byte in bytes {
            if byte == UInt8(ascii: "<") { inTag = true } else if byte == UInt8(ascii: ">") { inTag = false } else if !inTag { kept.append(byte) }
        }
        let trimmed = String(decoding: kept, as: UTF8.self).trimmingSpacesAndNULs
        return trimmed.isEmpty ? nil : trimmed
    }

    private static func firstRange(of needle: [UInt8], in haystack: ArraySlice<UInt8>, from start: Int) -> Int? {
        guard let first = needle.first, haystack.count >= needle.count else { return nil }
        var index = start
        let last = haystack.endIndex - needle.count
        while index <= last {
            guard let candidate = haystack[index...last].firstIndex(of: first) else { return nil }
            if haystack[candidate..<(candidate + needle.count)].elementsEqual(needle) { return candidate }
            index = candidate + 1
        }
        return nil
    }
}
