import Foundation

/// A parsed configuration document: TOML's values (dates and times as their text).
indirect enum ConfigTree: Equatable {
    case table([String: ConfigTree])
    case array([ConfigTree])
    case string(String)
    case integer(Int)
    case float(Double)
    case boolean(Bool)

    /// Parses TOML text; a syntax error names the line and column.
    static func parse(toml text: String, file: String) throws(ConfigError) -> ConfigTree {
        do throws(TOMLSyntaxError) {
            return try TOMLReader.parse(Array(text.utf8))
        } catch {
            throw .syntax(file: file, line: error.line, column: error.column, message: error.message)
        }
    }
}

/// ConfigTree reads and writes JSON, so any `Codable` settings value can become a tree and back.
extension ConfigTree: Codable {
    init(from decoder: any Decoder) throws {
        if var array = try? decoder.unkeyedContainer() {
            var items: [ConfigTree] = []
            while !array.isAtEnd { items.append(try array.decode(ConfigTree.self)) }
            self = .array(items)
            return
        }
        if let keyed = try? decoder.container(keyedBy: AnyKey.self) {
            var entries: [String: ConfigTree] = [:]
            for key in keyed.allKeys { entries[key.stringValue] = try keyed.decode(ConfigTree.self, forKey: key) }
            self = .table(entries)
            return
        }
        let value = try decoder.singleValueContainer()
        if let b = try? value.decode(Bool.self) { self = .boolean(b) }
        else if let i = try? value.decode(Int.self) { self = .integer(i) }
        else if let d = try? value.decode(Double.self) { self = .float(d) }
        else { self = .string(try value.decode(String.self)) }
    }

    func encode(to encoder: any Encoder) throws {
        switch self {
        case .table(let entries):
            var keyed = encoder.container(keyedBy: AnyKey.self)
            for key in entries.keys.sorted() { try keyed.encode(entries[key]!, forKey: AnyKey(key)) }
        case .array(let items):
            var array = encoder.unkeyedContainer()
            for item in items { try array.encode(item) }
        case .string(let s): var c = encoder.singleValueContainer(); try c.encode(s)
        case .integer(let i): var c = encoder.singleValueContainer(); try c.encode(i)
        case .float(let d): var c = encoder.singleValueContainer(); try c.encode(d)
        case .boolean(let b): var c = encoder.singleValueContainer(); try c.encode(b)
        }
    }

    private struct AnyKey: CodingKey {
        let stringValue: String
        init(_ string: String) { stringValue = string }
        init?(stringValue: String) { self.stringValue = stringValue }
        var intValue: Int? { nil }
        init?(intValue: Int) { nil }
    }
}

extension ConfigTree {
    /// Equal as settings: the same keys and values, where `1` and `1.0` are the same number
    /// (JSON, which carries the defaults, does not tell them apart).
    func isEquivalent(to other: ConfigTree) -> Bool {
        switch (self, other) {
        case let (.table(a), .table(b)):
            return a.count == b.count && a.allSatisfy { key, value in b[key].map(value.isEquivalent) ?? false }
        case let (.array(a), .array(b)):
            return a.count == b.count && zip(a, b).allSatisfy { $0.isEquivalent(to: $1) }
        case let (.integer(a), .float(b)), let (.float(b), .integer(a)):
            return Double(a) == b
        default:
            return self == other
        }
    }
}

/// The configuration as its TOML file names it (its tables and snake_case keys, each table's keys sorted): what
/// `clean config show --json` prints.
public struct SettingsTree: Encodable {
    let tree: ConfigTree

    public func encode(to encoder: any Encoder) throws { try tree.encode(to: encoder) }
}

extension Configuration {
    /// The effective configuration as `clean config` shows it, as a tree of tables.
    public var tree: SettingsTree {
        SettingsTree(tree: (try? ConfigTree.parse(toml: toml, file: "the effective configuration")) ?? .table([:]))
    }
}
