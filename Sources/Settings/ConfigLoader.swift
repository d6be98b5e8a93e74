import Foundation

/// Reads the configuration: compiled-in defaults with the user's file laid over them.
public enum ConfigLoader {
    /// Where the user's overrides live: `$XDG_CONFIG_HOME/swipeclean/config.toml`, else `~/.config/…`.
    public static func userFile(environment: [String: String]) -> String {
        let base = environment["XDG_CONFIG_HOME"].flatMap { $0.isEmpty ? nil : $0 }
            ?? (environment["HOME"] ?? NSHomeDirectory()) + "/.config"
        return base + "/swipeclean/config.toml"
    }

    /// The effective configuration and the file it came from (nil when there is no user file).
    public static func load(environment: [String: String]) throws(ConfigError) -> (Configuration, source: String?) {
        let file = userFile(environment: environment)
        guard let text = try ConfigFile.text(of: file) else { return (.defaults, nil) }
        return (try parse(text, file: file), file)
    }

    /// The defaults with the settings in `text` (TOML, any subset of the keys) laid over them.
    public static func parse(_ text: String, file: String, over defaults: Configuration = .defaults) throws(ConfigError) -> Configuration {
        let tree = try ConfigTree.parse(toml: text, file: file)
        let configuration = try Overlay.apply(tree, over: defaults, file: file)
        try Limits.check(configuration, file: file)
        try BossNames.check(configuration, file: file)
        return configuration
    }
}
