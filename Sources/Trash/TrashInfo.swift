import FileSystem
import Foundation

/// The contents of one `info/NAME.trashinfo` file (FreeDesktop.org Trash specification 1.0).
public struct TrashInfo: Equatable, Sendable {
    /// The absolute path the file had before it was trashed, as exact bytes.
    public var originalPath: RawPath
    /// `DeletionDate=` as written: `YYYY-MM-DDThh:mm:ss`, local time.
    public var deletionDate: String

    public init(originalPath: RawPath, deletionDate: String) {
        self.originalPath = originalPath
        self.deletionDate = deletionDate
    }

    /// The exact bytes of the file.
    public var bytes: [UInt8] {
        Array("[Trash Info]\nPath=".utf8) + PercentEncoding.encode(originalPath.bytes)
            + Array("\nDeletionDate=\(deletionDate)\n".utf8)
    }

    /// Reads the file's bytes; nil with the reason when they are not a trash info this code can trust.
    public static func parse(_ bytes: [UInt8]) -> Result<TrashInfo, TrashInfoError> {
        guard let text = String(validating: bytes, as: UTF8.self) else { return .failure(.init("is not text")) }
        let lines = text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" })
            .map { $0.trimmingCharacters(in: .whitespaces) }
        guard let header = lines.firstIndex(where: { !$0.isEmpty && !$0.hasPrefix("#") }),
              lines[header] == "[Trash Info]" else { return .failure(.init("has no [Trash Info] group")) }
        var path: String?
        var date: String?
        for line in lines[(header + 1)...] {
            if line.hasPrefix("[") { break }
            if line.hasPrefix("Path="), path == nil { path = String(line.dropFirst(5)) }
            if line.hasPrefix("DeletionDate="), date == nil { date = String(line.dropFirst(13)) }
        }
        guard let path else { return .failure(.init("has no Path=")) }
        guard let decoded = PercentEncoding.decode(Array(path.utf8)) else { return .failure(.init("has a badly encoded Path=")) }
        guard let date, DeletionDate.parse(date, in: TimeZone(identifier: "UTC")!) != nil else {
            return .failure(.init("has no valid DeletionDate="))
        }
        return .success(TrashInfo(originalPath: RawPath(bytes: decoded), deletionDate: date))
    }
}

/// Why a `.trashinfo` file was not understood.
public struct TrashInfoError: Error, Equatable, Sendable, CustomStringConvertible {
    public let description: String
    init(_ description: String) { self.description = description }
}

/// RFC 2396 escaping over raw bytes: unreserved characters and `/` stay, every other byte
/// becomes `%XX`, so names that are not UTF-8 survive the round trip.
public enum PercentEncoding {
    private static let kept: Set<UInt8> = Set(Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_.!~*'()/".utf8))
    private static let hex = Array("0123456789ABCDEF".utf8)

    public static func encode(_ bytes: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        for byte in bytes {
            if kept.contains(byte) {
                out.append(byte)
            } else {
                out += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 0x0F)]]
            }
        }
        return out
    }

    /// The bytes behind `%XX` escapes; nil for a `%` not followed by two hex digits.
    public static func decode(_ bytes: [UInt8]) -> [UInt8]? {
        var out: [UInt8] = []
        var index = 0
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "%") {
                guard index + 2 < bytes.count, let high = digit(bytes[index + 1]), let low = digit(bytes[index + 2]) else {
                    return nil
                }
                out.append(high << 4 | low)
                index += 3
            } else {
                out.append(bytes[index])
                index += 1
            }
        }
        return out
    }

    private static func digit(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}

/// `DeletionDate=` values: `YYYY-MM-DDThh:mm:ss` in the local time of a given time zone.
public enum DeletionDate {
    public static func format(_ date: Date, in timeZone: TimeZone) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let c = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        func two(_ value: Int?) -> String { let v = value ?? 0; return v < 10 ? "0\(v)" : "\(v)" }
        let year = String(c.year ?? 0)
        return "\(String(repeating: "0", count: max(0, 4 - year.count)))\(year)-\(two(c.month))-\(two(c.day))T\(two(c.hour)):\(two(c.minute)):\(two(c.second))"
    }

    /// The instant a `DeletionDate=` names in `timeZone`; nil when it is not in the format.
    public static func parse(_ text: String, in timeZone: TimeZone) -> Date? {
        let parts = text.split(whereSeparator: { "-T:".contains($0) })
        guard parts.count == 6, text.count == 19, let year = Int(parts[0]), let month = Int(parts[1]),
              let day = Int(parts[2]), let hour = Int(parts[3]), let minute = Int(parts[4]),
              let second = Int(parts[5]), (1...12).contains(month), (1...31).contains(day),
              (0...23).contains(hour), (0...59).contains(minute), (0...60).contains(second) else { return nil }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        return calendar.date(from: DateComponents(year: year, month: month, day: day, hour: hour, minute: minute, second: second))
    }
}
