import FileSystem
import Foundation
import Library
import Trash

/// What `clean trash adopt` did.
public struct AdoptOutcome: Sendable {
    /// Trash ids given to the entries recorded again.
    public var adopted: [Int64] = []
    /// Bytes of the adopted entries.
    public var bytes: Int64 = 0
    /// True when the player's profile was carried over from the old index.
    public var profileCarried = false
    /// Entries left unrecorded and anything else to tell, in words.
    public var notes: [String] = []
}

extension PlayContext {
    /// Rebuilds the index's record of the trash after the index was lost or moved aside: every
    /// well-formed entry of the trash (a regular `files/NAME` with its `.trashinfo`) that this
    /// index does not know is recorded again, so `trash list`, `restore` and `trash empty` see it.
    /// With `oldIndex`, the player's profile is carried over from it when it can still be read
    /// and this index has none; the adopted entries then count as already credited. Nothing in
    /// the trash is moved or changed. Running it twice adopts nothing the second time.
    public func adoptTrash(oldIndex: String?) throws -> AdoptOutcome {
        var outcome = AdoptOutcome()
        if let oldIndex {
            switch LibraryDatabase.salvageProfile(from: oldIndex) {
            case .success(let profile):
                outcome.profileCarried = try library.adoptProfile(profile, at: now)
                if !outcome.profileCarried { outcome.notes.append("this index already has a profile; the one in \(oldIndex) was not carried over") }
            case .failure(let error):
                outcome.notes.append("no profile carried over: \(error)")
            }
        }
        let known = Set(try library.trashNames())
        let listing = trash.list()
        var found: [LibraryDatabase.FoundEntry] = []
        for entry in listing.entries where !known.contains(Data(entry.trashName)) {
            guard !entry.isDirectory, let status = try? NoLinks.status(trash.filesDirectory.appending(entry.trashName)),
                  status.kind == .regular else {
                outcome.notes.append("\(RawPath(bytes: entry.trashName)): not a regular file; left in the trash unrecorded")
                continue
            }
            found.append(.init(trashName: entry.trashName, originalPath: entry.originalPath, deletionDate: entry.deletionDate,
                               deletedAt: entry.deletedAt, status: status))
            outcome.bytes += status.size
        }
        outcome.notes += listing.problems.filter { !known.contains(Data($0.trashName)) }.map { "\($0.description); not recorded" }
        outcome.adopted = try library.adopt(found, credited: outcome.profileCarried, at: now)
        return outcome
    }
}

extension PlayContext {
    /// How many entries of the trash's `files/` the index has no record of (a crash with the index's write-ahead log
    /// lost, an index replaced): `clean trash adopt` has work when it is more than 0. Partial copies in flight are not
    /// counted; the desktop's trash, which other programs share, is not checked (0).
    public func unrecordedTrashEntries() throws -> Int {
        guard !trash.renameOnly, let names = try? NoLinks.list(trash.filesDirectory) else { return 0 }
        let candidates = names.filter { !$0.name.starts(with: Array(".swipeclean-".utf8)) }
        guard !candidates.isEmpty else { return 0 }
        let known = Set(try library.trashNames())
        return candidates.filter { !known.contains(Data($0.name)) }.count
    }
}
