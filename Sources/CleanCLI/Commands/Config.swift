import App
import ArgumentParser
import Settings

extension Clean {
    /// `clean config`: the effective configuration and where it came from; `clean config set` changes it.
    struct Config: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Show the effective configuration and where it came from.",
            discussion: """
                Defaults are compiled in (and shipped as Config/swipeclean.toml). Override any subset \
                of keys in $XDG_CONFIG_HOME/swipeclean/config.toml, e.g.:
                  [player]
                  tier = "pro"
                or run `clean config set player.tier pro`.
                """,
            subcommands: [Show.self, SetValue.self],
            defaultSubcommand: Show.self
        )
    }
}

extension Clean.Config {
    /// `clean config show` (and `clean config` alone): the effective configuration.
    struct Show: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Show the effective configuration and where it came from.")

        @Flag(help: "One JSON document on stdout: {overrides, state, configuration} (its keys as the TOML file names them).")
        var json = false

        func run() throws {
            let context = try AppContext()
            let user = ConfigLoader.userFile(environment: context.environment)
            if json { return try printDocument(ConfigDocument(context)) }
            print("# defaults: compiled in")
            print(context.configSource.map { "# overrides: \($0)" } ?? "# overrides: none (\(user) does not exist)")
            print("# state: \(context.home)")
            print(context.configuration.toml, terminator: "")
        }
    }
}
