import FileSystem
import Foundation
import Library
import Play

/// One batch played but not confirmed, as the front-ends show it.
package struct PendingBatch {
    package let round: RoundRecord
    /// The boss's title, or "round".
    package let title: String
    package let deletes: [DecisionRecord]
    /// Each delete's card size: its file and the files linked to it.
    package let sizes: [Int64]

    package var bytes: Int64 { sizes.reduce(0, +) }
}

extension AppService {
    /// The batches played but not confirmed: a read, so it takes no mover's lock (a round in play holds it,
    /// and the home page asks for this list meanwhile). `round`: that one only.
    package func pendingBatches(round wanted: Int64? = nil) throws -> [PendingBatch] {
        let context = try context()
        guard let play = try context.readingPlay() else { return [] }
        return try play.library.rounds(.pending).filter { wanted == nil || $0.id == wanted }.map { round in
            let deletes = try play.library.decisions(of: round.id!).filter { $0.decision == .delete }
            return PendingBatch(round: round, title: PendingDocument.title(round, context: context), deletes: deletes,
                                sizes: try PendingDocument.sizes(deletes, play: play))
        }
    }

    /// `clean pending --json`, `GET /api/v1/pending`.
    package func pending() throws -> [PendingDocument] { try pendingBatches().map(PendingDocument.init) }

    /// What became of a pending round asked to be settled.
    package enum Settled {
        /// The batch moved (or was dropped): its report.
        case settled(RoundDocument)
        /// The round waits for no confirmation (confirmed or dropped before the request).
        case notPending
        /// It was pending but another program settled it while the request waited for the mover's lock.
        case settledMeanwhile
    }

    /// Moves (`confirm`) or drops a pending round's batch, under one hold of the mover's lock.
    package func settlePending(round: Int64, confirm: Bool) throws -> Settled {
        let (play, lock) = try context().openPlay()
        defer { withExtendedLifetime(lock) {} }
        guard try play.library.rounds(.pending).contains(where: { $0.id == round }) else { return .notPending }
        guard let report = confirm ? try play.confirmPending(round) : try play.discardPending(round) else { return .settledMeanwhile }
        return .settled(RoundDocument(report))
    }

    /// Moves (`confirm`) or drops every pending batch (`round`: that one only, which must be pending), under one hold of
    /// the mover's lock: the reports of those settled.
    package func settlePending(round wanted: Int64?, confirm: Bool) throws -> [RoundReport] {
        let (play, lock) = try context().openPlay()
        defer { withExtendedLifetime(lock) {} }
        let rounds = try play.library.rounds(.pending).filter { wanted == nil || $0.id == wanted }
        if let wanted, rounds.isEmpty { throw CleanError("round \(wanted) is not pending; `clean pending` lists the ones that are") }
        return try rounds.compactMap { round in confirm ? try play.confirmPending(round.id!) : try play.discardPending(round.id!) }
    }
}
