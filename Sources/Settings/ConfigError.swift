/// Why a configuration file cannot be used, as one sentence naming the file, the key and what was expected.
public enum ConfigError: Error, Equatable, CustomStringConvertible {
    case unreadable(file: String, reason: String)
    case notUTF8(file: String, line: Int, column: Int, byte: UInt8)
    case syntax(file: String, line: Int, column: Int, message: String)
    case unknownKey(file: String, key: String)
    case wrongType(file: String, key: String, expected: String)
    case invalidValue(file: String, key: String, message: String)
    case outOfRange(file: String, key: String, range: String, value: String)

    /// One line of plain text: what the user wrote (a key, a value) may hold control characters, which are
    /// shown escaped so they can neither break the sentence nor drive the terminal.
    public var description: String {
        let line = sentence
        guard line.unicodeScalars.contains(where: Self.isControl) else { return line }
        return line.unicodeScalars.map { Self.isControl($0) ? "\\u{\(String($0.value, radix: 16, uppercase: true))}" : String($0) }.joined()
    }

    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
    }

    private var sentence: String {
        switch self {
        case let .unreadable(file, reason):
            return "cannot read config file \(file): \(reason)"
        case let .notUTF8(file, line, column, byte):
            let hex = String(byte, radix: 16, uppercase: true)
            return "config file \(file) is not UTF-8 text: line \(line), column \(column) holds the byte 0x\(hex.count < 2 ? "0" + hex : hex); save it as UTF-8"
        case let .syntax(file, line, column, message):
            return "config file \(file) is not valid TOML at line \(line), column \(column): \(message)"
        case let .unknownKey(file, key):
            return "config file \(file): unknown key '\(key)' (see `clean config` for the keys there are)"
        case let .wrongType(file, key, expected):
            return "config file \(file): key '\(key)' must be \(expected)"
        case let .invalidValue(file, key, message):
            return "config file \(file): key '\(key)' \(message)"
        case let .outOfRange(file, key, range, value):
            return "`\(key)` must be \(range) in \(file) (it is \(value))"
        }
    }
}
