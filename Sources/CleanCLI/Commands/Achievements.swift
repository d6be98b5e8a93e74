import App
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

        static let seenKey = "achievementsSeenAt"

        func run() throws {
            let context = try AppContext()
            let view = try PlayerView(context: context)
            let list = Game.Achievements.list(for: view.profile, rules: view.rules)
                .filter { category == nil || $0.category == category }
            // Unlocked since the achievements were last shown: marked new, once.
            let library = try context.existingLibrary()
            let seenAt = try library?.setting(Self.seenKey).flatMap { Double($0) }.map(Date.init(timeIntervalSince1970:))
            let new = Set(list.filter { a in a.unlockedAt.map { seenAt == nil || $0 > seenAt! } ?? false }.map(\.id))
            print(json ? try DocumentEncoder.text(AchievementDocument.list(list, new: new))
                       : AchievementsOutput.human(list, new: new, rules: view.rules, style: .forStdout(environment: context.environment)))
            if !new.isEmpty { try library?.setSetting(Self.seenKey, to: String(context.now.timeIntervalSince1970)) }
        }
    }
}

extension AchievementCategory: ExpressibleByArgument {}
