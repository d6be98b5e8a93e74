#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import FileSystem

/// One card to trash: a primary file and the files that go with it (a Live Photo's movie,
/// `.AAE`/`.xmp`/`.json` sidecars). Each file gets its own trash entry.
public struct MoveRequest: Sendable {
    public struct LinkedFile: Sendable {
        public var path: RawPath
        public var expected: FileStatus
        public init(path: RawPath, expected: FileStatus) {
            self.path = path
            self.expected = expected
        }
    }

    public var itemID: Int64
    public var path: RawPath
    /// The file as it was when dealt; a file that no longer matches is not moved.
    public var expected: FileStatus
    public var linked: [LinkedFile]
    /// For a duplicate copy: the kept copy that must still exist with the same bytes.
    public var twin: RawPath?
    /// For a similar photo: the photo kept in its place, which must still exist unchanged.
    public var keptPhoto: KeptPhoto?

    public init(itemID: Int64, path: RawPath, expected: FileStatus, linked: [LinkedFile] = [], twin: RawPath? = nil,
                keptPhoto: KeptPhoto? = nil) {
        self.itemID = itemID
        self.path = path
        self.expected = expected
        self.linked = linked
        self.twin = twin
        self.keptPhoto = keptPhoto
    }
}

/// One file now in the trash.
public struct MovedEntry: Sendable, Equatable {
    public var trashName: [UInt8]
    public var originalPath: RawPath
    public var size: Int64
}

/// What happened to one card.
public enum MoveResult: Sendable, Equatable {
    /// The primary moved; `entries` lists every file that moved (primary first), `leftBehind`
    /// the linked files that could not, each with why. Bytes freed are the sum of `entries`.
    case moved(itemID: Int64, entries: [MovedEntry], leftBehind: [LeftBehind])
    /// Nothing of the card moved: it is not the file that was dealt any more (changed, gone, its kept copy changed).
    case skipped(itemID: Int64, reason: String)
    /// Nothing of the card moved, for a reason that may pass while the file stays as it was dealt: its folder is gone
    /// (renamed, moved, unmounted) or cannot be left, a write failed (a full disk), the journal failed. The card keeps
    /// its decision (Play keeps it pending).
    case deferred(itemID: Int64, reason: String)

    public struct LeftBehind: Sendable, Equatable {
        public var path: RawPath
        public var reason: String
    }

    public var itemID: Int64 {
        switch self {
        case .moved(let id, _, _), .skipped(let id, _), .deferred(let id, _): id
        }
    }
}

extension Trash {
    /// Moves a confirmed batch of cards into the trash, journaling each step in `journal`.
    ///
    /// Each file is re-checked first (size, mtime, inode); a duplicate moves only while its twin
    /// has the same bytes. A file is renamed when it shares the trash's file system, otherwise
    /// copied, synced, compared and only then unlinked. Any failure finishes or rolls back that
    /// file exactly as `recover` would, so every file ends in exactly one place.
    public func moveIn(_ requests: [MoveRequest], batch: BatchID, journal: TrashJournal) -> [MoveResult] {
        let plans = requests.map { request in
            ([(request.path, request.expected)] + request.linked.map { ($0.path, $0.expected) }).enumerated().map { part, file in
                JournaledMove(key: MoveKey(batch: batch, itemID: request.itemID, part: part), originalPath: file.0, expected: file.1)
            }
        }
        do {
            try journal.begin(plans.flatMap { $0 })
        } catch {
            return requests.map { .deferred(itemID: $0.itemID, reason: "the trash journal could not record the batch: \(error)") }
        }
        var journalFailure: String?
        var results: [MoveResult] = []
        for (request, plan) in zip(requests, plans) {
            if let journalFailure {
                results.append(.deferred(itemID: request.itemID, reason: "not tried: \(journalFailure)"))
                continue
            }
            results.append(moveCard(request, plan, journal: journal, journalFailure: &journalFailure))
        }
        return results
    }

