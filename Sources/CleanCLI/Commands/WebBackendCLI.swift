import FileSystem
import Foundation
import Game
import Library
import Play
import Web

/// The web app's data, made by the same code as the commands' `--json` and `--html` output; each
/// call reads the configuration and the clock afresh, as one command run would, through the
/// process's one database.
struct CLIWebBackend: WebBackend {
    let environment: [String: String]
    let door: LibraryDoor

    init(environment: [String: String], door: LibraryDoor = LibraryDoor()) {
        self.environment = environment
        self.door = door
    }

    private func context() throws -> AppContext { try AppContext(environment: environment, door: door) }

    func profileJSON() throws -> String {
        let context = try context()
        return ProfileOutput.json(try PlayerView(context: context)).text
    }

    func bossesJSON() throws -> String {
        let context = try context()
        let view = try PlayerView(context: context)
        return BossList.json(Bosses.list(for: view.profile, rules: view.rules), available: try dealableCounts(context: context),
                             weekly: try weeklyBoss(context: context, profile: view.profile), calendar: context.calendar).text
    }

    func homeJSON() throws -> String {
        let context = try context()
        return try WebHome.json(context: context).text
    }

    func trashJSON() throws -> String {
        let context = try context()
        let (play, lock) = try context.openPlay()
        defer { withExtendedLifetime(lock) {} }
        for problem in try play.reconcileTrash() { Terminal.warn("clean: trash: \(problem)") }
        return Clean.TrashCommand.List.json(try play.library.filesInTrash(), changed: try play.changedTrashIDs(),
                                            calendar: context.calendar).text
    }

    func restoreJSON(ids: [String]) throws -> String {
        let numbers = try ids.map { text -> Int64 in
            guard let id = Int64(text) else { throw WebError(400, "'\(text)' is not a trash id (see the trash list)") }
            return id
        }
        let context = try context()
        let (play, lock) = try context.openPlay()
        defer { withExtendedLifetime(lock) {} }
        return RestoreOptions.json(try play.restore(numbers, renameIfTaken: false)).text
    }

    func emptyTrashJSON(ids: [Int64]) throws -> String {
        let context = try context()
        let (play, lock) = try context.openPlay()
        defer { withExtendedLifetime(lock) {} }
        for problem in try play.reconcileTrash() { Terminal.warn("clean: trash: \(problem)") }
        let asked = Set(ids)
        let doomed = try play.trashToEmpty(olderThanDays: nil).filter { asked.contains($0.id!) }
        let outcome = doomed.isEmpty ? EmptyOutcome() : try play.emptyTrash(doomed)
        for problem in outcome.problems { Terminal.warn("clean: trash: \(problem)") }
        return Clean.TrashCommand.Empty.json(outcome).text
    }

    func reportJSON() throws -> String {
        let context = try context()
        let report = try context.existingLibrary()?.storageReport(since: nil, calendar: context.calendar)
            ?? StorageReport(moved: [], calendar: context.calendar)
        return ReportOutput.json(report).text
    }

    func reportHTML() throws -> String {
        let context = try context()
        let library = try context.existingLibrary()
        let report = try library?.storageReport(since: nil, calendar: context.calendar) ?? StorageReport(moved: [], calendar: context.calendar)
        return ReportHTML.page(report, today: Day(context.now, in: context.calendar), since: nil, first: try library?.firstScan(),
                               now: try library?.indexTotals(), calendar: context.calendar, inApp: true)
    }

    func pendingJSON() throws -> String {
        let context = try context()
        let (play, lock) = try context.openPlay()
        defer { withExtendedLifetime(lock) {} }
        return JSON.array(try PendingOutput.entries(try play.library.rounds(.pending), play: play, context: context)).text
    }

    func settlePendingJSON(round: Int64, confirm: Bool) throws -> String {
        let context = try context()
        let (play, lock) = try context.openPlay()
        defer { withExtendedLifetime(lock) {} }
        guard try play.library.rounds(.pending).contains(where: { $0.id == round }) else {
            throw WebError(404, "round \(round) is not waiting for a confirmation (it was confirmed or dropped already)")
        }
        guard let report = confirm ? try play.confirmPending(round) : try play.discardPending(round) else {
            throw WebError(409, "round \(round) was settled meanwhile")
        }
        return RoundOutput.json(report).text
    }

