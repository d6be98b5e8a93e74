import FileSystem
import Foundation
import Library
import Play
import Scanning

/// The trash as it stands: its files (each card's own and its linked ones) and which of them were changed outside clean.
package struct TrashListing {
    package let files: [TrashedRecord]
    /// Entries edited or swapped in the trash since they moved: they cannot be restored.
    package let changed: Set<Int64>
    package let calendar: Calendar

    /// `clean trash list --json`, `GET /api/v1/trash`.
    package var document: [TrashEntryDocument] { TrashEntryDocument.list(files, changed: changed, calendar: calendar) }
}

/// What `emptyTrash` did.
package enum EmptyResult {
    /// A dry run: what would go, nothing deleted.
    case preview([TrashedRecord])
    /// The question was answered no: what would have gone, nothing deleted.
    case declined([TrashedRecord])
    /// Deleted for good (nothing, when nothing was old enough: `doomed` is empty).
    case emptied(EmptyOutcome, doomed: [TrashedRecord])
}

/// Which trash entries a restore puts back.
package enum RestoreChoice {
    /// Trash ids (`clean trash list`).
    case ids([Int64])
    /// Trash ids and everything that came from these original paths (a folder: everything from inside it).
    case targets(ids: [Int64], originalPaths: [RawPath])
    /// Everything one round sent to the trash.
    case round(Int64)
    /// The whole trash.
    case all
    /// The ids `pick` chooses from the trash's files (a terminal's picker); none: nothing is restored.
    case pick(([TrashedRecord]) -> [Int64])
}

/// What a restore did: its outcome and how many entries it was asked for.
package struct RestoreResult {
    package let outcome: RestoreOutcome
    package let asked: Int
    package var document: RestoredDocument { RestoredDocument(outcome) }
}

extension AppService {
    /// What is in the trash, the index first reconciled with it (problems on stderr). A read: while another clean moves
    /// files (a restore, an empty, a batch), the trash is listed as the index has it, without waiting.
    package func trashListing() throws -> TrashListing {
        let context = try context()
        var play: PlayContext
        var lock: ProcessLock?
        do {
            let opened = try context.openPlay()
            (play, lock) = opened
            for problem in try opened.0.reconcileTrash() { AppLog.warn("clean: trash: \(problem)") }
        } catch is MoverBusy {
            guard let reading = try context.readingPlay() else {
                return TrashListing(files: [], changed: [], calendar: context.calendar)
            }
            play = reading
        }
        defer { withExtendedLifetime(lock) {} }
        return TrashListing(files: try play.library.filesInTrash(), changed: try play.changedTrashIDs(), calendar: context.calendar)
    }

    package func trash() throws -> [TrashEntryDocument] { try trashListing().document }

    /// Trash entry `id`'s own file opened to read (the trash page's thumbnails), with its record; nil when
    /// it is not a file of ours in the trash now. Takes no mover lock: it only reads.
    package func openTrashed(_ id: Int64) throws -> (TrashedRecord, ReadableFile)? {
        try context().readingPlay()?.openTrashed(id)
    }

    /// Deletes for good clean's own entries in the trash longer than `days` days (nil: all of them), and of those only
    /// `ids` when given (the ones a page listed and asked about; one no longer in the trash is passed over). The index
    /// is reconciled with the trash first. `dryRun` deletes nothing; otherwise `confirm` is asked with exactly what then
    /// goes (nothing goes when it answers no), under the same hold of the mover's lock.
    package func emptyTrash(olderThanDays days: Int?, only ids: Set<Int64>? = nil, dryRun: Bool = false,
                            confirm: ([TrashedRecord]) -> Bool = { _ in true }) throws -> EmptyResult {
        let (play, lock) = try context().openPlay()
        defer { withExtendedLifetime(lock) {} }
        for problem in try play.reconcileTrash() { AppLog.warn("clean: trash: \(problem)") }
        // The question counts exactly what is then deleted: clean's own entries, by the index's date.
        let doomed = try play.trashToEmpty(olderThanDays: days).filter { ids?.contains($0.id!) ?? true }
        if dryRun { return .preview(doomed) }
        guard !doomed.isEmpty else { return .emptied(EmptyOutcome(), doomed: []) }
        guard confirm(doomed) else { return .declined(doomed) }
        let outcome = try play.emptyTrash(doomed)
        for problem in outcome.problems { AppLog.warn("clean: trash: \(problem)") }
        return .emptied(outcome, doomed: doomed)
    }

    /// `clean trash empty --all --yes` over the trash ids `ids` only (the web's trash page).
    package func emptyTrash(ids: [Int64]) throws -> EmptiedDocument {
        guard case .emptied(let outcome, _) = try emptyTrash(olderThanDays: nil, only: Set(ids)) else { return EmptiedDocument(EmptyOutcome()) }
        return EmptiedDocument(outcome)
    }

    /// `trash.auto_empty_days`: what has been in the trash longer than that, deleted for good; nil when the setting is
    /// off, there is no index yet, or another clean is moving files (the next command does it).
    package func emptyPastRetention() throws -> (outcome: EmptyOutcome, days: Int)? {
        let context = try context()
        let days = context.configuration.trash.autoEmptyDays
        guard days > 0, FileManager.default.fileExists(atPath: context.databasePath) else { return nil }
        do {
            guard case .emptied(let outcome, _) = try emptyTrash(olderThanDays: days) else { return nil }
            return (outcome, days)
        } catch is MoverBusy {
            return nil
        }
    }

    /// Puts `choice`'s entries back where they were; `rename`: as NAME (restored).EXT when the path is taken.
    /// The files put back are indexed at once (`indexRestored`): `items` lists them without a rescan.
    package func restore(_ choice: RestoreChoice, rename: Bool = false) throws -> RestoreResult {
        let context = try context()
        let (play, lock) = try context.openPlay()
        defer { withExtendedLifetime(lock) {} }
        var wanted: [Int64] = []
        switch choice {
        case .ids(let ids): wanted = ids
        case .round(let round): wanted = try play.trashIDs(round: round)
        case .all: wanted = try play.trashIDs()
        case .pick(let pick): wanted = pick(try play.library.filesInTrash())
        case .targets(let ids, let paths):
            wanted = ids
            for path in paths {
                let found = try play.trashIDs(originallyAt: path)
                if found.isEmpty { throw CleanError("nothing in the trash came from \(path); `clean trash list` shows what is there") }
                wanted += found
            }
        }
        let outcome = try play.restore(wanted, renameIfTaken: rename)
        if !outcome.restored.isEmpty {
            let issues = try play.library.indexRestored(outcome.restored.compactMap { outcome.paths[$0] }, request: context.scanRequest([]))
            for issue in issues { AppLog.warn("clean: \(issue.path) is back but could not be read into the index: \(issue.reason)") }
        }
        return RestoreResult(outcome: outcome, asked: wanted.count)
    }

    /// Restores the trash ids `ids` (the web's trash page).
    package func restore(ids: [Int64]) throws -> RestoredDocument {
        try restore(.ids(ids)).document
    }

    /// Records again the trash's entries the index does not know (after the index was lost), carrying the player's
    /// profile over from `oldIndex` when it can be read and this index has none.
    package func adoptTrash(from oldIndex: String?) throws -> AdoptOutcome {
        let context = try context()
        TrashCheck.skip(context.home)
        let (play, lock) = try context.openPlay()
        defer { withExtendedLifetime(lock) {} }
        let outcome = try play.adoptTrash(oldIndex: oldIndex)
        for note in outcome.notes { AppLog.warn("clean: trash: \(note)") }
        return outcome
    }
}