    private func moveCard(_ request: MoveRequest, _ plan: [JournaledMove], journal: TrashJournal,
                          journalFailure: inout String?) -> MoveResult {
        /// Records the moves from `first` on as rolled back (they were never started) and skips (or defers) the card.
        func skipAll(_ reason: String, from first: Int = 0, deferred: Bool = false) -> MoveResult {
            for var move in plan[first...] {
                move.state = .rolledBack
                do { try journal.record(move) } catch { journalFailure = "the trash journal failed: \(error)" }
            }
            return deferred ? .deferred(itemID: request.itemID, reason: reason) : .skipped(itemID: request.itemID, reason: reason)
        }
        if let folder = missingFolder(of: plan[0].originalPath) {
            return skipAll("its folder \(folder) is gone since it was dealt (renamed, moved or unmounted); not moved", deferred: true)
        }
        if let reason = recheck(plan[0]) { return skipAll(reason) }
        if let twin = request.twin, let reason = checkTwin(twin, of: request.path) { return skipAll(reason) }
        if let kept = request.keptPhoto, let reason = checkKeptPhoto(kept, of: request.path) { return skipAll(reason) }

        var entries: [MovedEntry] = []
        var leftBehind: [MoveResult.LeftBehind] = []
        for move in plan {
            if move.key.part > 0, entries.isEmpty { break }
            if let reason = recheck(move) {
                if move.key.part == 0 { return skipAll(reason) }
                var finished = move
                finished.state = .rolledBack
                do { try journal.record(finished) } catch { journalFailure = "the trash journal failed: \(error)"; break }
                leftBehind.append(.init(path: move.originalPath, reason: reason))
                continue
            }
            switch moveFile(move, journal: journal) {
            case .moved(let entry):
                entries.append(entry)
            case .notMoved(let reason, let fileUnchanged):
                if move.key.part == 0 { return skipAll(reason, from: 1, deferred: fileUnchanged) }
                leftBehind.append(.init(path: move.originalPath, reason: reason))
            case .journalFailed(let reason):
                journalFailure = reason
                if move.key.part == 0 { return .deferred(itemID: request.itemID, reason: reason) }
                leftBehind.append(.init(path: move.originalPath, reason: reason))
            }
            if journalFailure != nil { break }
        }
        if entries.isEmpty { return .deferred(itemID: request.itemID, reason: journalFailure ?? "nothing moved") }
        return .moved(itemID: request.itemID, entries: entries, leftBehind: leftBehind)
    }

    /// The first folder on the way to `path` that is not there any more (reached without following a link), or nil when
    /// its folder is there: a file whose folder is gone may come back with it, a file gone from its folder does not.
    private func missingFolder(of path: RawPath) -> RawPath? {
        var folder = path.parent, missing: RawPath?
        while folder.bytes.count > 1 {
            do {
                _ = try operations.status(folder)
                return missing
            } catch where error.isNotFound {
                missing = folder
                folder = folder.parent
            } catch {
                return missing
            }
        }
        return missing
    }

    /// Nil when the file is still the one that was dealt; otherwise why it is not moved.
    /// The path is reached without following a link anywhere on the way (`SystemFileOperations`).
    private func recheck(_ move: JournaledMove) -> String? {
        let path = move.originalPath
        do {
            let now = try operations.status(path)
            guard now.kind == .regular else { return "'\(path)' is no longer a regular file; not moved" }
            guard now.isSameVersion(as: move.expected) else {
                return "'\(path)' changed since it was dealt (size, modification time, change time or inode); not moved"
            }
            return nil
        } catch where error.isNotFound {
            return "'\(path)' is gone since it was dealt; not moved"
        } catch where error.code == ELOOP {
            return "a folder on the way to '\(path)' is a symbolic link now; nothing moves through a link, not moved"
        } catch {
            return TrashFailure(error).description
        }
    }

    /// Nil when `twin` is another file holding exactly the same bytes as `path`. Both are opened
    /// without following a link in any component, and must be two files (device and inode
    /// differ): a kept copy reached through a planted link could be the very file that moves.
    private func checkTwin(_ twin: RawPath, of path: RawPath) -> String? {
        guard twin != path else { return "'\(path)' names itself as its kept copy; not moved" }
        let lastCopy = "'\(path)' might be the last copy, not moved"
        do {
            let moving = try ReadableFile(reachedWithoutLinks: path)
            let kept: ReadableFile
            do {
                kept = try ReadableFile(reachedWithoutLinks: twin)
            } catch where error.isNotFound {
                return "its kept copy '\(twin)' is gone; '\(path)' is the last copy, not moved"
            } catch where error.code == ELOOP {
                return "its kept copy '\(twin)' is a symbolic link or is reached through one now; \(lastCopy)"
            } catch where error.code == EINVAL {
                return "its kept copy '\(twin)' is no longer a regular file; \(lastCopy)"
            }
            let movingStatus = try moving.status(), keptStatus = try kept.status()
            guard movingStatus.device != keptStatus.device || movingStatus.inode != keptStatus.inode else {
                return "its kept copy '\(twin)' is the same file as '\(path)' (one inode under two names); it would be the last copy, not moved"
            }
            guard try sameContent(moving, kept) else {
                return "its kept copy '\(twin)' no longer has the same bytes; \(lastCopy)"
            }
            return nil
        } catch {
            return "its kept copy could not be compared: \(error); '\(path)' not moved"
        }
    }

    enum FileOutcome {
        case moved(MovedEntry)
        /// Not moved, and why; `fileUnchanged`: it is still where it was, as it was dealt (a write failed), so it may move later.
        case notMoved(String, fileUnchanged: Bool)
        case journalFailed(String)
    }

