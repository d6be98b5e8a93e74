import Foundation

/// When a photo or video was taken, as its source wrote it: a wall-clock time plus what is known
/// about its zone (an offset, UTC, or nothing).
///
/// Kept as fields rather than a `Date` because most cameras write a local time without an offset:
/// rendering it with a guessed zone would invent information.
///
/// Codable as its `iso8601WithFraction` string, which `init?(iso8601:)` reads back (to the millisecond).
public struct CaptureDate: Sendable, Equatable, Hashable, Codable {
    /// What the source says about the zone of the wall-clock fields.
    public enum Zone: Sendable, Equatable, Hashable {
        /// A local time of unknown offset (most EXIF, file names): rendered without a suffix.
        case unknown
        /// A UTC source (QuickTime `mvhd`, Takeout sidecars, mtime): rendered with `Z`.
        case utc
        /// A local time whose offset from UTC is known, in seconds: rendered `+02:00`.
        case offset(seconds: Int)
    }

    public var year: Int
    public var month: Int
    public var day: Int
    public var hour: Int
    public var minute: Int
    public var second: Int
    public var nanosecond: Int
    public var zone: Zone

    /// A valid date, or nil for an impossible one (month 13, February 30, hour 24, year 0).
    public init?(year: Int, month: Int, day: Int, hour: Int = 0, minute: Int = 0, second: Int = 0,
                 nanosecond: Int = 0, zone: Zone = .unknown) {
        guard (1800...9999).contains(year), (1...12).contains(month),
              (1...CaptureDate.daysIn(month: month, year: year)).contains(day),
              (0...23).contains(hour), (0...59).contains(minute), (0...60).contains(second),
              (0..<1_000_000_000).contains(nanosecond) else { return nil }
        if case .offset(let seconds) = zone, abs(seconds) > 18 * 3600 { return nil }
        self.year = year
        self.month = month
        self.day = day
        self.hour = hour
        self.minute = minute
        self.second = second
        self.nanosecond = nanosecond
        self.zone = zone
    }

    /// A UTC instant, e.g. from a QuickTime `mvhd` or a Unix timestamp.
    public init?(utcSecondsSince1970 seconds: Int64, nanosecond: Int = 0) {
        guard seconds > -5_364_662_400, seconds < 253_402_300_800 else { return nil }  // 1800…9999
        let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
        let secondOfDay = Int(seconds - days * 86_400)
        let (y, m, d) = CaptureDate.civil(fromDays: days)
        self.init(year: y, month: m, day: d, hour: secondOfDay / 3600, minute: secondOfDay / 60 % 60,
                  second: secondOfDay % 60, nanosecond: nanosecond, zone: .utc)
    }

    /// Reads what `iso8601` / `iso8601WithFraction` write (and QuickTime's "+0200" offsets); nil for anything else.
    public init?(iso8601 text: String) {
        guard let date = CaptureDate.iso8601(Array(text.utf8), strict: true) else { return nil }
        self = date
    }

    public init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        guard let date = CaptureDate(iso8601: text) else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "not an ISO 8601 date-time: \(text)"))
        }
        self = date
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(iso8601WithFraction)
    }

    // MARK: - Rendering

    /// ISO 8601 to the second, as DESIGN.md wants it: `2020-05-04T18:39:11-04:00` with a known
    /// offset, `…Z` for UTC, no suffix for a local time of unknown offset. Sub-seconds are left out
    /// (exiftool, which the corpus follows, leaves them out too); see `iso8601WithFraction`.
    public var iso8601: String { render(fraction: false) }

    /// The same with milliseconds when the source has them, e.g. `2020-05-04T18:39:11.644-04:00`.
    public var iso8601WithFraction: String { render(fraction: true) }

    private func render(fraction: Bool) -> String {
        var text = "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))T\(pad(hour, 2)):\(pad(minute, 2)):\(pad(second, 2))"
        if fraction, nanosecond > 0 { text += ".\(pad(nanosecond / 1_000_000, 3))" }
        switch zone {
        case .unknown: break
        case .utc: text += "Z"
        case .offset(let seconds):
            let magnitude = abs(seconds)
            text += (seconds < 0 ? "-" : "+") + "\(pad(magnitude / 3600, 2)):\(pad(magnitude / 60 % 60, 2))"
        }
        return text
    }

    private func pad(_ value: Int, _ width: Int) -> String {
        let digits = String(value)
        return digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
    }

    // MARK: - Absolute time

    /// The instant, reading a local time of unknown offset in `timeZone` (the zone the library was shot in, usually the user's).
    public func date(assuming timeZone: TimeZone) -> Date {
        let wall = Int64(CaptureDate.days(year: year, month: month, day: day)) * 86_400
            + Int64(hour * 3600 + minute * 60 + second)
        let fraction = Double(nanosecond) / 1e9
        let utc: Int64
        switch zone {
        case .utc: utc = wall
        case .offset(let seconds): utc = wall - Int64(seconds)
        case .unknown:
            // The offset in force at that wall-clock time; a second look settles DST edges.
            let first = Int64(timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: Double(wall))))
            let second = Int64(timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: Double(wall - first))))
            utc = wall - second
        }
        return Date(timeIntervalSince1970: Double(utc) + fraction)
    }

    // MARK: - Calendar arithmetic (proleptic Gregorian, no Foundation per file)

    static func isLeap(_ year: Int) -> Bool { year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) }

    static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: isLeap(year) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// Days since 1970-01-01 (H. Hinnant's days_from_civil).
    static func days(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let doy = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }

    static func civil(fromDays days: Int64) -> (Int, Int, Int) {
        let z = Int(days) + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let d = doy - (153 * mp + 2) / 5 + 1
        let m = mp < 10 ? mp + 3 : mp - 9
        return (yoe + era * 400 + (m <= 2 ? 1 : 0), m, d)
    }
}

