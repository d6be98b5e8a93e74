import FileSystem
import Foundation
import Game
import Library
import Play
import Testing
import Trash

/// A folder no file can leave (a phone's own storage over MTP, a read-only mount): the batch is
/// refused whole before its first file moves, in one sentence naming the folder, and waits pending.
@Suite struct UnleavableFolderTests {
    static let folders = ["phone/DCIM", "phone/Pictures", "computer"]
    static let names = folders.map { $0 + "/" + screenshotName }

    /// Plays every screenshot card as a delete and confirms, with `refused` failing `checkLeavable` by `code`.
    static func play(refusing refused: String?, code: Int32 = EROFS) throws -> (fixture: PlayFixture, error: (any Error)?, faulty: FaultInjectingFileOperations) {
        let fixture = try PlayFixture(files: Dictionary(uniqueKeysWithValues: names.enumerated().map { ($1, pngData(2000 + $0)) }))
        let folder = refused.map { fixture.path($0 + "/" + screenshotName).split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(separator: "/") }
        let faulty = FaultInjectingFileOperations(rule: { call, path in
            call == .checkLeavable && path.description == folder ? code : nil
        })
        let trash = try Trash(root: RawPath(fixture.root + "/Trash"), operations: faulty, timeZone: TimeZone(identifier: "UTC")!)
        let context = PlayContext(library: fixture.library, trash: trash, rules: .defaults, tier: .pro, now: fixture.now,
                                  calendar: PlayFixture.calendar, thresholds: fixture.context.thresholds, keptCooldownDays: 30)
        let session = RoundSession(cards: try context.cards(.screenshots), undoAllowance: nil, isDealable: PlayContext.isUnchanged)
        #expect(session.current != nil)
        while session.current != nil { session.apply(.delete) }
        do {
            _ = try context.finish(session, kind: .round, startedAt: fixture.now, answer: .yes)
            return (fixture, nil, faulty)
        } catch {
            return (fixture, error, faulty)
        }
    }

    @Test(arguments: [EROFS, EPERM, EACCES])
    func aFolderNoFileCanLeaveMovesNothingOfTheBatchAndSaysWhichAndWhatToDo(_ code: Int32) throws {
        let (fixture, error, faulty) = try Self.play(refusing: "phone/Pictures", code: code)
        let message = "\(try #require(error))"
        let folder = fixture.path("phone/Pictures/" + screenshotName).split(separator: "/").dropLast().joined(separator: "/")
        #expect(message.contains("/" + folder + " "), "\(message)")
        #expect(message.contains("nothing was moved") && message.contains("Copy the photos to a folder on this computer"), "\(message)")
        #expect(message.contains("clean pending"), "\(message)")
        // Not one file moved, not even those of the folders that could be left; nothing was even tried.
        for name in Self.names { #expect(fixture.exists(name), "\(name) moved") }
        #expect(try fixture.library.filesInTrash().isEmpty)
        #expect(faulty.changes == 0, "\(faulty.changes) changes to disk were made")
        // The batch waits: the round is pending, not lost, not settled.
        let pending = try fixture.library.rounds(.pending)
        #expect(pending.count == 1)
        #expect(try fixture.profile().photosDeleted == 0)
    }

    @Test func everyFolderLeavableMovesTheBatch() throws {
        let (fixture, error, _) = try Self.play(refusing: nil)
        #expect(error == nil)
        for name in Self.names { #expect(!fixture.exists(name)) }
        #expect(try fixture.library.filesInTrash().count == Self.names.count)
    }
}
