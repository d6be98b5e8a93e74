import FileSystem
import Foundation
import Game
import Library
import Play
import Scanning

/// What the app does for a front-end that is not a command line (the web app): each call reads the
/// configuration and the clock afresh, as one command run would, through the process's one database,
/// and answers with the very documents the commands' `--json` prints.
package struct AppService: Sendable {
    package let environment: [String: String]
    package let door: LibraryDoor

    package init(environment: [String: String], door: LibraryDoor = LibraryDoor()) {
        self.environment = environment
        self.door = door
    }

    package func context() throws -> AppContext { try AppContext(environment: environment, door: door) }

    package func profile() throws -> ProfileDocument {
        ProfileDocument(try PlayerView(context: try context()))
    }

    package func bosses() throws -> [BossDocument] {
        let context = try context()
        let view = try PlayerView(context: context)
        return BossDocument.list(Bosses.list(for: view.profile, rules: view.rules), available: try dealableCounts(context: context),
                                 weekly: try weeklyBoss(context: context, profile: view.profile), calendar: context.calendar)
    }

    package func home() throws -> HomeDocument { try HomeDocument(context: try context()) }

    package func trash() throws -> [TrashEntryDocument] {
        let context = try context()
        let (play, lock) = try context.openPlay()
        defer { withExtendedLifetime(lock) {} }
        for problem in try play.reconcileTrash() { AppLog.warn("clean: trash: \(problem)") }
        return TrashEntryDocument.list(try play.library.filesInTrash(), changed: try play.changedTrashIDs(), calendar: context.calendar)
    }

    /// Trash entry `id`'s own file opened to read (the trash page's thumbnails), with its record; nil when
    /// it is not a file of ours in the trash now. Takes no mover lock: it only reads.
    package func openTrashed(_ id: Int64) throws -> (TrashedRecord, ReadableFile)? {
        try context().readingPlay()?.openTrashed(id)
    }

    /// Restores the trash ids `ids`.
    package func restore(ids: [Int64]) throws -> RestoredDocument {
        let (play, lock) = try context().openPlay()
        defer { withExtendedLifetime(lock) {} }
        return RestoredDocument(try play.restore(ids, renameIfTaken: false))
    }

    /// `clean trash empty --all --yes` over the trash ids `ids` only (those the page showed and asked
    /// about; one no longer in the trash is passed over): deleted for good.
    package func emptyTrash(ids: [Int64]) throws -> EmptiedDocument {
        let (play, lock) = try context().openPlay()
        defer { withExtendedLifetime(lock) {} }
        for problem in try play.reconcileTrash() { AppLog.warn("clean: trash: \(problem)") }
        let asked = Set(ids)
        let doomed = try play.trashToEmpty(olderThanDays: nil).filter { asked.contains($0.id!) }
        let outcome = doomed.isEmpty ? EmptyOutcome() : try play.emptyTrash(doomed)
        for problem in outcome.problems { AppLog.warn("clean: trash: \(problem)") }
        return EmptiedDocument(outcome)
    }

    package func report() throws -> ReportDocument {
        let context = try context()
        let report = try context.existingLibrary()?.storageReport(since: nil, calendar: context.calendar)
            ?? StorageReport(moved: [], calendar: context.calendar)
        return ReportDocument(report)
    }

    /// `clean report --html`: the same report as a page, charts included.
    package func reportHTML() throws -> String {
        let context = try context()
        let library = try context.existingLibrary()
        let report = try library?.storageReport(since: nil, calendar: context.calendar) ?? StorageReport(moved: [], calendar: context.calendar)
        return ReportHTML.page(report, today: Day(context.now, in: context.calendar), since: nil, first: try library?.firstScan(),
                               now: try library?.indexTotals(), calendar: context.calendar, inApp: true)
    }

    /// The batches played but not confirmed: a read, so it takes no mover's lock (a round in play holds it,
    /// and the home page asks for this list meanwhile).
    package func pending() throws -> [PendingDocument] {
        let context = try context()
        guard let play = try context.readingPlay() else { return [] }
        return try PendingDocument.list(try play.library.rounds(.pending), play: play, context: context)
    }

    /// What became of a pending round asked to be settled.
    package enum Settled {
        /// The batch moved (or was dropped): its report.
        case settled(RoundDocument)
        /// The round waits for no confirmation (confirmed or dropped before the request).
        case notPending
        /// It was pending but another program settled it while the request waited for the mover's lock.
        case settledMeanwhile
    }

    /// Moves (`confirm`) or drops a pending round's batch, under one hold of the mover's lock.
    package func settlePending(round: Int64, confirm: Bool) throws -> Settled {
        let (play, lock) = try context().openPlay()
        defer { withExtendedLifetime(lock) {} }
        guard try play.library.rounds(.pending).contains(where: { $0.id == round }) else { return .notPending }
        guard let report = confirm ? try play.confirmPending(round) : try play.discardPending(round) else { return .settledMeanwhile }
        return .settled(RoundDocument(report))
    }

    /// Opens play for one round: the index, the trash, the rules and the one-mover lock (held until
    /// `PlayOpening.lock` is released); a crash's leftovers are finished first.
    package func openPlay() throws -> PlayOpening {
        let context = try context()
        let (play, lock) = try context.openPlay()
        return PlayOpening(play: play, lock: lock, roundSeconds: Double(context.configuration.play.roundSeconds))
    }

    /// The index, for previews; nil before the first scan.
    package func library() throws -> LibraryDatabase? { try context().existingLibrary() }

    /// The folders scanned before, the latest first (those no longer folders left out): what the pages scan again.
    package func knownFolders() throws -> [String] {
        try context().existingLibrary()?.knownRoots().filter { (try? ScanRoot.resolve($0)) != nil } ?? []
    }

    /// A scan of `folders` (remembered as scanned ones), telling `progress` where it stands.
    package func scan(_ folders: [String], progress: @escaping @Sendable (ScanProgress) -> Void) throws -> ScanDocument {
        let context = try context()
        let roots = try folders.map(ScanRoot.resolve)
        let report = try context.openLibrary().scan(context.scanRequest(roots)) { progress($0) }
        return ScanDocument(report)
    }
}

/// Play opened for one round.
package struct PlayOpening {
    package let play: PlayContext
    /// The one-mover lock: dropping the last reference releases it.
    package let lock: AnyObject
    /// How long a standard round lasts (`play.round_seconds`).
    package let roundSeconds: Double

    package init(play: PlayContext, lock: AnyObject, roundSeconds: Double) {
        self.play = play
        self.lock = lock
        self.roundSeconds = roundSeconds
    }
}
