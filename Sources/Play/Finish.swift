import FileSystem
import Foundation
import Game
import Library
import Trash

/// The player's answer to "Move these files to the trash?".
public enum Confirmation: Sendable {
    case yes, no, dryRun
}

extension PlayContext {
    /// How the `round` table spells a kind of play.
    static func recordKind(_ kind: RoundKind) -> RoundRecord.Kind {
        switch kind {
        case .round: .round
        case .boss: .boss
        case .weekly: .weekly
        }
    }

    /// Ends a played round: records its decisions, and — when confirmed — moves the deleted cards
    /// to the trash and credits the round in one transaction. On no, the batch is kept pending
    /// (`clean pending`); on a dry run nothing at all is written.
    public func finish(_ session: RoundSession, kind: RoundKind, startedAt: Date, answer: Confirmation) throws -> RoundReport {
        var report = RoundReport(kind: kind)
        report.reviewed = session.decisions.count
        report.cards = session.cardsDecided
        report.kept = session.keptCount
        if answer == .dryRun || session.decisions.isEmpty {
            report.dryRun = answer == .dryRun
            report.deleted = session.deletedCards.count
            report.bytesFreed = session.bytesToFree
            return try withStanding(report)
        }
        let hasDeletes = !session.deletedCards.isEmpty
        let stays = session.stays
        let status: RoundRecord.Status = !hasDeletes ? .moving : answer == .yes ? .moving : .pending
        let round = try library.record(
            RoundRecord(kind: Self.recordKind(kind), boss: kind.bossName, startedAt: startedAt, endedAt: now,
                        status: status, reviewed: session.decisions.count, kept: session.keptCount),
            decisions: session.decisions.map { decision in
                DecisionRecord(round: 0, item: decision.card.id, path: decision.card.item.path,
                               decision: decision.deleted ? .delete : stays.contains(decision.card.id) ? .stay : .keep, category: decision.card.category.rawValue, decidedAt: now)
            }, keptWhole: session.groupsKeptWhole)
        guard status == .moving else {
            report.roundID = round.id
            report.pending = true
            return try withStanding(report)
        }
        // Cards and files apart, as the done screen counted them ("4 cards" beside "8 files" of their groups).
        var settled = try moveAndSettle(round.id!)
        settled.cards = session.cardsDecided
        return settled
    }

    /// Confirms a pending batch: moves its cards and credits the round.
    public func confirmPending(_ roundID: Int64) throws -> RoundReport? {
        guard try library.transition(roundID, from: .pending, to: .moving) else { return nil }
        return try moveAndSettle(roundID)
    }

    /// Gives up a pending batch: nothing moves; the round still counts as played.
    public func discardPending(_ roundID: Int64) throws -> RoundReport? {
        try Settlement.settle(roundID, as: .discarded, context: self)
    }

