import Foundation

/// Lays a user's partial configuration over complete defaults, for any `Codable` settings type.
///
/// Keys are snake_case in files and lowerCamelCase in Swift; Foundation's JSON coders translate.
/// Tables merge key by key, arrays and scalars replace. A key the defaults do not have is an
/// error, and a value of the wrong type is reported with its dotted key.
enum Overlay {
    static func apply<Settings: Codable>(_ tree: ConfigTree, over defaults: Settings, file: String) throws(ConfigError) -> Settings {
        if let key = tree.firstNonFiniteNumber() { throw .wrongType(file: file, key: key, expected: "a finite number") }
        let merged = try merge(tree, onto: self.tree(of: defaults), path: [], file: file)
        do {
            return try decoder.decode(Settings.self, from: JSONEncoder().encode(merged))
        } catch let error as DecodingError {
            throw describe(error, file: file)
        } catch {
            throw .invalidValue(file: file, key: "", message: "\(error)")
        }
    }

    static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.keyEncodingStrategy = .convertToSnakeCase
        encoder.outputFormatting = [.sortedKeys]
        return encoder
    }()

    static let decoder: JSONDecoder = {
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        return decoder
    }()

    /// The snake_case tree of a settings value, as a file would spell it.
    static func tree<Settings: Encodable>(of settings: Settings) -> ConfigTree {
        do {
            return try JSONDecoder().decode(ConfigTree.self, from: encoder.encode(settings))
        } catch {
            preconditionFailure("settings must encode as a tree: \(error)")
        }
    }

    private static func merge(_ tree: ConfigTree, onto base: ConfigTree, path: [String], file: String) throws(ConfigError) -> ConfigTree {
        guard case .table(let entries) = tree, case .table(var table) = base else { return tree }
        for (key, value) in entries.sorted(by: { $0.key < $1.key }) {
            let keyPath = path + [key]
            switch (table[key], value) {
            case (nil, _):
                throw .unknownKey(file: file, key: keyPath.joined(separator: "."))
            case (.table(let existing)?, .table):
                table[key] = try merge(value, onto: .table(existing), path: keyPath, file: file)
            case (.table?, _):
                throw .wrongType(file: file, key: keyPath.joined(separator: "."), expected: "a table")
            default:
                table[key] = value
            }
        }
        return .table(table)
    }

    private static func describe(_ error: DecodingError, file: String) -> ConfigError {
        func dotted(_ path: [any CodingKey]) -> String {
            path.map { $0.intValue.map { "[\($0)]" } ?? snakeCase($0.stringValue) }
                .joined(separator: ".").replacingOccurrences(of: ".[", with: "[")
        }
        switch error {
        case let .typeMismatch(type, context):
            return .wrongType(file: file, key: dotted(context.codingPath), expected: typeName(type))
        case let .valueNotFound(type, context):
            return .wrongType(file: file, key: dotted(context.codingPath), expected: typeName(type))
        case let .keyNotFound(key, context):
            return .invalidValue(file: file, key: dotted(context.codingPath + [key]), message: "is missing")
        case let .dataCorrupted(context):
            return .invalidValue(file: file, key: dotted(context.codingPath), message: "is not valid: \(context.debugDescription)")
        @unknown default:
            return .invalidValue(file: file, key: "", message: "\(error)")
        }
    }

    private static func typeName(_ type: Any.Type) -> String {
        switch type {
        case is String.Type: return "a string"
        case is Bool.Type: return "true or false"
        case is Double.Type, is Float.Type: return "a number"
        case is Int.Type, is Int64.Type, is Int32.Type, is UInt.Type, is UInt64.Type: return "a whole number"
        case is [Any].Type: return "an array"
        default: return "a \(type)"
        }
    }

    static func snakeCase(_ key: String) -> String {
        var result = ""
        for character in key {
            if character.isUppercase {
                if !result.isEmpty { result.append("_") }
                result.append(contentsOf: character.lowercased())
            } else {
                result.append(character)
            }
        }
        return result
    }
}

extension ConfigTree {
    /// The dotted key of the first infinity or NaN (which no setting takes, and JSON cannot carry), or nil.
    func firstNonFiniteNumber(path: String = "") -> String? {
        switch self {
        case .float(let value): return value.isFinite ? nil : path
        case .table(let entries):
            for key in entries.keys.sorted() {
                if let found = entries[key]!.firstNonFiniteNumber(path: path.isEmpty ? key : path + "." + key) { return found }
            }
            return nil
        case .array(let items):
            for (index, item) in items.enumerated() {
                if let found = item.firstNonFiniteNumber(path: path + "[\(index)]") { return found }
            }
            return nil
        case .string, .integer, .boolean: return nil
        }
    }
}
