import Foundation
import Library
import Trash

/// What the start-up reconciliation did.
public struct RecoverySummary: Sendable {
    public var finishedMoves = 0
    public var rolledBackMoves = 0
    public var settledRounds: [Int64] = []
    public var problems: [String] = []
    public var isEmpty: Bool { finishedMoves == 0 && rolledBackMoves == 0 && settledRounds.isEmpty && problems.isEmpty }
}

extension PlayContext {
    /// Run at every start: finishes or rolls back any move a crash interrupted (so every file is
    /// in exactly one place), then credits any confirmed round whose moves ended but whose round
    /// end was not written — once, since crediting and settling are one transaction.
    public func recover() throws -> RecoverySummary {
        var summary = RecoverySummary()
        let report = trash.recover(DatabaseJournal(library: library, now: now))
        summary.finishedMoves = report.finished.count
        summary.rolledBackMoves = report.rolledBack.count
        summary.problems = report.problems
        for round in try library.rounds(.moving) {
            // Confirmed but stopped before its first move was journaled: do the moves now (each
            // file is re-checked); otherwise credit what the moves did.
            if try library.moves(of: round.id!).isEmpty {
                _ = try moveAndSettle(round.id!)
                summary.settledRounds.append(round.id!)
            } else if try Settlement.settle(round.id!, as: .settled, context: self) != nil {
                summary.settledRounds.append(round.id!)
            }
        }
        return summary
    }
}
