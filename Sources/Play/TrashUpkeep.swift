import FileSystem
import Foundation
import Library
import Trash

/// What emptying the trash did.
public struct EmptyOutcome: Sendable {
    public init() {}
    public var files = 0
    public var bytes: Int64 = 0
    public var problems: [String] = []
}

extension PlayContext {
    /// The trash's own record of a file it moved, as the `Trash` module checks the disk against it.
    func recorded(_ file: TrashedRecord) -> RecordedEntry? {
        guard let name = file.trashName else { return nil }
        return RecordedEntry(trashName: Array(name), originalPath: file.rawOriginalPath, size: file.size, mtimeNanoseconds: file.mtimeNs,
                             inode: file.trashInode.map { UInt64(bitPattern: $0) },
                             deletionDate: file.deletionDate ?? DeletionDate.format(file.deletedAt, in: trash.timeZone),
                             trashRoot: file.trashRoot.map { RawPath(bytes: Array($0)) }, ctimeNanoseconds: file.trashCtimeNs)
    }

    /// The files `clean trash empty` deletes: in the trash (by the index) longer than `days`,
    /// everything when nil. What the question counts is exactly what is then deleted.
    public func trashToEmpty(olderThanDays days: Int?) throws -> [TrashedRecord] {
        let cutoff = days.map { calendar.date(byAdding: .day, value: -$0, to: now) ?? now }
        return try library.filesInTrash().filter { file in cutoff.map { file.deletedAt < $0 } ?? true }
    }

    /// Deletes `files` for good and records it for the report: the only place SwipeClean unlinks
    /// a user's file. Only entries SwipeClean moved in are touched (the trash may be shared);
    /// one changed outside clean is left where it is and reported.
    /// Journaled like a move: the entries are marked before the first unlink and the purges
    /// recorded after the last (one transaction each), so `recover` settles a crash in between.
    public func emptyTrash(_ files: [TrashedRecord]) throws -> EmptyOutcome {
        var outcome = EmptyOutcome()
        var purged: [Int64] = []
        var outside: [Int64] = []
        var left: [Int64] = []
        try library.beginLeaving(files.filter(\.isInTrash).map { $0.id! }, .purge)
        for file in files where file.isInTrash {
            guard let entry = recorded(file) else {
                left.append(file.id!)
                continue
            }
            if trash.condition(of: entry) == .gone {
                outside.append(file.id!)
                continue
            }
            do {
                outcome.bytes += try trash.purge(entry)
                outcome.files += 1
                purged.append(file.id!)
            } catch {
                left.append(file.id!)
                outcome.problems.append(error.description)
            }
        }
        try library.recordEmpty(purged: purged, outside: outside, left: left, at: now)
        return outcome
    }

    /// `emptyTrash` over what has been in the trash longer than `days` (everything when nil).
    public func emptyTrash(olderThanDays days: Int?) throws -> EmptyOutcome {
        try emptyTrash(trashToEmpty(olderThanDays: days))
    }
}

extension PlayContext {
    /// Compares the index's record of the trash with the disk, entry by entry; the index is the truth.
    ///
    /// - A damaged `.trashinfo` (missing, garbage, `Path=` edited) is rewritten from the index.
    /// - An entry changed outside clean (a link, a folder or another file in its place) is
    ///   reported and left where it is; restore and empty refuse it.
    /// - A file gone from the trash but back at its original path, the same size (a restore
    ///   interrupted before its record was written), is recorded as restored; one gone from both
    ///   was removed outside clean and is recorded as such.
    /// Problems with entries clean did not put there are reported, never fixed by guessing.
    public func reconcileTrash() throws -> [String] {
        var notes: [String] = []
        var outside: [Int64] = []
        let records = try library.filesInTrash()
        for file in records {
            guard let entry = recorded(file) else { continue }
            let label = "trash entry \(file.id!) (\(file.rawOriginalPath))"
            switch trash.condition(of: entry) {
            case .intact:
                continue
            case .damagedInfo(let why):
                do {
                    try trash.repairInfo(entry)
                    notes.append("\(label) was damaged: \(why); its .trashinfo was rewritten from the index")
                } catch {
                    notes.append("\(label) is damaged: \(why); it could not be repaired (\(error)), restore and empty go by the index")
                }
            case .changed(let why):
                notes.append("the trashed copy of \(file.rawOriginalPath) (trash id \(file.id!)) was changed outside clean (\(why)); left where it is")
            case .unavailable(let why):
                notes.append("trash entry \(file.id!) (\(file.rawOriginalPath)) cannot be checked: \(why); left as recorded")
            case .gone:
                if let back = try? NoLinks.status(file.rawOriginalPath), back.kind == .regular, back.size == file.size {
                    try library.markRestored(file, to: file.rawOriginalPath, at: now, back: back, calendar: calendar, newPlayer: newPlayer)
                    notes.append("\(file.rawOriginalPath) is back where it was; recorded as restored")
                } else {
                    outside.append(file.id!)
                    notes.append("\(file.rawOriginalPath) was removed from the trash outside clean (by hand or by another program); counted as deleted for good")
                }
            }
        }
        try library.markPurged(outside, at: now, reason: .outside)
        let ours = Set(try library.trashNames())
        return notes + trash.list().problems.filter { !ours.contains(Data($0.trashName)) }.map(\.description)
    }

    /// Trash ids whose entry was changed outside clean: listed as such, never restored or deleted.
    public func changedTrashIDs() throws -> Set<Int64> {
        Set(try library.filesInTrash().filter { file in
            guard let entry = recorded(file), case .changed = trash.condition(of: entry) else { return false }
            return true
        }.map { $0.id! })
    }
}
