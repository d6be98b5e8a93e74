import Foundation
import Library
import Play
import Testing

/// A move journaled in a state this release does not know (a newer release's, or a damaged row)
/// stops recovery by name before anything moves; it is never taken for "planned" and rolled back.
@Suite struct UnknownJournalStateTests {
    @Test func anUnknownMoveStateIsRefusedByNameAndNothingMoves() throws {
        let fixture = try PlayFixture(files: ["s1/" + screenshotName: pngData(3000)])
        let session = try fixture.play(.screenshots, [.delete])
        _ = try fixture.context.finish(session, kind: .round, startedAt: fixture.now, answer: .yes)
        let trashed = try #require(try fixture.library.filesInTrash().first)
        let files = try FileManager.default.contentsOfDirectory(atPath: fixture.root + "/Trash/files")
        #expect(files.count == 1)

        // A later release's state, written behind this one's back.
        let sqlite = Process()
        sqlite.executableURL = URL(fileURLWithPath: "/usr/bin/sqlite3")
        sqlite.arguments = [fixture.root + "/library.sqlite", "UPDATE trashed SET state = 'copyingToCloud' WHERE id = \(trashed.id!)"]
        try sqlite.run()
        sqlite.waitUntilExit()
        #expect(sqlite.terminationStatus == 0)
        #expect(try fixture.library.hasInterruptedWork())

        let error = #expect(throws: (any Error).self) { try fixture.context.recover() }
        let text = "\(error.map { "\($0)" } ?? "")"
        #expect(text.contains("'copyingToCloud'") && text.contains(fixture.path("s1/" + screenshotName)) && text.contains("nothing was changed"), "\(text)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: fixture.root + "/Trash/files") == files)
        #expect(!fixture.exists("s1/" + screenshotName))
        #expect(try fixture.library.moves(of: trashed.round).first?.state == "copyingToCloud")
    }
}