// MARK: - Parsing the text forms metadata uses, by hand

extension CaptureDate {
    /// An EXIF date "YYYY:MM:DD HH:MM:SS" (dashes also accepted), with the matching SubSecTime
    /// ("644") and OffsetTime ("-04:00") when present. Zero, blank and impossible dates give nil.
    static func exif(_ text: [UInt8], subSeconds: [UInt8]? = nil, offset: [UInt8]? = nil) -> CaptureDate? {
        var scanner = DigitScanner(text)
        guard let year = scanner.number(4), scanner.skip(anyOf: ":-"),
              let month = scanner.number(2), scanner.skip(anyOf: ":-"),
              let day = scanner.number(2), scanner.skip(anyOf: " T"),
              let hour = scanner.number(2), scanner.skip(anyOf: ":"),
              let minute = scanner.number(2), scanner.skip(anyOf: ":"),
              let second = scanner.number(2) else { return nil }
        let nanosecond = subSeconds.map(CaptureDate.nanoseconds(fromFraction:)) ?? 0
        let zone = offset.flatMap(CaptureDate.zone(from:)) ?? .unknown
        return CaptureDate(year: year, month: month, day: day, hour: hour, minute: minute, second: second,
                           nanosecond: nanosecond, zone: zone)
    }

    /// An ISO 8601 date-time as QuickTime writes it: "2019-05-21T10:45:52+0200", "+02:00", "Z", fractions allowed.
    /// `strict`: an unreadable zone suffix makes the whole text invalid (otherwise it is ignored).
    static func iso8601(_ text: [UInt8], strict: Bool = false) -> CaptureDate? {
        var scanner = DigitScanner(text)
        guard let year = scanner.number(4), scanner.skip(anyOf: "-"),
              let month = scanner.number(2), scanner.skip(anyOf: "-"),
              let day = scanner.number(2), scanner.skip(anyOf: "T "),
              let hour = scanner.number(2), scanner.skip(anyOf: ":"),
              let minute = scanner.number(2) else { return nil }
        var second = 0
        if scanner.skip(anyOf: ":") {
            guard let s = scanner.number(2) else { return nil }
            second = s
        }
        var nanosecond = 0
        if scanner.skip(anyOf: ".,") { nanosecond = CaptureDate.nanoseconds(fromFraction: scanner.digitRun()) }
        let rest = scanner.remainder
        let parsedZone: Zone? = rest.isEmpty ? .unknown : CaptureDate.zone(from: rest)
        if strict, parsedZone == nil { return nil }
        let zone = parsedZone ?? .unknown
        return CaptureDate(year: year, month: month, day: day, hour: hour, minute: minute, second: second,
                           nanosecond: nanosecond, zone: zone)
    }

    /// "+02:00", "-0400", "+02", "Z" → a zone; anything else → nil.
    static func zone(from text: [UInt8]) -> Zone? {
        let trimmed = text.filter { $0 != 0 && $0 != 0x20 }
        if trimmed == [UInt8(ascii: "Z")] { return .utc }
        guard let sign = trimmed.first, sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") else { return nil }
        var scanner = DigitScanner(Array(trimmed.dropFirst()))
        guard let hours = scanner.number(2) else { return nil }
        var minutes = 0
        if !scanner.atEnd {
            _ = scanner.skip(anyOf: ":")
            guard let m = scanner.number(2), scanner.atEnd, m < 60 else { return nil }
            minutes = m
        }
        guard hours <= 18 else { return nil }
        let seconds = (hours * 3600 + minutes * 60) * (sign == UInt8(ascii: "-") ? -1 : 1)
        return .offset(seconds: seconds)
    }

    /// "644" → 644,000,000 ns; non-digits end the fraction.
    static func nanoseconds(fromFraction text: [UInt8]) -> Int {
        var value = 0
        var digits = 0
        for byte in text {
            guard byte >= 0x30, byte <= 0x39, digits < 9 else { break }
            value = value * 10 + Int(byte - 0x30)
            digits += 1
        }
        guard digits > 0 else { return 0 }
        for _ in digits..<9 { value *= 10 }
        return value
    }

    /// True when this date is later than `now`, reading a local time in `timeZone`.
    func isAfter(_ now: Date, timeZone: TimeZone) -> Bool { date(assuming: timeZone) > now }
}

/// Reads fixed-width decimal numbers and separators from ASCII bytes, without allocating.
struct DigitScanner {
    private let bytes: [UInt8]
    private var index = 0

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    var atEnd: Bool { index >= bytes.count }
    var remainder: [UInt8] { index < bytes.count ? Array(bytes[index...]) : [] }

    /// Exactly `width` decimal digits.
    mutating func number(_ width: Int) -> Int? {
        guard index + width <= bytes.count else { return nil }
        var value = 0
        for i in index..<(index + width) {
            let byte = bytes[i]
            guard byte >= 0x30, byte <= 0x39 else { return nil }
            value = value * 10 + Int(byte - 0x30)
        }
        index += width
        return value
    }

    /// Skips one byte if it is one of `characters`.
    mutating func skip(anyOf characters: StaticString) -> Bool {
        guard index < bytes.count else { return false }
        let byte = bytes[index]
        let found = characters.withUTF8Buffer { $0.contains(byte) }
        if found { index += 1 }
        return found
    }

    /// All the digits from here on.
    mutating func digitRun() -> [UInt8] {
        let start = index
        while index < bytes.count, bytes[index] >= 0x30, bytes[index] <= 0x39 { index += 1 }
        return Array(bytes[start..<index])
    }
}
