import Foundation

/// The desktop's Pictures folder, as every photo app on Linux finds it: `XDG_PICTURES_DIR` from the
/// environment, else the line of `$XDG_CONFIG_HOME/user-dirs.dirs` (default `~/.config/user-dirs.dirs`)
/// written `XDG_PICTURES_DIR="$HOME/Pictures"`, else `~/Pictures`.
public enum PicturesFolder {
    /// The folder the desktop names (it may not exist), or nil without a home folder.
    public static func path(environment: [String: String]) -> String? {
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 }
        if let named = environment["XDG_PICTURES_DIR"], !named.isEmpty {
            return expand(named, home: home)
        }
        if let home {
            let config = environment["XDG_CONFIG_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? home + "/.config"
            if let text = try? String(contentsOfFile: config + "/user-dirs.dirs", encoding: .utf8),
               let named = userDirsValue(text, key: "XDG_PICTURES_DIR") {
                return expand(named, home: home)
            }
            return home + "/Pictures"
        }
        return nil
    }

    /// The value of `KEY="…"` in user-dirs.dirs text (comments and other keys skipped), unquoted.
    public static func userDirsValue(_ text: String, key: String) -> String? {
        var found: String?
        for raw in text.split(whereSeparator: \.isNewline) {
            let line = raw.trimmingCharacters(in: .whitespaces)
            guard !line.hasPrefix("#"), line.hasPrefix(key + "=") else { continue }
            var value = String(line.dropFirst(key.count + 1))
            if value.hasPrefix("\""), value.hasSuffix("\""), value.count >= 2 {
                value = String(value.dropFirst().dropLast())
            }
            value = value.replacingOccurrences(of: "\\\"", with: "\"")
            if !value.isEmpty { found = value }
        }
        return found
    }

    /// `$HOME/x` and `${HOME}/x` with the home folder; an absolute path as it is; anything else nil.
    static func expand(_ value: String, home: String?) -> String? {
        for prefix in ["$HOME", "${HOME}"] where value == prefix || value.hasPrefix(prefix + "/") {
            guard let home else { return nil }
            let rest = value.dropFirst(prefix.count)
            return rest.isEmpty ? home : home + rest
        }
        return value.hasPrefix("/") ? value : nil
    }
}
