import ArgumentParser
import Foundation
import Game

extension Clean {
    /// `clean achievements`: unlocked, in progress and locked, with progress.
    struct Achievements: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Show your achievements: unlocked, in progress and locked.",
            discussion: "Categories: \(AchievementCategory.allCases.map(\.rawValue).joined(separator: ", "))."
        )

        @Flag(help: "Print one JSON array on stdout.")
        var json = false

        @Option(help: "Only this category: \(AchievementCategory.allCases.map(\.rawValue).joined(separator: ", ")).")
        var category: AchievementCategory?

        func run() throws {
            let context = try AppContext()
            let view = try PlayerView(context: context)
            let list = Game.Achievements.list(for: view.profile, rules: view.rules)
                .filter { category == nil || $0.category == category }
            print(json ? AchievementsOutput.json(list).text
                       : AchievementsOutput.human(list, rules: view.rules, style: .forStdout(environment: context.environment)))
        }
    }
}

extension AchievementCategory: ExpressibleByArgument {}
