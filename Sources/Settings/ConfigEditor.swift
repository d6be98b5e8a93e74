import Foundation

/// Sets one key of the user's configuration file (`clean config set KEY VALUE`).
///
/// The value is read as a TOML value (`90`, `true`, `[".a", ".b"]`, `"text"`); for a key whose default is
/// a string, bare text is that string (`pro`). The file with the new value is laid over the defaults
/// before anything is written, so a bad key or value changes nothing. The line is edited in place when
/// it can be, keeping the user's comments and other overrides; otherwise the whole file is rewritten from
/// its settings. The file is replaced atomically (temporary file, then rename).
public enum ConfigEditor {
    /// What was written: the file and the value as TOML.
    public struct Change: Sendable, Equatable {
        public let file: String
        public let key: String
        public let value: String
    }

    /// Keys that take one of a few words, for a message that lists them.
    static let choices: [String: [String]] = ["player.tier": ["free", "pro"], "web.theme": Theme.allCases.map(\.rawValue)]

    public static func set(key: String, value: String, environment: [String: String]) throws(ConfigEditError) -> Change {
        let file = ConfigLoader.userFile(environment: environment)
        let path = key.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        guard !path.isEmpty, path.allSatisfy({ !$0.isEmpty && $0.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_" || $0 == "-") } })
        else { throw .badKey(key) }

        let defaults = Overlay.tree(of: Configuration.defaults)
        guard let current = defaults.value(at: path) else { throw .unknownKey(key) }
        if case .table = current { throw .isATable(key) }
        let parsed = parseValue(value, default: current)
        if let words = choices[key], case .string(let word) = parsed, !words.contains(word) {
            throw .notOneOf(key: key, value: value, choices: words)
        }

        let text: String
        let tree: ConfigTree
        do throws(ConfigError) {
            text = try ConfigFile.text(of: file) ?? ""
            tree = try ConfigTree.parse(toml: text, file: file)
        } catch {
            throw .config(error)
        }
        let updated = tree.setting(parsed, at: path)
        do throws(ConfigError) {
            try Limits.check(try Overlay.apply(updated, over: Configuration.defaults, file: file), file: file)
        } catch {
            throw ConfigEditError(error, key: key, value: value)
        }

        let line = "\(path.last!) = \(TOMLWriter.inline(parsed))"
        var output = edited(text, section: path.dropLast().joined(separator: "."), key: path.last!, line: line)
        if (try? ConfigTree.parse(toml: output, file: file))?.isEquivalent(to: updated) != true {
            output = "# SwipeClean settings (rewritten by `clean config set`); any subset of `clean config`'s keys.\n"
                + TOMLWriter.render(updated).trimmingCharacters(in: .newlines) + "\n"
        }
        try write(output, to: file)
        return Change(file: file, key: key, value: TOMLWriter.inline(parsed))
    }

    /// `text` as TOML; bare text where the default is a string (or where it is not TOML at all, so the
    /// type check can name the key).
    static func parseValue(_ text: String, default current: ConfigTree) -> ConfigTree {
        let parsed: ConfigTree?
        if case .table(let entries)? = try? ConfigTree.parse(toml: "v = \(text)", file: "VALUE") { parsed = entries["v"] } else { parsed = nil }
        switch (current, parsed) {
        case (.string, .string?): return parsed!
        case (.string, _), (_, nil): return .string(text)
        default: return parsed!
        }
    }

    /// `text` with `key = …` replaced (or added after the last setting) in `[section]`; a new section goes at the end.
    static func edited(_ text: String, section: String, key: String, line: String) -> String {
        var lines = text.components(separatedBy: "\n")
        if lines.last == "" { lines.removeLast() }
        var current = ""
        var header: Int? = section.isEmpty ? -1 : nil
        var lastSetting: Int?
        for (index, raw) in lines.enumerated() {
            let trimmed = raw.trimmingCharacters(in: .whitespaces)
            if trimmed.hasPrefix("[") {
                current = trimmed.hasPrefix("[[") ? "\u{0}"
                    : String(trimmed.dropFirst().prefix { $0 != "]" }).trimmingCharacters(in: .whitespaces)
                if current == section && header == nil { header = index }
                continue
            }
            guard current == section, !trimmed.isEmpty, !trimmed.hasPrefix("#") else { continue }
            lastSetting = index
            if let equals = trimmed.firstIndex(of: "="),
               [key, "\"\(key)\""].contains(trimmed[..<equals].trimmingCharacters(in: .whitespaces)) {
                lines[index] = line
                return lines.joined(separator: "\n") + "\n"
            }
        }
        if let header {
            lines.insert(line, at: (lastSetting ?? header) + 1)
        } else {
            if !lines.isEmpty { lines.append("") }
            lines += ["[\(section)]", line]
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Writes `text` to a temporary file next to `file`, flushes it, and renames it over `file`.
    static func write(_ text: String, to file: String) throws(ConfigEditError) {
        let directory = (file as NSString).deletingLastPathComponent
        let temporary = directory + "/.config.toml.\(ProcessInfo.processInfo.processIdentifier).tmp"
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            guard FileManager.default.createFile(atPath: temporary, contents: Data(text.utf8)) else {
                throw CocoaError(.fileWriteNoPermission)
            }
            let handle = try FileHandle(forUpdating: URL(fileURLWithPath: temporary))
            try handle.synchronize()
            try handle.close()
            guard rename(temporary, file) == 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        } catch {
            try? FileManager.default.removeItem(atPath: temporary)
            throw .unwritable(file: file, reason: (error as NSError).localizedDescription)
        }
    }
}

/// Why `clean config set` refused, as one sentence naming the key.
public enum ConfigEditError: Error, Equatable, CustomStringConvertible {
    case badKey(String)
    case unknownKey(String)
    case isATable(String)
    case notOneOf(key: String, value: String, choices: [String])
    case wrongType(key: String, value: String, expected: String)
    case invalid(key: String, value: String, message: String)
    case outOfRange(key: String, value: String, range: String)
    /// The user's file itself is broken (its own key, not the one being set).
    case config(ConfigError)
    case unwritable(file: String, reason: String)

    init(_ error: ConfigError, key: String, value: String) {
        switch error {
        case let .wrongType(_, failing, expected) where failing == key: self = .wrongType(key: key, value: value, expected: expected)
        case let .invalidValue(_, failing, message) where failing == key: self = .invalid(key: key, value: value, message: message)
        case let .outOfRange(_, failing, range, _) where failing == key || failing.hasPrefix(key + "["):
            self = .outOfRange(key: failing, value: value, range: range)
        default: self = .config(error)
        }
    }

    public var description: String {
        switch self {
        case let .badKey(key):
            return "'\(key)' is not a setting name; write it as section.key in snake_case, e.g. player.tier or play.round_seconds"
        case let .unknownKey(key):
            return "unknown setting '\(key)' (`clean config` lists the keys there are)"
        case let .isATable(key):
            return "'\(key)' is a table, not a setting; set one of its keys (`clean config` lists them)"
        case let .notOneOf(key, value, choices):
            return "'\(value)' is not a valid \(key): it must be one of \(choices.joined(separator: ", "))"
        case let .wrongType(key, value, expected):
            return "'\(value)' is not a valid \(key): it must be \(expected)"
        case let .outOfRange(key, value, range):
            return "'\(value)' is not a valid \(key): it must be \(range)"
        case let .invalid(key, value, message):
            return "'\(value)' is not a valid \(key): the key \(message)"
        case let .config(error):
            return error.description
        case let .unwritable(file, reason):
            return "cannot write the config file \(file): \(reason)"
        }
    }
}

extension ConfigTree {
    /// The value at a dotted path, or nil.
    func value(at path: [String]) -> ConfigTree? {
        guard let first = path.first else { return self }
        guard case .table(let entries) = self, let next = entries[first] else { return nil }
        return next.value(at: Array(path.dropFirst()))
    }

    /// This tree with `value` at `path`, creating tables on the way (replacing anything that is not one).
    func setting(_ value: ConfigTree, at path: [String]) -> ConfigTree {
        guard let first = path.first else { return value }
        var entries: [String: ConfigTree] = [:]
        if case .table(let existing) = self { entries = existing }
        entries[first] = (entries[first] ?? .table([:])).setting(value, at: Array(path.dropFirst()))
        return .table(entries)
    }
}
