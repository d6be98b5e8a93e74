import FileSystem
import Foundation
import Game
import Library
import Play
import Testing
import Trash

/// A folder no file can leave (a phone's own storage over MTP, a read-only mount) or gone since the deal (renamed,
/// unmounted): its cards are checked before the first file moves and wait, with their decisions, in a pending batch;
/// the other cards move (issue 53). When no card can move, the batch waits whole, said in one sentence naming the folder.
@Suite struct UnleavableFolderTests {
    static let folders = ["phone/DCIM", "phone/Pictures", "computer"]
    static let names = folders.map { $0 + "/" + screenshotName }

    /// Plays every screenshot card as a delete and confirms, with `refused` failing `checkLeavable` by `code`.
    /// `refused` nil: every folder refused.
    static func play(refusing refused: String?, code: Int32 = EROFS, everyFolder: Bool = false,
                     beforeConfirming: (PlayFixture) throws -> Void = { _ in }) throws -> (fixture: PlayFixture, error: (any Error)?, faulty: FaultInjectingFileOperations, report: RoundReport?) {
        let fixture = try PlayFixture(files: Dictionary(uniqueKeysWithValues: names.enumerated().map { ($1, pngData(2000 + $0)) }))
        let folder = refused.map { fixture.path($0 + "/" + screenshotName).split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(separator: "/") }
        let faulty = FaultInjectingFileOperations(rule: { call, path in
            call == .checkLeavable && (everyFolder || path.description == folder) ? code : nil
        })
        let trash = try Trash(root: RawPath(fixture.root + "/Trash"), operations: faulty, timeZone: TimeZone(identifier: "UTC")!)
        let context = PlayContext(library: fixture.library, trash: trash, rules: .defaults, tier: .pro, now: fixture.now,
                                  calendar: PlayFixture.calendar, thresholds: fixture.context.thresholds, keptCooldownDays: 30)
        let session = RoundSession(cards: try context.cards(.screenshots), undoAllowance: nil, isDealable: PlayContext.isUnchanged)
        #expect(session.current != nil)
        while session.current != nil { session.apply(.delete) }
        try beforeConfirming(fixture)
        do {
            let report = try context.finish(session, kind: .round, startedAt: fixture.now, answer: .yes)
            return (fixture, nil, faulty, report)
        } catch {
            return (fixture, error, faulty, nil)
        }
    }

    @Test(arguments: [EROFS, EPERM, EACCES])
    func whenNoFolderCanBeLeftNothingMovesAndTheBatchWaitsWhole(_ code: Int32) throws {
        let (fixture, error, faulty, _) = try Self.play(refusing: nil, code: code, everyFolder: true)
        let message = "\(try #require(error))"
        #expect(message.contains("nothing was moved") && message.contains("Copy the photos to a folder on this computer"), "\(message)")
        #expect(message.contains("clean pending"), "\(message)")
        for name in Self.names { #expect(fixture.exists(name), "\(name) moved") }
        #expect(try fixture.library.filesInTrash().isEmpty)
        #expect(faulty.changes == 0, "\(faulty.changes) changes to disk were made")
        // The batch waits: the round is pending, not lost, not settled.
        #expect(try fixture.library.rounds(.pending).count == 1)
        #expect(try fixture.profile().photosDeleted == 0)
    }

    @Test(arguments: [EROFS, EPERM, EACCES])
    func aFolderNoFileCanLeaveKeepsItsCardWaitingAndTheOthersMove(_ code: Int32) throws {
        let (fixture, error, _, ended) = try Self.play(refusing: "phone/Pictures", code: code)
        #expect(error == nil, "\(String(describing: error))")
        let report = try #require(ended)
        let stays = "phone/Pictures/" + screenshotName
        for name in Self.names { #expect(fixture.exists(name) == (name == stays), "\(name)") }
        #expect(try fixture.library.filesInTrash().count == 2)
        // Said with the folder, and waiting with its decision in a batch of its own.
        let folder: String = fixture.path(stays).split(separator: "/").dropLast().joined(separator: "/")
        #expect(report.skipped.count == 1 && report.skipped[0].reason.contains("its folder /\(folder) ") && report.skipped[0].reason.contains("clean pending"),
                "\(report.skipped)")
        let waiting = try #require(report.waitingRound)
        #expect(try fixture.library.rounds(.pending).map(\.id) == [waiting])
        #expect(try fixture.library.decisions(of: waiting).map(\.rawPath.description) == [fixture.path(stays)])
        #expect(try fixture.profile().photosDeleted == 2)
    }

    /// The folder renamed between the deal and the confirmation: the other cards move, its card waits, and once the
    /// folder is back, confirming the waiting batch moves it.
    @Test func aFolderGoneSinceTheDealKeepsItsCardWaitingUntilItIsBack() throws {
        let stays = "phone/Pictures/" + screenshotName
        var renamed: (from: String, to: String)?
        let (fixture, error, _, ended) = try Self.play(refusing: nil, code: 0) { fixture in
            let from = fixture.path("phone/Pictures"), to = fixture.path("phone/Pictures-renamed")
            try FileManager.default.moveItem(atPath: from, toPath: to)
            renamed = (from, to)
        }
        #expect(error == nil, "\(String(describing: error))")
        let report = try #require(ended)
        #expect(try fixture.library.filesInTrash().count == 2)
        #expect(report.skipped.count == 1 && report.skipped[0].reason.contains("is gone since it was dealt"), "\(report.skipped)")
        let waiting = try #require(report.waitingRound)
        try FileManager.default.moveItem(atPath: try #require(renamed).to, toPath: renamed!.from)
        let context = PlayContext(library: fixture.library, trash: try Trash(root: RawPath(fixture.root + "/Trash"), timeZone: TimeZone(identifier: "UTC")!),
                                  rules: .defaults, tier: .pro, now: fixture.now, calendar: PlayFixture.calendar,
                                  thresholds: fixture.context.thresholds, keptCooldownDays: 30)
        let moved = try #require(try context.confirmPending(waiting))
        #expect(moved.deleted == 1 && !fixture.exists(stays))
        #expect(try fixture.library.filesInTrash().count == 3 && fixture.library.rounds(.pending).isEmpty)
    }

    @Test func everyFolderLeavableMovesTheBatch() throws {
        let (fixture, error, _, _) = try Self.play(refusing: nil)
        #expect(error == nil)
        for name in Self.names { #expect(!fixture.exists(name)) }
        #expect(try fixture.library.filesInTrash().count == Self.names.count)
    }
}
