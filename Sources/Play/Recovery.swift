import FileSystem
import Foundation
import Library
import Trash

/// What the start-up reconciliation did.
public struct RecoverySummary: Sendable {
    /// Moves a crash interrupted: finished (the file is in the trash), put back (it had begun to leave its place and is
    /// back), or never begun (it never left its place).
    public var finishedMoves = 0
    public var rolledBackMoves = 0
    public var notStartedMoves = 0
    public var settledRounds: [Int64] = []
    /// The pending batches the cards an interrupted batch did not move now wait in.
    public var waitingRounds: [Int64] = []
    /// Restores a crash interrupted: finished (the file is back) or undone (it is still in the trash).
    public var finishedRestores = 0
    public var undoneRestores = 0
    /// Entries a `trash empty` was deleting when it stopped: deleted for good, or still in the trash.
    public var finishedPurges = 0
    public var keptPurges = 0
    public var problems: [String] = []
    public var isEmpty: Bool {
        finishedMoves == 0 && rolledBackMoves == 0 && notStartedMoves == 0 && settledRounds.isEmpty && waitingRounds.isEmpty && finishedRestores == 0 && undoneRestores == 0
            && finishedPurges == 0 && keptPurges == 0 && problems.isEmpty
    }
}

extension PlayContext {
    /// Run at every start: finishes or rolls back any move a crash interrupted (so every file is
    /// in exactly one place), then credits any confirmed round whose moves ended but whose round
    /// end was not written — once, since crediting and settling are one transaction; then
    /// finishes or undoes any restore or `trash empty` a crash interrupted.
    public func recover() throws -> RecoverySummary {
        var summary = RecoverySummary()
        let journal = DatabaseJournal(library: library, now: now)
        _ = try journal.unfinishedMoves()   // a state this release cannot read stops here, before anything moves
        let report = trash.recover(journal)
        summary.finishedMoves = report.finished.count
        summary.rolledBackMoves = report.rolledBack.count
        summary.notStartedMoves = report.notStarted.count
        summary.problems = report.problems
        for round in try library.rounds(.moving) {
            // Confirmed but stopped before its first move was journaled: do the moves now (each
            // file is re-checked); otherwise credit what the moves did, and keep the cards it did not move waiting.
            let moves = try library.moves(of: round.id!)
            if moves.isEmpty {
                let report = try moveAndSettle(round.id!)
                summary.settledRounds.append(round.id!)
                if let waiting = report.waitingRound { summary.waitingRounds.append(waiting) }
                continue
            }
            let decisions = try library.decisions(of: round.id!)
            let moved = Set(moves.filter { $0.part == 0 && $0.state == "done" }.map(\.item))
            let unmoved = decisions.filter { $0.decision == .delete && !moved.contains($0.item) }.map(\.item)
            if let waiting = try keepPending(unmoved, of: round.id!, decisions: decisions) { summary.waitingRounds.append(waiting) }
            if try Settlement.settle(round.id!, as: .settled, context: self) != nil {
                summary.settledRounds.append(round.id!)
            }
        }
        for file in try library.leavingFiles() {
            do {
                try settleLeaving(file, into: &summary)
            } catch {
                summary.problems.append("the interrupted \(file.leaving == .restore ? "restore" : "deletion") of \(file.rawOriginalPath) (trash id \(file.id!)) is still unfinished: \(error)")
            }
        }
        if summary.keptPurges > 0 {
            summary.problems.append("`clean trash empty` was interrupted: \(summary.keptPurges) files are still in the trash; run it again to delete them")
        }
        return summary
    }

    /// Brings one entry a restore or an empty was working on to a recorded end.
    private func settleLeaving(_ file: TrashedRecord, into summary: inout RecoverySummary) throws {
        guard let leaving = file.leaving, file.isInTrash, let entry = recorded(file) else {
            return try library.endLeaving([file.id!])
        }
        switch leaving {
        case .restore:
            guard let target = file.leavingTo.map({ RawPath(bytes: Array($0)) }) else { return try library.endLeaving([file.id!]) }
            switch try trash.settleRestore(entry, to: target) {
            case .restored:
                try library.markRestored(file, to: target, at: now, back: try? NoLinks.status(target), calendar: calendar, newPlayer: newPlayer)
                summary.finishedRestores += 1
            case .stillInTrash:
                try library.endLeaving([file.id!])
                summary.undoneRestores += 1
            case .vanished:
                try library.markPurged([file.id!], at: now, reason: .outside)
                summary.problems.append("\(file.rawOriginalPath) was neither in the trash nor back at \(target) after an interrupted restore; counted as removed outside clean")
            }
        case .purge:
            if try trash.finishPurge(entry) {
                try library.markPurged([file.id!], at: now, reason: .empty)
                summary.finishedPurges += 1
            } else {
                try library.endLeaving([file.id!])
                summary.keptPurges += 1
            }
        }
    }
}
