import FileSystem
import Foundation
import Library
import Trash

/// What a restore did: the trash ids put back (with where), and the ones that could not be.
public struct RestoreOutcome: Sendable {
    public var restored: [Int64] = []
    public var paths: [Int64: RawPath] = [:]
    public var failed: [(id: Int64, reason: String)] = []
}

extension PlayContext {
    /// Puts trashed files back where the index says they were (never where a `.trashinfo` says),
    /// never over an existing file unless `renameIfTaken` (then as `NAME (restored).EXT`).
    /// Restoring a card's own file brings its linked files back too. Stats lose the bytes; XP stays.
    public func restore(_ ids: [Int64], renameIfTaken: Bool) throws -> RestoreOutcome {
        var outcome = RestoreOutcome()
        let records = Dictionary(uniqueKeysWithValues: try library.trashedFiles(ids: ids).map { ($0.id!, $0) })
        let inTrash = try library.filesInTrash()
        for id in ids {
            guard let file = records[id] else {
                outcome.failed.append((id, "no trash entry with id \(id); `clean trash list` shows the ids"))
                continue
            }
            guard file.isInTrash, let entry = recorded(file) else {
                outcome.failed.append((id, Self.whyNotInTrash(file)))
                continue
            }
            do {
                let path = try journaledRestore(file, entry, renameIfTaken: renameIfTaken)
                outcome.restored.append(id)
                outcome.paths[id] = path
            } catch {
                outcome.failed.append((id, "\(file.rawOriginalPath): \(error)"))
                continue
            }
            guard file.part == 0 else { continue }
            for linked in inTrash where linked.round == file.round && linked.item == file.item && linked.part > 0 && !ids.contains(linked.id!) {
                guard let linkedEntry = recorded(linked) else { continue }
                do {
                    let path = try journaledRestore(linked, linkedEntry, renameIfTaken: renameIfTaken)
                    outcome.restored.append(linked.id!)
                    outcome.paths[linked.id!] = path
                } catch {
                    outcome.failed.append((linked.id!, "\(linked.rawOriginalPath): \(error)"))
                }
            }
        }
        return outcome
    }

    /// One file back out of the trash, journaled like a move: its target is recorded before the
    /// first file change and the restore recorded with the file back (one transaction each), so
    /// a crash in between is finished or undone by `recover`. A refused restore changes nothing.
    private func journaledRestore(_ file: TrashedRecord, _ entry: RecordedEntry, renameIfTaken: Bool) throws -> RawPath {
        // Never into a store another program owns (a folder that became part of a backup since the move).
        if let store = try library.store(containing: entry.originalPath) {
            throw PlayError("its folder now lies in \(store.kind.phrase) at \(store.rawPath), which SwipeClean never changes; it stays in the trash")
        }
        let target = try trash.restoreTarget(for: entry.originalPath, renameIfTaken: renameIfTaken)
        try library.beginLeaving([file.id!], .restore, to: target)
        let path: RawPath
        do {
            path = try trash.restore(entry, to: target)
        } catch {
            try library.endLeaving([file.id!])
            throw error
        }
        try library.markRestored(file, to: path, at: now, back: try? NoLinks.status(path), calendar: calendar, newPlayer: newPlayer)
        return path
    }

    /// Why a record is not restorable, in words that are true for it.
    static func whyNotInTrash(_ file: TrashedRecord) -> String {
        if file.restoredAt != nil { return "already restored" }
        switch (file.purgedAt, file.purgeReason) {
        case (.some, .empty): return "deleted for good by `clean trash empty`"
        case (.some, .outside): return "removed from the trash outside clean (by hand or by another program); nothing to restore"
        case (.some, nil): return "no longer in the trash: deleted for good"
        case (nil, _): return "not in the trash (its move did not finish)"
        }
    }

    /// The ids of every card's own file in the trash, or of one round's.
    public func trashIDs(round: Int64? = nil) throws -> [Int64] {
        try library.filesInTrash().filter { $0.part == 0 && (round == nil || $0.round == round) }.map { $0.id! }
    }

    /// Trash ids of the cards whose original path is `path`, or lies under it when it names a folder
    /// (an absolute path, byte for byte). A linked file comes back with its card, so it is not listed apart.
    public func trashIDs(originallyAt path: RawPath) throws -> [Int64] {
        var folder = path.bytes
        while folder.count > 1 && folder.last == UInt8(ascii: "/") { folder.removeLast() }
        let prefix = folder == [UInt8(ascii: "/")] ? folder : folder + [UInt8(ascii: "/")]
        return try library.filesInTrash().filter { file in
            let original = file.rawOriginalPath.bytes
            return file.part == 0 && (original == folder || original.starts(with: prefix))
        }.map { $0.id! }
    }
}
