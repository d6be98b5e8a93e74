import FileSystem

/// What `recover` did with the moves a previous run left unfinished.
public struct RecoveryReport: Sendable {
    /// Moves that ended in the trash (`.done`): the caller credits these, once.
    public var finished: [JournaledMove] = []
    /// Moves that ended back at their original path (`.rolledBack`) after their file had begun to leave it.
    public var rolledBack: [JournaledMove] = []
    /// Moves planned but never begun (`.planned`): their files never left their place.
    public var notStarted: [JournaledMove] = []
    /// Anything recovery could not settle or wants a person to know, in words.
    public var problems: [String] = []
}

extension Trash {
    /// Finishes or rolls back every unfinished move in `journal`. Runs on every start, before
    /// anything else touches the trash; running it twice changes nothing the second time.
    ///
    /// - planned: roll back (remove our `.trashinfo` if it was being written).
    /// - infoWritten: the source is still there unchanged → roll back (remove any copy and the
    ///   info); the source is gone but `files/NAME` is there → finish; both gone → roll back.
    /// - dataInTrash: the verified copy is there and the source still matches → unlink the
    ///   source and finish; the copy is gone → roll back; the source is gone or replaced → finish.
    /// - sourceRemoved: finish.
    public func recover(_ journal: TrashJournal) -> RecoveryReport {
        var report = RecoveryReport()
        let moves: [JournaledMove]
        do {
            moves = try journal.unfinishedMoves()
        } catch {
            report.problems.append("the trash journal could not be read: \(error)")
            return report
        }
        for move in moves {
            do {
                let settled = try settle(move, journal: journal)
                if settled.move.state == .done {
                    report.finished.append(settled.move)
                } else if move.state == .planned {
                    report.notStarted.append(settled.move)
                } else {
                    report.rolledBack.append(settled.move)
                }
                if let note = settled.note { report.problems.append(note) }
            } catch {
                report.problems.append("'\(move.originalPath)' (\(move.key)) is still unfinished: \(error)")
            }
        }
        return report
    }

    /// Brings one move to `.done` or `.rolledBack` from whatever its journaled state left on disk.
    func settle(_ start: JournaledMove, journal: TrashJournal) throws -> (move: JournaledMove, note: String?) {
        if isElsewhere(start.trashRoot) { return try shelf(start.trashRoot).settle(start, journal: journal) }
        var move = start
        var note: String?
        let source = move.originalPath
        guard let name = move.trashName else {
            if !move.state.isFinished { try advance(&move, to: .rolledBack, in: journal) }
            return (move, nil)
        }
        switch move.state {
        case .done, .rolledBack:
            break
        case .planned:
            try removeOwnInfo(move, name: name)
            try advance(&move, to: .rolledBack, in: journal)
        case .infoWritten:
            try removeIfPresent(partialPath(move.key))
            let current = try statusIfPresent(source)
            let inTrash = try statusIfPresent(filePath(name))
            if let current, current.isSameVersion(as: move.expected) {
                if inTrash != nil {
                    if try isCopy(filePath(name), of: source) {
                        try operations.unlink(filePath(name))
                        try operations.synchronizeDirectory(filesDirectory)
                    } else {
                        note = "'\(RawPath(bytes: name))' in the trash is not a copy of '\(source)'; left as it is"
                    }
                }
                if note == nil { try removeIfPresent(infoPath(name)) }
                try operations.synchronizeDirectory(infoDirectory)
                try advance(&move, to: .rolledBack, in: journal)
            } else if inTrash != nil {
                try advance(&move, to: .done, in: journal)
            } else {
                try removeIfPresent(infoPath(name))
                try operations.synchronizeDirectory(infoDirectory)
                note = "'\(source)' vanished during the move (not by us); nothing to keep"
                try advance(&move, to: .rolledBack, in: journal)
            }
        case .dataInTrash:
            try removeIfPresent(partialPath(move.key))
            let current = try statusIfPresent(source)
            if try statusIfPresent(filePath(name)) == nil {
                try removeIfPresent(infoPath(name))
                try operations.synchronizeDirectory(infoDirectory)
                if current == nil { note = "'\(source)' and its copy in the trash both vanished (not by us)" }
                try advance(&move, to: .rolledBack, in: journal)
            } else if let current, current.isSameVersion(as: move.expected) {
                if try isCopy(filePath(name), of: source) {
                    if let error = unlinkReportingFailure(source) {
                        // The source cannot be removed (read-only folder): the copy goes instead.
                        try operations.unlink(filePath(name))
                        try operations.synchronizeDirectory(filesDirectory)
                        try removeIfPresent(infoPath(name))
                        try operations.synchronizeDirectory(infoDirectory)
                        note = TrashFailure(error).description
                        try advance(&move, to: .rolledBack, in: journal)
                    } else {
                        try operations.synchronizeDirectory(source.parent)
                        try advance(&move, to: .sourceRemoved, in: journal)
                        try advance(&move, to: .done, in: journal)
                    }
                } else {
                    try operations.unlink(filePath(name))
                    try operations.synchronizeDirectory(filesDirectory)
                    try removeIfPresent(infoPath(name))
                    try operations.synchronizeDirectory(infoDirectory)
                    try advance(&move, to: .rolledBack, in: journal)
                }
            } else {
                if current != nil { note = "'\(source)' was replaced during the move; the dealt version is in the trash" }
                try advance(&move, to: .done, in: journal)
            }
        case .sourceRemoved:
            try advance(&move, to: .done, in: journal)
        }
        return (move, note)
    }

    /// Records `move` in `state`; a move that is `.done` records the inode its trash entry has.
    func advance(_ move: inout JournaledMove, to state: MoveState, in journal: TrashJournal) throws(JournalFailure) {
        move.state = state
        if state == .done, let name = move.trashName, let entry = try? operations.status(filePath(name)), entry.kind == .regular {
            move.trashedInode = entry.inode
            move.trashedCtime = entry.ctimeNanoseconds
        }
        try record(move, in: journal)
    }

    /// Removes `info/NAME.trashinfo` if it holds (a beginning of) exactly what this move writes.
    private func removeOwnInfo(_ move: JournaledMove, name: [UInt8]) throws {
        let path = infoPath(name)
        guard let found = try readSmallFileIfPresent(path) else { return }
        let ours = TrashInfo(originalPath: move.originalPath, deletionDate: move.deletionDate ?? "").bytes
        guard found.count <= ours.count, Array(ours[..<found.count]) == found else { return }
        try operations.unlink(path)
        try operations.synchronizeDirectory(infoDirectory)
    }

    /// True when `copy` is a regular file with exactly the bytes of `original`.
    private func isCopy(_ copy: RawPath, of original: RawPath) throws -> Bool {
        guard try operations.status(copy).kind == .regular else { return false }
        return try sameContent(copy, original)
    }
}
