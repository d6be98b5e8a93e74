import App
import ArgumentParser
import Foundation
import Play

extension Clean.TrashCommand {
    /// `clean trash adopt [--from OLD_INDEX]`: the index's record of the trash, rebuilt from the trash.
    struct Adopt: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Record again what is in the trash, after the index was moved aside or lost.",
            discussion: """
                Every entry of the trash (files/NAME with its .trashinfo) the index does not know is recorded, so \
                `clean trash list`, `clean restore` and `clean trash empty` see it again; nothing in the trash changes. \
                With --from, the player's profile (XP, level, streak, achievements, stats) is carried over from the old \
                index when it can still be read and this index has none.
                """)

        @Option(help: ArgumentHelp("The old index (e.g. library.sqlite.damaged) to carry the profile over from.", valueName: "FILE"))
        var from: String?

        @Flag(help: "One JSON document on stdout.")
        var json = false

        func run() throws {
            let outcome = try AppService(environment: ProcessInfo.processInfo.environment).adoptTrash(from: from)
            if json {
                return try printDocument(AdoptedDocument(outcome))
            }
            print("Recorded \(outcome.adopted.count) files in the trash again (\(humanBytes(outcome.bytes))); `clean trash list` shows them.")
            if outcome.profileCarried, let from { print("Carried the profile over from \(from).") }
        }
    }
}
