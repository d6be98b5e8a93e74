/// TOML's numbers and dates, told apart and checked from the bytes of one token.
enum TOMLScalars {
    enum Number: Equatable {
        case value(ConfigTree)
        /// Well formed, but too large for 64 bits.
        case outOfRange
        case invalid
    }

    /// `42`, `-17`, `1_000`, `0xDEAD_BEEF`, `0o755`, `0b1101`, `3.14`, `-2e-3`, `inf`, `nan`, with TOML's rules for
    /// signs, underscores (only between digits) and leading zeros.
    static func number(_ token: ArraySlice<UInt8>) -> Number {
        var body = token
        var sign: UInt8?
        if let first = body.first, first == UInt8(ascii: "+") || first == UInt8(ascii: "-") {
            sign = first
            body = body.dropFirst()
        }
        let negative = sign == UInt8(ascii: "-")
        if body.elementsEqual("inf".utf8) { return .value(.float(negative ? -.infinity : .infinity)) }
        if body.elementsEqual("nan".utf8) { return .value(.float(.nan)) }

        if body.count > 2, body.first == UInt8(ascii: "0"), let prefix = body.dropFirst().first,
           let radix = [UInt8(ascii: "x"): 16, UInt8(ascii: "o"): 8, UInt8(ascii: "b"): 2][prefix] {
            let digits = body.dropFirst(2)
            guard sign == nil, isDigitGroup(digits, radix: radix) else { return .invalid }
            guard let value = Int(String(decoding: digits.filter { $0 != UInt8(ascii: "_") }, as: UTF8.self), radix: radix) else { return .outOfRange }
            return .value(.integer(value))
        }

        // Decimal: an integer part, then a fraction, an exponent, or both for a float.
        let integerEnd = body.firstIndex { $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "e") || $0 == UInt8(ascii: "E") } ?? body.endIndex
        let integerPart = body[body.startIndex..<integerEnd]
        guard isDigitGroup(integerPart, radix: 10), integerPart.first != UInt8(ascii: "0") || integerPart.count == 1 else { return .invalid }
        var rest = body[integerEnd...]
        if rest.isEmpty {
            guard let value = Int((negative ? "-" : "") + String(decoding: integerPart.filter { $0 != UInt8(ascii: "_") }, as: UTF8.self)) else { return .outOfRange }
            return .value(.integer(value))
        }
        if rest.first == UInt8(ascii: ".") {
            let fractionEnd = rest.dropFirst().firstIndex { $0 == UInt8(ascii: "e") || $0 == UInt8(ascii: "E") } ?? rest.endIndex
            guard isDigitGroup(rest[(rest.startIndex + 1)..<fractionEnd], radix: 10) else { return .invalid }
            rest = rest[fractionEnd...]
        }
        if let marker = rest.first {
            guard marker == UInt8(ascii: "e") || marker == UInt8(ascii: "E") else { return .invalid }
            var exponent = rest.dropFirst()
            if let first = exponent.first, first == UInt8(ascii: "+") || first == UInt8(ascii: "-") { exponent = exponent.dropFirst() }
            guard isDigitGroup(exponent, radix: 10) else { return .invalid }
        }
        let text = (negative ? "-" : "") + String(decoding: body.filter { $0 != UInt8(ascii: "_") }, as: UTF8.self)
        guard let value = Double(text) else { return .outOfRange }
        return .value(.float(value))
    }

    /// One or more digits of `radix`, with single underscores only between two digits.
    private static func isDigitGroup(_ bytes: ArraySlice<UInt8>, radix: Int) -> Bool {
        guard let first = bytes.first, let last = bytes.last, isDigit(first, radix: radix), isDigit(last, radix: radix) else { return false }
        var previousWasUnderscore = false
        for byte in bytes {
            if byte == UInt8(ascii: "_") {
                guard !previousWasUnderscore else { return false }
                previousWasUnderscore = true
            } else {
                guard isDigit(byte, radix: radix) else { return false }
                previousWasUnderscore = false
            }
        }
        return true
    }

    private static func isDigit(_ byte: UInt8, radix: Int) -> Bool {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): Int(byte - UInt8(ascii: "0")) < radix
        case UInt8(ascii: "a")...UInt8(ascii: "f"), UInt8(ascii: "A")...UInt8(ascii: "F"): radix == 16
        default: false
        }
    }

    // MARK: - Dates and times

    /// `1979-05-27`, with a month and a day that exist.
    static func isLocalDate(_ token: ArraySlice<UInt8>) -> Bool {
        token.count == 10 && dateLength(token) == 10
    }

    /// An offset date-time, a local date-time, a local date or a local time.
    static func isDateOrTime(_ token: ArraySlice<UInt8>) -> Bool {
        if let timeLength = timeLength(token) { return timeLength == token.count }
        guard dateLength(token) == 10 else { return false }
        var rest = token.dropFirst(10)
        guard let separator = rest.first else { return true }
        guard separator == UInt8(ascii: "T") || separator == UInt8(ascii: "t") || separator == 0x20 else { return false }
        rest = rest.dropFirst()
        guard let timeLength = timeLength(rest) else { return false }
        rest = rest.dropFirst(timeLength)
        guard let zone = rest.first else { return true }
        if zone == UInt8(ascii: "Z") || zone == UInt8(ascii: "z") { return rest.count == 1 }
        guard zone == UInt8(ascii: "+") || zone == UInt8(ascii: "-"), rest.count == 6, rest[rest.startIndex + 3] == UInt8(ascii: ":"),
              let hours = twoDigits(rest, at: 1), let minutes = twoDigits(rest, at: 4)
        else { return false }
        return hours <= 23 && minutes <= 59
    }

    /// 10 when `bytes` starts with a valid `YYYY-MM-DD`.
    private static func dateLength(_ bytes: ArraySlice<UInt8>) -> Int? {
        guard bytes.count >= 10, let century = twoDigits(bytes, at: 0), let yearInCentury = twoDigits(bytes, at: 2),
              bytes[bytes.startIndex + 4] == UInt8(ascii: "-"), bytes[bytes.startIndex + 7] == UInt8(ascii: "-"),
              let month = twoDigits(bytes, at: 5), let day = twoDigits(bytes, at: 8), (1...12).contains(month), day >= 1
        else { return nil }
        let year = century * 100 + yearInCentury
        let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
        let days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1]
        return day <= days ? 10 : nil
    }

    /// The length of a valid `HH:MM:SS` or `HH:MM:SS.fraction` at the start of `bytes`.
    private static func timeLength(_ bytes: ArraySlice<UInt8>) -> Int? {
        guard bytes.count >= 8, let hour = twoDigits(bytes, at: 0), bytes[bytes.startIndex + 2] == UInt8(ascii: ":"),
              let minute = twoDigits(bytes, at: 3), bytes[bytes.startIndex + 5] == UInt8(ascii: ":"),
              let second = twoDigits(bytes, at: 6), hour <= 23, minute <= 59, second <= 60
        else { return nil }
        guard bytes.count > 8, bytes[bytes.startIndex + 8] == UInt8(ascii: ".") else { return 8 }
        let digits = bytes.dropFirst(9).prefix { (0x30...0x39).contains($0) }.count
        return digits > 0 ? 9 + digits : nil
    }

    private static func twoDigits(_ bytes: ArraySlice<UInt8>, at offset: Int) -> Int? {
        guard offset >= 0, offset + 2 <= bytes.count else { return nil }
        let tens = bytes[bytes.startIndex + offset], ones = bytes[bytes.startIndex + offset + 1]
        guard (0x30...0x39).contains(tens), (0x30...0x39).contains(ones) else { return nil }
        return Int(tens - 0x30) * 10 + Int(ones - 0x30)
    }
}
