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
            let service = AppService(environment: ProcessInfo.processInfo.environment)
            switch action {
            case .list:
                let batches = try service.pendingBatches(round: round)
                if let round, batches.isEmpty { throw CleanError("round \(round) is not pending; `clean pending` lists the ones that are") }
                try list(batches, calendar: service.context().calendar)
            case .confirm, .discard:
                let reports = try service.settlePending(round: round, confirm: action == .confirm)
                if json {
                    try printDocument(reports.map(RoundDocument.init))
                } else if reports.isEmpty {
                    print("Nothing pending.")
                } else {
                    for report in reports { print(RoundOutput.human(report)) }
                }
                for line in reports.flatMap(RoundOutput.problems) { Terminal.warn(line) }
                if action == .confirm { try ExitStatus.moved(reports) }
            }
        }

        /// Each batch with its local end time and size, and each file with its size (the JSON keeps ISO 8601 and paths).
        private func list(_ batches: [PendingBatch], calendar: Calendar) throws {
            if json { return try printDocument(batches.map(PendingDocument.init)) }
            for batch in batches {
                print("Round \(batch.round.id!) · \(batch.title) · \(DayText.dateTime(batch.round.endedAt, calendar: calendar)): "
                      + "\(plural(batch.deletes.count, "card")) to delete, \(humanBytes(batch.bytes))")
                let width = Terminal.size?.columns
                for (decision, size) in zip(batch.deletes, batch.sizes).prefix(20) {
                    let path = decision.rawPath.description
                    print("  \(padLeft(humanBytes(size), 9))  " + (width.map { ItemOutput.middleTruncated(path, max(16, $0 - 14)) } ?? path))
                }
                if batch.deletes.count > 20 { print("  … and \(batch.deletes.count - 20) more (clean pending --json lists them all)") }
            }
            if batches.isEmpty { print("Nothing pending.") } else { print("To the trash: `clean pending confirm` · drop them: `clean pending discard`") }
        }
    }
}
