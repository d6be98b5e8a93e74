import App
import ArgumentParser
import Foundation
import Game

extension Clean {
    /// `clean profile`: level, XP, streak, freezes, totals and the last seven days.
    struct Profile: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Show your level, XP, streak, freezes, totals and the last 7 days.")

        @Flag(help: "Print one JSON document on stdout.")
        var json = false

        func run() throws {
            let context = try AppContext()
            let view = try PlayerView(context: context)
            print(json ? try DocumentEncoder.text(ProfileDocument(view))
                       : ProfileOutput.human(view, today: Day(context.now, in: context.calendar),
                                             style: .forStdout(environment: context.environment)))
        }
    }
}