    func roundJSON(_ report: RoundReport) -> String { RoundOutput.json(report).text }

    func openPlay() throws -> PlayOpening {
        let context = try context()
        let (play, lock) = try context.openPlay()
        return PlayOpening(play: play, lock: lock, roundSeconds: Double(context.configuration.play.roundSeconds))
    }

    func library() throws -> LibraryDatabase? { try context().existingLibrary() }

    func knownFolders() throws -> [String] {
        try context().existingLibrary()?.knownRoots().filter { (try? Clean.Scan.root($0)) != nil } ?? []
    }

    func scanKnownFolders(progress: @escaping @Sendable (ScanProgress) -> Void) throws -> String {
        let context = try context()
        let roots = try knownFolders().map(Clean.Scan.root)
        guard !roots.isEmpty else { throw WebError(404, "no folder was scanned before: scan one on the computer first, clean scan DIR") }
        let report = try context.openLibrary().scan(Clean.Scan.request(roots, context: context)) { progress($0) }
        return ScanOutput.json(report).text
    }

    func scanFolders(_ folders: [String], progress: @escaping @Sendable (ScanProgress) -> Void) throws -> String {
        let context = try context()
        let roots = try folders.map(Clean.Scan.root)
        let report = try context.openLibrary().scan(Clean.Scan.request(roots, context: context)) { progress($0) }
        return ScanOutput.json(report).text
    }

    func folderEnvironment() -> [String: String] { environment }
}

/// The home page's document: `profile --json` plus the level, the nudge, challenges, bosses with
/// the cards each can deal, and the suggestion, as the terminal's home screen shows them.
enum WebHome {
    static func json(context: AppContext) throws -> JSON {
        let view = try PlayerView(context: context)
        let today = Day(context.now, in: context.calendar)
        let p = view.profile
        let piles = try dealablePiles(context: context)
        let nextTitle = view.level.nextLevelXP.flatMap { next in view.rules.levels.first { $0.xpRequired == next }?.title }
        let nudge = Nudge.evening(p, now: context.now, calendar: context.calendar, rules: view.rules)?.message
        let challenges = Challenges.list(for: p, on: today, calendar: context.calendar, rules: view.rules)
        let bosses = Bosses.list(for: p, rules: view.rules)
        let renew = today.startOfWeek(in: context.calendar).adding(days: 7)
        return .object([
            ("profile", ProfileOutput.json(view)),
            ("nextLevelTitle", .optional(nextTitle)),
            ("freezesPerWeek", .int(view.rules.tiers.limits(for: view.tier).freezesPerWeek)),
            ("freezesRenewOn", .string(renew.description)),
            ("nudge", .optional(nudge)),
            ("hasLibrary", .bool(try context.existingLibrary() != nil)),
            ("challenges", .array(challenges.map { c in
                .object([("title", .string(c.title)), ("period", .string(c.period.rawValue)), ("metric", .string(c.metric.rawValue)),
                         ("progress", .int(c.progress)), ("target", .int(c.target)), ("xpReward", .int(c.xpReward)),
                         ("completed", .bool(c.completed))])
            })),
            ("bosses", .array(bosses.map { b in
                .object([("name", .string(b.name)), ("title", .string(b.title)), ("target", .int(b.target)),
                         ("progress", .int(b.progress)), ("defeated", .bool(b.defeated)), ("xpReward", .int(b.xpReward)),
                         ("available", .int(piles[b.name]?.count ?? 0)),
                         ("difficulty", .string(BossDifficulty.of(target: b.target, progress: b.progress,
                                                                  dealable: piles[b.name]?.count ?? 0).rawValue)),
                         ("bytes", .int(piles[b.name]?.bytes ?? 0))])
            })),
            ("suggestion", .string(Home.suggestion(piles, bosses: view.rules.bosses, hasLibrary: try context.existingLibrary() != nil))),
        ])
    }
}
