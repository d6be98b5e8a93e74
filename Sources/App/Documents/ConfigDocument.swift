import Settings

/// `clean config show --json`: where the configuration came from, and the configuration itself.
package struct ConfigDocument: Encodable {
    /// The user's file that overrides the compiled-in defaults, or null when there is none.
    let overrides: String?
    /// The state folder (`SWIPECLEAN_HOME`).
    let state: String
    /// The effective configuration, its keys as the TOML file names them.
    let configuration: SettingsTree

    package init(_ context: AppContext) {
        overrides = context.configSource
        state = context.home
        configuration = context.configuration.tree
    }
}
