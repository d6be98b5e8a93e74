import FileSystem
import Foundation

/// A JSON value with keys in the order they are written, so output reads like DESIGN.md.
///
/// Paths are bytes: valid UTF-8 is written as text; each byte that is not is written as a lone
/// surrogate escape `\udcXX` (Python's "surrogateescape"), so a script gets the exact name back
/// with `os.fsencode(json.loads(line)["path"])`.
package enum JSON {
    case object([(String, JSON)])
    case array([JSON])
    case string(String)
    case path(RawPath)
    case int(Int64)
    case double(Double)
    case bool(Bool)
    case null

    package static func int(_ value: Int) -> JSON { .int(Int64(value)) }
    package static func optional(_ value: String?) -> JSON { value.map(JSON.string) ?? .null }
    package static func optional(_ value: Int?) -> JSON { value.map { .int(Int64($0)) } ?? .null }
    package static func optional(_ value: Int64?) -> JSON { value.map(JSON.int) ?? .null }

    /// Compact text, one line.
    package var text: String {
        var out = ""
        write(into: &out)
        return out
    }

    private func write(into out: inout String) {
        switch self {
        case .object(let fields):
            out += "{"
            for (index, (key, value)) in fields.enumerated() {
                if index > 0 { out += "," }
                JSON.escape(Array(key.utf8), into: &out)
                out += ":"
                value.write(into: &out)
            }
            out += "}"
        case .array(let items):
            out += "["
            for (index, item) in items.enumerated() {
                if index > 0 { out += "," }
                item.write(into: &out)
            }
            out += "]"
        case .string(let s): JSON.escape(Array(s.utf8), into: &out)
        case .path(let p): JSON.escape(p.bytes, into: &out)
        case .int(let i): out += String(i)
        case .double(let d): out += d.isFinite ? "\(d)" : "null"
        case .bool(let b): out += b ? "true" : "false"
        case .null: out += "null"
        }
    }

    /// Escapes bytes as a JSON string: valid UTF-8 sequences as text, invalid bytes as `\udcXX`.
    package static func escape(_ bytes: [UInt8], into out: inout String) {
        out += "\""
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte < 0x80 {
                switch byte {
                case 0x22: out += "\\\""
                case 0x5C: out += "\\\\"
                case 0x0A: out += "\\n"
                case 0x0D: out += "\\r"
                case 0x09: out += "\\t"
                case 0..<0x20, 0x7F: out += String(format: "\\u%04x", byte)
                default: out.unicodeScalars.append(Unicode.Scalar(byte))
                }
                index += 1
                continue
            }
            let length = byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : byte >= 0xC0 ? 2 : 1
            if length > 1, index + length <= bytes.count,
               let text = String(validating: bytes[index..<index + length], as: UTF8.self) {
                out += text
                index += length
            } else {
                out += String(format: "\\udc%02x", byte)
                index += 1
            }
        }
        out += "\""
    }
}

extension JSON: Encodable {
    /// `DocumentEncoder` takes a `JSON` value as it is; another encoder gets its structure (a path as text).
    package func encode(to encoder: any Encoder) throws {
        switch self {
        case .object(let fields):
            var container = encoder.container(keyedBy: FieldKey.self)
            for (key, value) in fields { try container.encode(value, forKey: FieldKey(stringValue: key)) }
        case .array(let items):
            var container = encoder.unkeyedContainer()
            for item in items { try container.encode(item) }
        case .string(let s): var c = encoder.singleValueContainer(); try c.encode(s)
        case .path(let p): var c = encoder.singleValueContainer(); try c.encode(p.description)
        case .int(let i): var c = encoder.singleValueContainer(); try c.encode(i)
        case .double(let d): var c = encoder.singleValueContainer(); try d.isFinite ? c.encode(d) : c.encodeNil()
        case .bool(let b): var c = encoder.singleValueContainer(); try c.encode(b)
        case .null: var c = encoder.singleValueContainer(); try c.encodeNil()
        }
    }

    private struct FieldKey: CodingKey {
        let stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }
}
