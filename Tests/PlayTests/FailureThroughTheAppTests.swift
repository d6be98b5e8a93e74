import FileSystem
import Foundation
import Game
import Library
import Play
import Testing
import Trash

/// The app's own path (the SQLite journal, the round end, recovery at the next start) with a
/// failure injected at every file call of a batch: every file ends in exactly one place, and
/// what moved is credited exactly once.
@Suite struct FailureThroughTheAppTests {
    static let names = (1...3).map { "s\($0)/" + screenshotName }

    static func playWithFailure(at call: Int, errno code: Int32) throws -> (moved: Int, credited: Int, stray: [String]) {
        let fixture = try PlayFixture(files: Dictionary(uniqueKeysWithValues: names.enumerated().map { ($1, pngData(1000 + $0)) }))
        let faulty = FaultInjectingFileOperations(failures: [call: code])
        let trash = try Trash(root: RawPath(fixture.root + "/Trash"), operations: faulty, timeZone: TimeZone(identifier: "UTC")!, forceCopy: true)
        let context = PlayContext(library: fixture.library, trash: trash, rules: .defaults, tier: .pro, now: fixture.now,
                                  calendar: PlayFixture.calendar, thresholds: fixture.context.thresholds, keptCooldownDays: 30)
        let session = RoundSession(cards: try context.cards(.screenshots), undoAllowance: nil, isDealable: PlayContext.isUnchanged)
        while session.current != nil { session.apply(.delete) }
        _ = try context.finish(session, kind: .round, startedAt: fixture.now, answer: .yes)
        // The next start, with a healthy file system.
        _ = try fixture.context.recover()
        let inTrash = try fixture.library.filesInTrash()
        var stray: [String] = []
        for name in names {
            let atHome = fixture.exists(name)
            let trashed = inTrash.contains { $0.rawOriginalPath.description == fixture.path(name) }
            if atHome == trashed { stray.append("\(name): at home \(atHome), in trash \(trashed)") }
        }
        let files = try FileManager.default.contentsOfDirectory(atPath: fixture.root + "/Trash/files")
        let infos = try FileManager.default.contentsOfDirectory(atPath: fixture.root + "/Trash/info")
        if files.count != inTrash.count || infos.count != inTrash.count {
            stray.append("files/ \(files.count), info/ \(infos.count), recorded \(inTrash.count)")
        }
        return (inTrash.count, try fixture.profile().photosDeleted, stray)
    }

    @Test(arguments: [ENOSPC, EIO])
    func aFailureAtAnyCallLeavesEveryFileInOnePlaceCreditedOnce(_ code: Int32) throws {
        var sawPartial = false
        for call in 1...60 {
            let outcome = try Self.playWithFailure(at: call, errno: code)
            #expect(outcome.stray.isEmpty, "failure at call \(call): \(outcome.stray)")
            #expect(outcome.credited == outcome.moved, "failure at call \(call): \(outcome.moved) moved, \(outcome.credited) credited")
            if outcome.moved > 0 && outcome.moved < Self.names.count { sawPartial = true }
        }
        #expect(sawPartial)  // some failure fell between two files: the test reached the middle of a batch
    }
}