    /// Moves one re-checked file, recording each step; on failure settles it like recovery.
    private func moveFile(_ planned: JournaledMove, journal: TrashJournal) -> FileOutcome {
        var move = planned
        let source = move.originalPath
        let failure: TrashFailure
        do {
            let device = try operations.status(source).device
            if renameOnly, try device != operations.status(filesDirectory).device {
                guard usesVolumeTrashes else {
                    throw TrashFailure("'\(source)' is on another volume than the trash \(root); the desktop trash takes a rename, "
                                       + "never a copy, so it stays where it is")
                }
                // That volume's own trash takes it, by a rename journaled as here.
                let volume = try volumeTrash(for: source, device: device)
                move.trashRoot = volume.root
                return volume.moveFile(move, journal: journal)
            }
            let date = DeletionDate.format(now(), in: timeZone)
            let info = TrashInfo(originalPath: source, deletionDate: date)
            var attempt = 1
            while true {
                let name = TrashNames.candidate(for: source.lastComponent, attempt: attempt)
                attempt += 1
                guard attempt < 10_000 else { throw TrashFailure("no free name in the trash for '\(source)'") }
                if exists(infoPath(name)) || exists(filePath(name)) { continue }
                move.trashName = name
                move.deletionDate = date
                try record(move, in: journal)
                if try writeNewFileUnlessTaken(infoPath(name), info.bytes) { break }
            }
            let name = move.trashName!
            move.state = .infoWritten
            try record(move, in: journal)

            var copy = forceCopy
            if !copy { copy = try operations.status(source).device != operations.status(filesDirectory).device }
            if !copy {
                copy = try !renameUnlessCrossDevice(source, to: filePath(name))
                if copy && renameOnly {
                    throw TrashFailure("'\(source)' cannot be renamed into the trash \(root) (another mount); "
                                       + "the desktop trash is never copied into, so it stays where it is")
                }
                if !copy {
                    try operations.synchronizeDirectory(filesDirectory)
                    try operations.synchronizeDirectory(source.parent)
                }
            }
            if copy {
                try copyVerified(source, expected: move.expected, to: filePath(name), via: partialPath(move.key))
                move.state = .dataInTrash
                try record(move, in: journal)
                guard try operations.status(source).isSameVersion(as: move.expected) else {
                    throw TrashFailure("'\(source)' changed while it was being moved")
                }
                try operations.unlink(source)
                try operations.synchronizeDirectory(source.parent)
                move.state = .sourceRemoved
                try record(move, in: journal)
            }
            try advance(&move, to: .done, in: journal)
            return .moved(MovedEntry(trashName: name, originalPath: source, size: move.expected.size))
        } catch let error as JournalFailure {
            return .journalFailed(error.description)
        } catch let error as TrashFailure {
            failure = error
        } catch let error as FileSystemError {
            failure = TrashFailure(error)
        } catch {
            failure = TrashFailure("\(error)")
        }
        do {
            let settled = try settle(move, journal: journal)
            if settled.move.state == .done, let name = settled.move.trashName {
                return .moved(MovedEntry(trashName: name, originalPath: source, size: move.expected.size))
            }
            let unchanged = (try? operations.status(source)).map { $0.isSameVersion(as: planned.expected) } ?? false
            return .notMoved(failure.description, fileUnchanged: unchanged)
        } catch let error as JournalFailure {
            return .journalFailed(error.description)
        } catch {
            return .notMoved("\(failure); then: \(error) (the next start finishes or rolls it back)", fileUnchanged: false)
        }
    }

    func record(_ move: JournaledMove, in journal: TrashJournal) throws(JournalFailure) {
        do { try journal.record(move) } catch { throw JournalFailure(description: "the trash journal failed: \(error)") }
    }
}

/// The journal could not record a step: stop touching files; recovery takes it from there.
struct JournalFailure: Error, CustomStringConvertible {
    let description: String
}

/// Names inside the trash: the original's last component, then `NAME.2.EXT`, `NAME.3.EXT`…
enum TrashNames {
    /// Room for `.trashinfo` after the name within the usual 255-byte limit.
    static let maximumLength = 255 - 10

    static func candidate(for original: [UInt8], attempt: Int) -> [UInt8] {
        var name = original.isEmpty || original == Array(".".utf8) || original == Array("..".utf8) ? Array("file".utf8) : original
        var stem = name
        var suffix: [UInt8] = []
        if let dot = name.lastIndex(of: UInt8(ascii: ".")), dot > 0 {
            stem = Array(name[..<dot])
            suffix = Array(name[dot...])
        }
        let counter = attempt > 1 ? Array(".\(attempt)".utf8) : []
        if suffix.count > 32 {
            stem = name
            suffix = []
        }
        let room = maximumLength - counter.count - suffix.count
        if stem.count > room { stem = Array(stem[..<room]) }
        name = stem + counter + suffix
        return name
    }
}
