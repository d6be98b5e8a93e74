import App
import ArgumentParser
import Foundation

extension Clean {
    /// `clean home`: what `clean` alone shows, and with `--json` the same as data (`clean --json` is the same).
    struct HomeScreen: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "home",
            abstract: "Show the home screen (what `clean` alone shows); --json gives it as data."
        )

        @Flag(help: "One JSON document on stdout: the profile, the next level, the nudge, challenges, bosses and what to play next (the web app's GET /api/v1/home).")
        var json = false

        func run() throws {
            if json { return try printDocument(try AppService(environment: ProcessInfo.processInfo.environment).home()) }
            print(try Home.render(context: try AppContext()))
        }
    }
}
