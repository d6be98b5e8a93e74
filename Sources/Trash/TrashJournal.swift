import FileSystem

/// One confirmed batch of moves, as the caller numbers it.
public struct BatchID: Hashable, Sendable, CustomStringConvertible {
    public let rawValue: Int64
    public init(_ rawValue: Int64) { self.rawValue = rawValue }
    public var description: String { String(rawValue) }
}

/// Where one file of a move stands. Each state is recorded durably before the next step runs.
public enum MoveState: String, Sendable, Equatable, CaseIterable {
    /// Journaled; nothing on disk yet. A `trashName` here is the name about to be claimed.
    case planned
    /// `info/NAME.trashinfo` exists and is synced; the file is still at its original path
    /// (or, on the rename path, possibly already in `files/`).
    case infoWritten
    /// A verified copy is in `files/NAME`; the source may still be there (copy path only).
    case dataInTrash
    /// The source is gone; the file is only in the trash.
    case sourceRemoved
    /// Finished: the file is in the trash. The caller credits it when it sees this state.
    case done
    /// Finished: the file is at its original path and nothing of it is in the trash.
    case rolledBack

    public var isFinished: Bool { self == .done || self == .rolledBack }
}

/// Identifies one file of one batch: the card's item and the file's place in the card
/// (0 the primary, 1… its linked files in the order given).
public struct MoveKey: Hashable, Sendable, CustomStringConvertible {
    public let batch: BatchID
    public let itemID: Int64
    public let part: Int
    public init(batch: BatchID, itemID: Int64, part: Int) {
        self.batch = batch
        self.itemID = itemID
        self.part = part
    }
    public var description: String { "\(batch)/\(itemID)/\(part)" }
}

/// Everything recovery needs to know about one file's move, stored whole at each step.
public struct JournaledMove: Sendable, Equatable {
    public var key: MoveKey
    public var originalPath: RawPath
    /// The file as it was re-checked: a source is touched only while it still matches.
    public var expected: FileStatus
    public var state: MoveState
    /// The name in `files/` and `info/`, once one is claimed.
    public var trashName: [UInt8]?
    /// The `DeletionDate=` written with the name, to recognise our own `.trashinfo`.
    public var deletionDate: String?
    /// The inode of `files/NAME` once the move is `.done`: a restore checks the entry is still it.
    public var trashedInode: UInt64?
    /// The change time of `files/NAME` once the move is `.done`: a restore checks the entry was not rewritten in place.
    public var trashedCtime: Int64?
    /// The trash directory the name is claimed in when it is not this trash: the file's volume's
    /// (`$topdir/.Trash-$UID` or `$topdir/.Trash/$UID`); nil for this trash.
    public var trashRoot: RawPath?

    public init(key: MoveKey, originalPath: RawPath, expected: FileStatus, state: MoveState = .planned,
                trashName: [UInt8]? = nil, deletionDate: String? = nil, trashRoot: RawPath? = nil) {
        self.key = key
        self.originalPath = originalPath
        self.expected = expected
        self.state = state
        self.trashName = trashName
        self.deletionDate = deletionDate
        self.trashRoot = trashRoot
    }
}

/// The durable record of moves in flight. The app keeps it in its database; tests keep it in
/// memory; the crash harness keeps it in an append-only file.
///
/// Every method returns only once the record is durable. A journal that credits bytes freed
/// should do so in the same transaction that records `.done`, so a file is credited exactly once
/// whether `moveIn` or `recover` finished it.
public protocol TrashJournal: AnyObject {
    /// Records a batch's moves as `.planned`, before the first file moves.
    func begin(_ moves: [JournaledMove]) throws
    /// Replaces the record of `move.key` with `move`.
    func record(_ move: JournaledMove) throws
    /// Every move not yet `.done` or `.rolledBack`, in the order they were begun.
    func unfinishedMoves() throws -> [JournaledMove]
}

/// A journal in memory, for tests: it survives nothing.
public final class InMemoryTrashJournal: TrashJournal {
    public private(set) var moves: [MoveKey: JournaledMove] = [:]
    private var order: [MoveKey] = []
    /// Every state each move went through, in order.
    public private(set) var history: [MoveKey: [MoveState]] = [:]

    public init() {}

    public func begin(_ moves: [JournaledMove]) throws {
        for move in moves { try record(move) }
    }

    public func record(_ move: JournaledMove) throws {
        if moves[move.key] == nil { order.append(move.key) }
        moves[move.key] = move
        history[move.key, default: []].append(move.state)
    }

    public func unfinishedMoves() throws -> [JournaledMove] {
        order.compactMap { moves[$0] }.filter { !$0.state.isFinished }
    }
}
