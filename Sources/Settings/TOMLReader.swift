/// Reads TOML 1.0 into a `ConfigTree`, in Swift, for any bytes at all.
///
/// Total by construction: every input ends in a tree or in a `TOMLSyntaxError` with the line and
/// column, never in a trap. Integers are parsed with `Int(_:radix:)` (nil on overflow), indexes are
/// checked before every read, nesting is capped at `maximumDepth` and keys at `maximumKeyParts`
/// parts, so neither the stack nor the tree can be driven deep. Dates and times are checked and
/// handed on as their text (no setting takes one).
struct TOMLReader {
    static let maximumDepth = 32
    static let maximumKeyParts = 32

    private let bytes: [UInt8]
    private var index = 0

    private init(_ bytes: [UInt8]) {
        self.bytes = bytes
        // A UTF-8 byte order mark is not part of the document.
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }
    }

    /// The document in `bytes` (which must already be valid UTF-8) as a tree of tables.
    static func parse(_ bytes: [UInt8]) throws(TOMLSyntaxError) -> ConfigTree {
        var reader = TOMLReader(bytes)
        do throws(Failure) {
            return try reader.document()
        } catch {
            throw reader.located(error)
        }
    }

    // MARK: - Lines: key/value pairs and table headers

    private mutating func document() throws(Failure) -> ConfigTree {
        let root = TableNode(origin: .header)
        var current = root
        while true {
            skipBlanks()
            guard let byte = peek() else { break }
            if byte == UInt8(ascii: "[") {
                let isArray = peek(1) == UInt8(ascii: "[")
                index += isArray ? 2 : 1
                skipBlanks()
                let start = index
                let key = try key()
                skipBlanks()
                try expect(isArray ? "]]" : "]", "a table header ends with \(isArray ? "]]" : "]")")
                current = try isArray ? root.appendArrayElement(at: key, start: start) : root.defineTable(at: key, start: start)
            } else if byte != UInt8(ascii: "#") && !isNewline(at: index) {
                let start = index
                let key = try key()
                skipBlanks()
                try expect("=", "a key is followed by = and a value")
                skipBlanks()
                let value = try value(depth: 0)
                try current.assign(value, at: key, start: start)
            }
            try endOfLine()
        }
        return root.tree
    }

    /// Blanks, an optional comment, then a newline or the end of the document.
    private mutating func endOfLine() throws(Failure) {
        skipBlanks()
        if peek() == UInt8(ascii: "#") { try comment() }
        guard peek() != nil else { return }
        guard consumeNewline() else { throw Failure(index, "expected the end of the line, found \(describe(at: index))") }
    }

    private mutating func comment() throws(Failure) {
        index += 1
        while let byte = peek(), byte != 0x0A {
            if byte == 0x0D && peek(1) == 0x0A { return }
            guard byte == 0x09 || (byte >= 0x20 && byte != 0x7F) else { throw Failure(index, "a comment holds the control character \(describe(at: index))") }
            index += 1
        }
    }

    // MARK: - Keys

    /// A bare, quoted or dotted key, as its parts.
    private mutating func key() throws(Failure) -> [String] {
        var parts: [String] = []
        while true {
            guard parts.count < Self.maximumKeyParts else { throw Failure(index, "a key has more than \(Self.maximumKeyParts) parts") }
            switch peek() {
            case UInt8(ascii: "\"")?:
                guard peek(1) != UInt8(ascii: "\"") || peek(2) != UInt8(ascii: "\"") else { throw Failure(index, "a key cannot be a multi-line string") }
                parts.append(try basicString())
            case UInt8(ascii: "'")?:
                guard peek(1) != UInt8(ascii: "'") || peek(2) != UInt8(ascii: "'") else { throw Failure(index, "a key cannot be a multi-line string") }
                parts.append(try literalString())
            default:
                let start = index
                while let byte = peek(), Self.isBareKey(byte) { index += 1 }
                guard index > start else { throw Failure(index, "expected a key, found \(describe(at: index))") }
                parts.append(String(decoding: bytes[start..<index], as: UTF8.self))
            }
            skipBlanks()
            guard peek() == UInt8(ascii: ".") else { return parts }
            index += 1
            skipBlanks()
        }
    }

    private static func isBareKey(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
             UInt8(ascii: "_"), UInt8(ascii: "-"): true
        default: false
        }
    }

    // MARK: - Values

    private mutating func value(depth: Int) throws(Failure) -> ConfigTree {
        guard let byte = peek() else { throw Failure(index, "expected a value, found the end of the file") }
        switch byte {
        case UInt8(ascii: "\""):
            return .string(peek(1) == byte && peek(2) == byte ? try multiLineString(literal: false) : try basicString())
        case UInt8(ascii: "'"):
            return .string(peek(1) == byte && peek(2) == byte ? try multiLineString(literal: true) : try literalString())
        case UInt8(ascii: "["):
            return try array(depth: depth + 1)
        case UInt8(ascii: "{"):
            return try inlineTable(depth: depth + 1)
        case UInt8(ascii: "t"), UInt8(ascii: "f"):
            if matches("true") { index += 4; return .boolean(true) }
            if matches("false") { index += 5; return .boolean(false) }
        case UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "i"), UInt8(ascii: "n"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return try numberOrDate()
        default:
            break
        }
        throw Failure(index, "expected a value (a string, number, true, false, array or table), found \(describe(at: index))")
    }

    private mutating func array(depth: Int) throws(Failure) -> ConfigTree {
        guard depth <= Self.maximumDepth else { throw Failure(index, "arrays and tables are nested more than \(Self.maximumDepth) deep") }
        index += 1
        var items: [ConfigTree] = []
        while true {
            try skipBlanksNewlinesAndComments()
            if peek() == UInt8(ascii: "]") { index += 1; return .array(items) }
            items.append(try value(depth: depth))
            try skipBlanksNewlinesAndComments()
            switch peek() {
            case UInt8(ascii: ",")?: index += 1
            case UInt8(ascii: "]")?: index += 1; return .array(items)
            default: throw Failure(index, "expected , or ] in an array, found \(describe(at: index))")
            }
        }
    }

    private mutating func inlineTable(depth: Int) throws(Failure) -> ConfigTree {
        guard depth <= Self.maximumDepth else { throw Failure(index, "arrays and tables are nested more than \(Self.maximumDepth) deep") }
        index += 1
        let table = TableNode(origin: .inline)
        skipBlanks()
        if peek() == UInt8(ascii: "}") { index += 1; return table.tree }
        while true {
            skipBlanks()
            let start = index
            let key = try key()
            skipBlanks()
            try expect("=", "a key is followed by = and a value")
            skipBlanks()
            try table.assign(try value(depth: depth), at: key, start: start)
            skipBlanks()
            switch peek() {
            case UInt8(ascii: ",")?: index += 1
            case UInt8(ascii: "}")?: index += 1; return table.tree
            default: throw Failure(index, "expected , or } in an inline table (which stays on one line), found \(describe(at: index))")
            }
        }
    }

    // MARK: - Strings

    private mutating func basicString() throws(Failure) -> String {
        index += 1
        var out: [UInt8] = []
        while true {
            guard let byte = peek() else { throw Failure(index, "a string is not closed before the end of the file") }
            switch byte {
            case UInt8(ascii: "\""): index += 1; return String(decoding: out, as: UTF8.self)
            case UInt8(ascii: "\\"): try escape(into: &out)
            case 0x0A, 0x0D: throw Failure(index, "a string is not closed before the end of the line")
            default:
                guard byte == 0x09 || (byte >= 0x20 && byte != 0x7F) else { throw Failure(index, "a string holds the control character \(describe(at: index)); write it as an escape") }
                out.append(byte)
                index += 1
            }
        }
    }

    private mutating func literalString() throws(Failure) -> String {
        index += 1
        let start = index
        while true {
            guard let byte = peek() else { throw Failure(index, "a string is not closed before the end of the file") }
            if byte == UInt8(ascii: "'") { index += 1; return String(decoding: bytes[start..<(index - 1)], as: UTF8.self) }
            if byte == 0x0A || byte == 0x0D { throw Failure(index, "a string is not closed before the end of the line") }
            guard byte == 0x09 || (byte >= 0x20 && byte != 0x7F) else { throw Failure(index, "a string holds the control character \(describe(at: index))") }
            index += 1
        }
    }

    /// `"""…"""` or `'''…'''`: a newline right after the opening quotes is dropped; in the basic form a
    /// backslash at the end of a line swallows the line break and the blanks after it.
    private mutating func multiLineString(literal: Bool) throws(Failure) -> String {
        let quote = literal ? UInt8(ascii: "'") : UInt8(ascii: "\"")
        index += 3
        _ = consumeNewline()
        var out: [UInt8] = []
        while true {
            guard let byte = peek() else { throw Failure(index, "a multi-line string is not closed before the end of the file") }
            if byte == quote && peek(1) == quote && peek(2) == quote {
                // Up to two quotes right before the closing three belong to the string.
                var run = 3
                while run < 5 && peek(run) == quote { run += 1 }
                out += Array(repeating: quote, count: run - 3)
                index += run
                return String(decoding: out, as: UTF8.self)
            }
            if isNewline(at: index) {
                if byte == 0x0D { index += 1 }
                index += 1
                out.append(0x0A)
            } else if byte == UInt8(ascii: "\\") && !literal {
                var ahead = index + 1
                while ahead < bytes.count && (bytes[ahead] == 0x20 || bytes[ahead] == 0x09) { ahead += 1 }
                if isNewline(at: ahead) {
                    index = ahead
                    while let next = peek(), next == 0x20 || next == 0x09 || isNewline(at: index) { index += next == 0x0D ? 2 : 1 }
                } else {
                    try escape(into: &out)
                }
            } else {
                guard byte == 0x09 || (byte >= 0x20 && byte != 0x7F) else { throw Failure(index, "a string holds the control character \(describe(at: index))") }
                out.append(byte)
                index += 1
            }
        }
    }

    private mutating func escape(into out: inout [UInt8]) throws(Failure) {
        let start = index
        index += 1
        guard let letter = peek() else { throw Failure(start, "a string ends in the middle of an escape") }
        index += 1
        switch letter {
        case UInt8(ascii: "b"): out.append(0x08)
        case UInt8(ascii: "t"): out.append(0x09)
        case UInt8(ascii: "n"): out.append(0x0A)
        case UInt8(ascii: "f"): out.append(0x0C)
        case UInt8(ascii: "r"): out.append(0x0D)
        case UInt8(ascii: "\""): out.append(UInt8(ascii: "\""))
        case UInt8(ascii: "\\"): out.append(UInt8(ascii: "\\"))
        case UInt8(ascii: "u"), UInt8(ascii: "U"):
            let width = letter == UInt8(ascii: "u") ? 4 : 8
            guard index + width <= bytes.count,
                  bytes[index..<(index + width)].allSatisfy({ Self.hexValue($0) != nil }),
                  let value = UInt32(String(decoding: bytes[index..<(index + width)], as: UTF8.self), radix: 16),
                  let scalar = Unicode.Scalar(value)
            else { throw Failure(start, "\\\(Character(Unicode.Scalar(letter))) must be followed by \(width) hex digits naming a Unicode scalar value") }
            out += Array(String(Character(scalar)).utf8)
            index += width
        default:
            throw Failure(start, "\(describe(at: start + 1)) cannot follow \\ in a string (escapes: \\b \\t \\n \\f \\r \\\" \\\\ \\uXXXX \\UXXXXXXXX)")
        }
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }

    // MARK: - Numbers and dates

    private mutating func numberOrDate() throws(Failure) -> ConfigTree {
        let start = index
        while let byte = peek(), Self.isNumberByte(byte) { index += 1 }
        // A date and a time may be separated by one space: 1979-05-27 07:32:00.
        if TOMLScalars.isLocalDate(bytes[start..<index]), peek() == 0x20, let next = peek(1), (0x30...0x39).contains(next) {
            index += 1
            while let byte = peek(), Self.isNumberByte(byte) { index += 1 }
        }
        let token = bytes[start..<index]
        let text = String(decoding: token.prefix(40), as: UTF8.self)
        switch TOMLScalars.number(token) {
        case .value(let number): return number
        case .outOfRange: throw Failure(start, "\(text) is too large for a 64-bit number")
        case .invalid: break
        }
        if TOMLScalars.isDateOrTime(token) { return .string(String(decoding: token, as: UTF8.self)) }
        throw Failure(start, "'\(text)' is not a valid number (e.g. 42, -7, 0x1F, 1_000, 3.14, 1e6, inf) or date")
    }

    private static func isNumberByte(_ byte: UInt8) -> Bool {
        isBareKey(byte) || byte == UInt8(ascii: "+") || byte == UInt8(ascii: ".") || byte == UInt8(ascii: ":")
    }

    // MARK: - Bytes

    private func peek(_ ahead: Int = 0) -> UInt8? {
        let at = index + ahead
        return at >= 0 && at < bytes.count ? bytes[at] : nil
    }

    private func matches(_ text: String) -> Bool {
        let utf8 = Array(text.utf8)
        return index + utf8.count <= bytes.count && bytes[index..<(index + utf8.count)].elementsEqual(utf8)
    }

    private mutating func expect(_ text: String, _ message: String) throws(Failure) {
        guard matches(text) else { throw Failure(index, "\(message), found \(describe(at: index))") }
        index += text.utf8.count
    }

    private func isNewline(at offset: Int) -> Bool {
        guard offset < bytes.count else { return false }
        return bytes[offset] == 0x0A || (bytes[offset] == 0x0D && offset + 1 < bytes.count && bytes[offset + 1] == 0x0A)
    }

    private mutating func consumeNewline() -> Bool {
        guard isNewline(at: index) else { return false }
        index += bytes[index] == 0x0D ? 2 : 1
        return true
    }

    private mutating func skipBlanks() {
        while let byte = peek(), byte == 0x20 || byte == 0x09 { index += 1 }
    }

    private mutating func skipBlanksNewlinesAndComments() throws(Failure) {
        while true {
            skipBlanks()
            if peek() == UInt8(ascii: "#") { try comment() }
            guard consumeNewline() else { return }
        }
    }

    /// The character at `offset` for a message: `'x'`, a control character as U+00XX, or the end.
    private func describe(at offset: Int) -> String {
        guard offset < bytes.count else { return "the end of the file" }
        let byte = bytes[offset]
        if byte == 0x0A || byte == 0x0D { return "the end of the line" }
        if byte < 0x20 || byte == 0x7F {
            let hex = String(byte, radix: 16, uppercase: true)
            return "U+" + String(repeating: "0", count: 4 - hex.count) + hex
        }
        var end = offset + 1
        while end < bytes.count && bytes[end] & 0xC0 == 0x80 { end += 1 }
        return "'" + String(decoding: bytes[offset..<end], as: UTF8.self) + "'"
    }

    /// A failure at a byte offset, before the offset is turned into a line and a column.
    struct Failure: Error {
        let offset: Int
        let message: String
        init(_ offset: Int, _ message: String) {
            self.offset = offset
            self.message = message
        }
    }

    private func located(_ failure: Failure) -> TOMLSyntaxError {
        let offset = min(max(failure.offset, 0), bytes.count)
        let before = bytes[..<offset]
        let line = before.reduce(1) { $0 + ($1 == 0x0A ? 1 : 0) }
        let lineStart = before.lastIndex(of: 0x0A).map { $0 + 1 } ?? 0
        // Columns count characters (UTF-8 lead bytes), not bytes.
        let column = 1 + bytes[lineStart..<offset].filter { $0 & 0xC0 != 0x80 }.count
        return TOMLSyntaxError(line: line, column: column, message: failure.message)
    }
}

/// Where a TOML document stops being TOML, and why.
struct TOMLSyntaxError: Error, Equatable {
    let line: Int
    let column: Int
    let message: String
}