    /// Moves a `moving` round's delete decisions into the trash (each file re-checked there), then settles it.
    func moveAndSettle(_ roundID: Int64) throws -> RoundReport {
        var requests: [MoveRequest] = []
        var facts: [Int64: DatabaseJournal.CardFacts] = [:]
        var skipped: [(RawPath, String)] = []
        let decisions = try library.decisions(of: roundID)
        let deletes = decisions.filter { $0.decision == .delete }
        let leaving = Set(deletes.map(\.path))
        var groups = try GroupKeepers(decisions, library: library)
        for decision in deletes {
            guard let files = try library.cardFiles(of: decision.item) else {
                skipped.append((RawPath(bytes: Array(decision.path)), "it is no longer in the index (rescanned since it was dealt)"))
                continue
            }
            // A rescan since the deal found the file inside a store another program owns: never moved.
            if files.item.store != nil || files.linked.contains(where: { $0.store != nil }) {
                skipped.append((files.item.rawPath, "it lies in a store another program owns (a backup, a library, a cache or a trash), found since it was dealt; never moved"))
                continue
            }
            let isDuplicate = decision.category == CardCategory.duplicates.rawValue
            let isSimilar = decision.category == CardCategory.similar.rawValue
            // A group card: the members the player kept stand for the group. Every one of them must still be
            // the file that was dealt, or nothing of the group moves.
            if let keepers = groups.keepers(of: files.item, category: decision.category) {
                if let problem = groups.problem(with: keepers) {
                    skipped.append((files.item.rawPath, problem))
                    continue
                }
                let keeper = keepers[0]
                requests.append(MoveRequest(itemID: decision.item, path: files.item.rawPath, expected: files.item.status,
                                            linked: files.linked.map { .init(path: $0.rawPath, expected: $0.status) },
                                            twin: isDuplicate ? keeper.rawPath : nil,
                                            keptPhoto: isSimilar ? KeptPhoto(path: keeper.rawPath, expected: keeper.status) : nil))
                facts[decision.item] = .init(category: decision.category, contentKey: files.item.contentKey())
                continue
            }
            // A card of one file, or a copy of a batch recorded before group cards (read through its adapter).
            switch try PerCopyBatch.request(for: decision, files: files, leaving: leaving, library: library) {
            case .skip(let reason): skipped.append((files.item.rawPath, reason))
            case .move(let request):
                requests.append(request)
                facts[decision.item] = .init(category: decision.category, contentKey: files.item.contentKey())
            }
        }
        // A card in a folder no file can leave now (a phone's own storage, a read-only mount, a folder gone since the deal)
        // does not move and keeps its decision; the others move. When no card can move, the batch waits whole.
        let refused = trash.unleavableFolders(requests.map(\.path))
        var waiting: [(request: MoveRequest, reason: String)] = []
        requests.removeAll { request in
            guard let why = refused[request.path.parent] else { return false }
            waiting.append((request, "its folder \(request.path.parent) \(why.words); not moved"))
            return true
        }
        if requests.isEmpty, let first = waiting.first, let why = refused[first.request.path.parent] {
            _ = try library.transition(roundID, from: .moving, to: .pending)
            let folder = first.request.path.parent
            throw PlayError(why.gone
                ? "nothing was moved: the folder \(folder) \(why.words). This batch waits in `clean pending`: "
                    + "`clean pending confirm` moves it once the folder is back (or scan the folder where it is now and play it there)"
                : "nothing was moved: files cannot leave \(folder) (it \(why.words)). Copy the photos to a folder on this computer, "
                    + "scan that folder and play it there; this batch waits in `clean pending`.")
        }
        let journal = DatabaseJournal(library: library, facts: facts, now: now)
        let results = trash.moveIn(requests, batch: BatchID(roundID), journal: journal)
        var gone: [Int64] = []
        for (request, result) in zip(requests, results) {
            switch result {
            case .skipped(let item, let reason):
                skipped.append((request.path, reason))
                if !pathExists(request.path) { gone.append(item) }
            case .deferred(_, let reason):
                waiting.append((request, reason))
            case .moved: break
            }
        }
        // What did not move for a reason that may pass keeps its decision, in a batch of its own waiting in `clean pending`.
        let carried = try keepPending(waiting.map(\.request.itemID), of: roundID, decisions: decisions)
        guard var report = try Settlement.settle(roundID, as: .settled, context: self) else {
            throw PlayError("round \(roundID) was settled by another clean while its files moved")
        }
        report.skipped = skipped + waiting.map { ($0.request.path, $0.reason + (carried.map { "; it waits in `clean pending` (round \($0))" } ?? "")) }
        report.waitingRound = carried
        for case .moved(_, _, let leftBehind) in results { report.leftBehind += leftBehind.map { ($0.path, $0.reason) } }
        // A file gone since it was dealt leaves the index now, not at the next scan: it is never dealt again.
        try library.forget(gone)
        return report
    }

    /// Keeps the delete decisions of `items` from round `roundID` (files that did not move, for a reason that may pass)
    /// waiting in a new pending batch of the same kind, with the group members kept against them; its id, nil when
    /// there is none. The batch counts no card as reviewed again.
    func keepPending(_ items: [Int64], of roundID: Int64, decisions: [DecisionRecord]) throws -> Int64? {
        // An item already waiting (a crash after its batch was carried over, before the round was credited) waits once.
        var waiting = Set<Int64>()
        for round in try library.rounds(.pending) { for decision in try library.decisions(of: round.id!) where decision.decision == .delete { waiting.insert(decision.item) } }
        let wanted = Set(items).subtracting(waiting)
        let deletes = decisions.filter { $0.decision == .delete && wanted.contains($0.item) }
        guard !deletes.isEmpty, let round = try library.round(roundID) else { return nil }
        let keepers = try GroupKeepers.keeping(deletes, among: decisions, library: library)
        let carried = try library.record(
            RoundRecord(kind: round.kind, boss: round.boss, startedAt: round.startedAt, endedAt: round.endedAt, status: .pending,
                        reviewed: 0, kept: 0),
            decisions: (deletes + keepers).map { decision in
                DecisionRecord(round: 0, item: decision.item, path: decision.path, decision: decision.decision,
                               category: decision.category, decidedAt: decision.decidedAt)
            })
        return carried.id
    }
}

/// A play failure said in one sentence.
public struct PlayError: Error, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}
