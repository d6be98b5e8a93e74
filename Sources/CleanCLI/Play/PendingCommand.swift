import ArgumentParser
import Foundation
import Library
import Play

extension Clean {
    /// `clean pending [confirm|discard]`: batches played but not confirmed.
    struct Pending: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Show, confirm or discard batches you played but did not confirm.",
            discussion: """
                clean pending            list them
                clean pending confirm    move them to the trash now (each file re-checked first)
                clean pending discard    drop them: nothing moves, the rounds still count as played
                """
        )

        @Argument(help: "list (default), confirm or discard.")
        var action: Action = .list

        @Option(help: "Only this round (default: every pending one).")
        var round: Int64?

        @Flag(help: "One JSON document on stdout.")
        var json = false

        enum Action: String, ExpressibleByArgument, CaseIterable { case list, confirm, discard }

        func run() throws {
            let context = try AppContext()
            let (play, lock) = try context.openPlay()
            defer { withExtendedLifetime(lock) {} }
            let rounds = try play.library.rounds(.pending).filter { round == nil || $0.id == round }
            if let round, rounds.isEmpty { throw CleanError("round \(round) is not pending; `clean pending` lists the ones that are") }
            switch action {
            case .list:
                try list(rounds, play: play)
            case .confirm, .discard:
                var reports: [RoundReport] = []
                for pending in rounds {
                    let report = action == .confirm ? try play.confirmPending(pending.id!) : try play.discardPending(pending.id!)
                    if let report { reports.append(report) }
                }
                if json {
                    print(JSON.array(reports.map { RoundOutput.json($0) }).text)
                } else if reports.isEmpty {
                    print("Nothing pending.")
                } else {
                    for report in reports { print(RoundOutput.human(report)) }
                }
            }
        }

        private func list(_ rounds: [RoundRecord], play: PlayContext) throws {
            var entries: [JSON] = []
            for round in rounds {
                let deletes = try play.library.decisions(of: round.id!).filter { $0.decision == .delete }
                entries.append(.object([("round", .optional(round.id)), ("kind", .string(round.kind.rawValue)), ("boss", .optional(round.boss)),
                                        ("endedAt", .string(ISO8601.string(round.endedAt))), ("reviewed", .int(round.reviewed)),
                                        ("toDelete", .array(deletes.map { .path($0.rawPath) }))]))
                if !json {
                    print("Round \(round.id!) (\(round.boss.map { "boss \($0)" } ?? "round"), \(ISO8601.string(round.endedAt))): \(deletes.count) to delete")
                    for decision in deletes.prefix(20) { print("  \(decision.rawPath)") }
                }
            }
            if json { print(JSON.array(entries).text) } else if rounds.isEmpty { print("Nothing pending.") }
            else { print("`clean pending confirm` moves them to the trash; `clean pending discard` drops them.") }
        }
    }
}
