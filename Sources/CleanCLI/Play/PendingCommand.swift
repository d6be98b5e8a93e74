import App
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
                try list(rounds, play: play, context: context)
            case .confirm, .discard:
                var reports: [RoundReport] = []
                for pending in rounds {
                    let report = action == .confirm ? try play.confirmPending(pending.id!) : try play.discardPending(pending.id!)
                    if let report { reports.append(report) }
                }
                if json {
                    try printDocument(reports.map(RoundDocument.init))
                } else if reports.isEmpty {
                    print("Nothing pending.")
                } else {
                    for report in reports { print(RoundOutput.human(report)) }
                }
            }
        }

        /// Each batch with its local end time and size, and each file with its size (the JSON keeps ISO 8601 and paths).
        private func list(_ rounds: [RoundRecord], play: PlayContext, context: AppContext) throws {
            if json { return try printDocument(try PendingDocument.list(rounds, play: play, context: context)) }
            for round in rounds {
                let deletes = try play.library.decisions(of: round.id!).filter { $0.decision == .delete }
                let sizes = try PendingDocument.sizes(deletes, play: play)
                print("Round \(round.id!) · \(PendingDocument.title(round, context: context)) · \(DayText.dateTime(round.endedAt, calendar: context.calendar)): "
                      + "\(plural(deletes.count, "card")) to delete, \(humanBytes(sizes.reduce(0, +)))")
                let width = Terminal.size?.columns
                for (decision, size) in zip(deletes, sizes).prefix(20) {
                    let path = decision.rawPath.description
                    print("  \(padLeft(humanBytes(size), 9))  " + (width.map { ItemOutput.middleTruncated(path, max(16, $0 - 14)) } ?? path))
                }
                if deletes.count > 20 { print("  … and \(deletes.count - 20) more (clean pending --json lists them all)") }
            }
            if rounds.isEmpty { print("Nothing pending.") } else { print("To the trash: `clean pending confirm` · drop them: `clean pending discard`") }
        }
    }
}

