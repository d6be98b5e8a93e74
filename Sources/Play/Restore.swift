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
            guard file.isInTrash, let name = file.trashName else {
                outcome.failed.append((id, file.restoredAt != nil ? "already restored" : file.purgedAt != nil ? "deleted for good by `clean trash empty`" : "not in the trash"))
                continue
            }
            do {
                let path = try trash.restore(Array(name), to: file.rawOriginalPath, renameIfTaken: renameIfTaken)
                try library.markRestored(file, to: path, at: now, back: try? NoLinks.status(path), newPlayer: newPlayer)
                outcome.restored.append(id)
                outcome.paths[id] = path
            } catch {
                outcome.failed.append((id, "\(file.rawOriginalPath): \(error)"))
                continue
            }
            guard file.part == 0 else { continue }
            for linked in inTrash where linked.round == file.round && linked.item == file.item && linked.part > 0 && !ids.contains(linked.id!) {
                guard let linkedName = linked.trashName else { continue }
                do {
                    let path = try trash.restore(Array(linkedName), to: linked.rawOriginalPath, renameIfTaken: renameIfTaken)
                    try library.markRestored(linked, to: path, at: now, back: try? NoLinks.status(path), newPlayer: newPlayer)
                    outcome.restored.append(linked.id!)
                    outcome.paths[linked.id!] = path
                } catch {
                    outcome.failed.append((linked.id!, "\(linked.rawOriginalPath): \(error)"))
                }
            }
        }
        return outcome
    }

    /// The ids of every card's own file in the trash, or of one round's.
    public func trashIDs(round: Int64? = nil) throws -> [Int64] {
        try library.filesInTrash().filter { $0.part == 0 && (round == nil || $0.round == round) }.map { $0.id! }
    }
}

/// What emptying the trash did.
public struct EmptyOutcome: Sendable {
    public init() {}
    public var files = 0
    public var bytes: Int64 = 0
    public var problems: [String] = []
}

extension PlayContext {
    /// Deletes for good what has been in the trash longer than `days` (everything when nil),
    /// and records it for the report. The only place SwipeClean unlinks a user's file.
    public func emptyTrash(olderThanDays days: Int?) throws -> EmptyOutcome {
        let report = days.map { trash.empty(olderThan: calendar.date(byAdding: .day, value: -$0, to: now) ?? now) } ?? trash.emptyAll()
        let byName = Dictionary(try library.filesInTrash().compactMap { file in file.trashName.map { ($0, file.id!) } },
                                uniquingKeysWith: { first, _ in first })
        try library.markPurged(report.purged.compactMap { byName[Data($0.entry.trashName)] }, at: now, reason: .empty)
        var outcome = EmptyOutcome()
        outcome.files = report.purged.count
        outcome.bytes = report.bytesPurged
        outcome.problems = report.problems.map(\.description)
        return outcome
    }
}

extension PlayContext {
    /// Compares the index's idea of the trash with the trash on disk. A file missing from the
    /// trash but back at its original path, the same size (a restore interrupted before its
    /// record was written) is recorded as restored; one gone from both was removed by hand and
    /// is recorded as purged. Bad trash contents (an info without its file, garbage in an info,
    /// a file without info) are returned as problems, never fixed by guessing.
    public func reconcileTrash() throws -> [String] {
        let listing = trash.list()
        let onDisk = Set(listing.entries.map { Data($0.trashName) })
        var notes: [String] = []
        var purged: [Int64] = []
        for file in try library.filesInTrash() {
            guard let name = file.trashName, !onDisk.contains(name) else { continue }
            if let back = try? linkStatus(file.rawOriginalPath), back.kind == .regular, back.size == file.size {
                try library.markRestored(file, to: file.rawOriginalPath, at: now, back: back, newPlayer: newPlayer)
                notes.append("\(file.rawOriginalPath) is back where it was; recorded as restored")
            } else {
                purged.append(file.id!)
                notes.append("\(file.rawOriginalPath) was removed from the trash by hand; counted as deleted for good")
            }
        }
        try library.markPurged(purged, at: now, reason: .outside)
        return notes + listing.problems.map(\.description)
    }
}
