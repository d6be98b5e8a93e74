/// The one XMP property SwipeClean reads: `exif:UserComment`, which iOS and macOS set to "Screenshot".
enum XMPPacket {
    private static let property = Array("UserComment".utf8)

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
