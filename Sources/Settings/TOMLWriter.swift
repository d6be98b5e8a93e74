import Foundation

/// Writes a configuration tree as TOML, for `clean config` to show the effective settings.
enum TOMLWriter {
    /// `note` gives a comment for the end of a key's line, by dotted key (`[]` for each table of an array).
    static func render(_ tree: ConfigTree, note: (String) -> String? = { _ in nil }) -> String {
        var out = ""
        write(tree, path: [], note: note, into: &out)
        return out
    }

    private static func write(_ tree: ConfigTree, path: [String], note: (String) -> String?, into out: inout String) {
        func line(_ key: String, _ value: ConfigTree, dotted: String) -> String {
            "\(key) = \(inline(value))" + (note(dotted).map { "  # \($0)" } ?? "") + "\n"
        }
        guard case .table(let entries) = tree else { return }
        let keys = entries.keys.sorted()
        let scalars = keys.filter { !isSection(entries[$0]!) }
        if !path.isEmpty && (!scalars.isEmpty || keys.isEmpty) { out += "\n[\(path.joined(separator: "."))]\n" }
        for key in scalars { out += line(key, entries[key]!, dotted: (path + [key]).joined(separator: ".")) }
        for key in keys where isSection(entries[key]!) {
            switch entries[key]! {
            case .table:
                write(entries[key]!, path: path + [key], note: note, into: &out)
            case .array(let items):
                let array = (path + [key]).joined(separator: ".")
                for item in items {
                    out += "\n[[\(array)]]\n"
                    if case .table(let fields) = item {
                        for field in fields.keys.sorted() { out += line(field, fields[field]!, dotted: array + "[]." + field) }
                    }
                }
            default: break
            }
        }
    }

    /// Tables, and arrays made only of tables, get sections of their own; everything else is a value.
    private static func isSection(_ value: ConfigTree) -> Bool {
        switch value {
        case .table: return true
        case .array(let items): return !items.isEmpty && items.allSatisfy { if case .table = $0 { return true } else { return false } }
        default: return false
        }
    }

    static func inline(_ value: ConfigTree) -> String {
        switch value {
        case .string(let s): return quoted(s)
        case .integer(let i): return String(i)
        case .float(let d): return d == d.rounded() && abs(d) < 1e15 ? String(format: "%.1f", d) : String(d)
        case .boolean(let b): return b ? "true" : "false"
        case .array(let items): return "[" + items.map(inline).joined(separator: ", ") + "]"
        case .table(let entries):
            return "{ " + entries.keys.sorted().map { "\($0) = \(inline(entries[$0]!))" }.joined(separator: ", ") + " }"
        }
    }

    private static func quoted(_ s: String) -> String {
        var out = "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F { out += String(format: "\\u%04X", scalar.value) }
                else { out.unicodeScalars.append(scalar) }
            }
        }
        return out + "\""
    }
}

extension Configuration {
    /// The configuration as a complete TOML document (snake_case keys, sorted), each number with its range.
    public var toml: String {
        TOMLWriter.render(Overlay.tree(of: self), note: Limits.note).trimmingCharacters(in: .newlines) + "\n"
    }
}
