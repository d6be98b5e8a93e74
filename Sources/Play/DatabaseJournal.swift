import FileSystem
import Foundation
import Library
import Trash

/// The trash's move journal kept in the library database (`trashed` rows), one durable
/// transaction per step, so recovery after a crash finds every file's last state.
final class DatabaseJournal: TrashJournal {
    /// What the journal records about a card beyond the move itself.
    struct CardFacts {
        let category: String
        let contentKey: String?
    }

    private let library: LibraryDatabase
    private let facts: [Int64: CardFacts]
    private let now: Date

    init(library: LibraryDatabase, facts: [Int64: CardFacts] = [:], now: Date) {
        self.library = library
        self.facts = facts
        self.now = now
    }

    func begin(_ moves: [JournaledMove]) throws {
        try library.beginMoves(moves.map { move in
            let card = facts[move.key.itemID]
            return TrashedRecord(round: move.key.batch.rawValue, item: move.key.itemID, part: move.key.part,
                                 originalPath: move.originalPath, expected: move.expected,
                                 category: card?.category ?? CardCategory.other.rawValue,
                                 contentKey: move.key.part == 0 ? card?.contentKey : nil, deletedAt: now)
        })
    }

    func record(_ move: JournaledMove) throws {
        try library.recordMove(round: move.key.batch.rawValue, item: move.key.itemID, part: move.key.part,
                               state: move.state.rawValue, trashName: move.trashName, deletionDate: move.deletionDate,
                               trashInode: move.trashedInode.map { Int64(bitPattern: $0) },
                               trashCtimeNs: move.trashedCtime, trashRoot: move.trashRoot?.bytes)
    }

    /// Fails, naming the row, on a state this release does not know (a newer release's, or a damaged
    /// row): guessing one would roll back or finish a move on a wrong premise.
    func unfinishedMoves() throws -> [JournaledMove] {
        try library.unfinishedMoves().map { file in
            guard let state = MoveState(rawValue: file.state) else { throw UnknownMoveState(file: file, path: library.path) }
            return JournaledMove(key: MoveKey(batch: BatchID(file.round), itemID: file.item, part: file.part),
                                 originalPath: file.rawOriginalPath, expected: file.expected, state: state,
                                 trashName: file.trashName.map { Array($0) }, deletionDate: file.deletionDate,
                                 trashRoot: file.trashRoot.map { RawPath(bytes: Array($0)) })
        }
    }
}

/// A journaled move whose state this release cannot read.
struct UnknownMoveState: Error, CustomStringConvertible {
    let file: TrashedRecord
    let path: String

    var description: String {
        "the move of \(file.rawOriginalPath) (trash id \(file.id ?? 0)) is in a state this clean does not know ('\(file.state)') in \(path); "
            + "nothing was changed: run the clean that started the move (or a newer one) to finish it"
    }
}
