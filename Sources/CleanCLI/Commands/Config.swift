import ArgumentParser
import Settings

extension Clean {
    /// `clean config`: the effective configuration and where it came from.
    struct Config: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Show the effective configuration and where it came from.",
            discussion: """
                Defaults are compiled in (and shipped as Config/swipeclean.toml). Override any subset \
                of keys in $XDG_CONFIG_HOME/swipeclean/config.toml, e.g.:
                  [player]
                  tier = "pro"
                """
        )

        func run() throws {
            let context = try AppContext()
            let user = ConfigLoader.userFile(environment: context.environment)
            print("# defaults: compiled in")
            print(context.configSource.map { "# overrides: \($0)" } ?? "# overrides: none (\(user) does not exist)")
            print("# state: \(context.home)")
            print(context.configuration.toml, terminator: "")
        }
    }
}
