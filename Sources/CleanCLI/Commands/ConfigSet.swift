import App
import ArgumentParser
import Foundation
import Settings

extension Clean.Config {
    /// `clean config set KEY VALUE`: change one setting in the user's config file.
    struct SetValue: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "set",
            abstract: "Change one setting in your config file.",
            discussion: """
                KEY is a dotted snake_case name as `clean config` prints it, e.g. player.tier, \
                play.round_seconds, scan.big_video_bytes. VALUE is a TOML value: 90, true, [".a", ".b"]; \
                for a text setting bare words are text (clean config set player.tier pro).
                The file is $XDG_CONFIG_HOME/swipeclean/config.toml (created if missing); your other \
                settings and comments stay. A bad key or value changes nothing.
                """
        )

        @Argument(help: "The setting, e.g. player.tier.")
        var key: String

        @Argument(help: "The new value, e.g. pro.")
        var value: String

        func run() throws {
            // No AppContext: a broken config file must not stop the command that can fix it.
            let change: ConfigEditor.Change
            do {
                change = try ConfigEditor.set(key: key, value: value, environment: ProcessInfo.processInfo.environment)
            } catch {
                // A key or a value that does not fit is a usage error (64); a file that cannot be read or written, a failure.
                switch error {
                case .config, .unwritable: throw CleanError(error.description)
                default: throw UsageError(error.description)
                }
            }
            print("\(change.key) = \(change.value)  (in \(change.file))")
        }
    }
}
