import Foundation

/// The shape of JSON documents: every key path with the types seen there (`null`, `bool`, `number`,
/// `string`, `array`, `object`), one line a path, sorted. Two documents with the same fields, types and
/// `null`s have the same shape whatever their values; a renamed, dropped or retyped field changes it.
public struct DocumentShape {
    private var types: [String: Set<String>] = [:]

    public init() {}

    /// Adds `text` (one JSON document, or several, one a line, as `--json` streams print) under `name`.
    public mutating func add(_ name: String, json text: String) throws {
        let lines = text.split(separator: "\n").filter { !$0.allSatisfy(\.isWhitespace) }
        guard !lines.isEmpty else { throw Problem("\(name): no JSON at all") }
        for line in lines {
            let value: Value
            do { value = try JSONDecoder().decode(Value.self, from: Data(line.utf8)) } catch {
                throw Problem("\(name): not JSON (\(error)): \(line.prefix(200))")
            }
            walk(value, path: name)
        }
    }

    /// The shape as text, one `path: type|type` a line.
    public var text: String {
        types.keys.sorted().map { "\($0): \(types[$0]!.sorted().joined(separator: "|"))" }.joined(separator: "\n") + "\n"
    }

    /// Compares the shape with the golden file at `path`; with `SWIPECLEAN_WRITE_GOLDEN=1` writes it instead
    /// (done once, when a contract is extended on purpose: the diff then shows what changed).
    public func check(against path: String) throws -> String? {
        if ProcessInfo.processInfo.environment["SWIPECLEAN_WRITE_GOLDEN"] == "1" {
            try text.write(toFile: path, atomically: true, encoding: .utf8)
            return nil
        }
        let golden = try String(contentsOfFile: path, encoding: .utf8)
        guard golden != text else { return nil }
        let want = Set(golden.split(separator: "\n")), have = Set(text.split(separator: "\n"))
        let missing = want.subtracting(have).sorted(), extra = have.subtracting(want).sorted()
        return "the documents' shape differs from \(path):\n"
            + missing.map { "  - \($0)" }.joined(separator: "\n") + "\n" + extra.map { "  + \($0)" }.joined(separator: "\n")
    }

    private mutating func walk(_ value: Value, path: String) {
        switch value {
        case .null: types[path, default: []].insert("null")
        case .bool: types[path, default: []].insert("bool")
        case .number: types[path, default: []].insert("number")
        case .string: types[path, default: []].insert("string")
        case .array(let items):
            types[path, default: []].insert("array")
            for item in items { walk(item, path: path + "[]") }
        case .object(let fields):
            types[path, default: []].insert("object")
            for (key, field) in fields { walk(field, path: path + "." + key) }
        }
    }

    public struct Problem: Error, CustomStringConvertible {
        public let description: String
        init(_ description: String) { self.description = description }
    }

    /// A JSON value as the decoder reads it, strictly: `true` is not a number, `1` is not a bool.
    private enum Value: Decodable {
        case null, bool, number, string
        case array([Value])
        case object([String: Value])

        init(from decoder: Decoder) throws {
            let single = try decoder.singleValueContainer()
            if single.decodeNil() { self = .null; return }
            if (try? single.decode(Bool.self)) != nil { self = .bool; return }
            if (try? single.decode(Double.self)) != nil { self = .number; return }
            if (try? single.decode(String.self)) != nil { self = .string; return }
            if let items = try? single.decode([Value].self) { self = .array(items); return }
            self = .object(try single.decode([String: Value].self))
        }
    }
}
