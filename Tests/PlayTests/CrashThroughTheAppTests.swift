import FileSystem
import Foundation
import Game
import Library
import Play
import Testing
import Trash

/// SIGKILL at every file change of a confirmed batch played through the app's real path (the
/// SQLite move journal, the trash, the round end), then the next start's recovery: every file is
/// in exactly one place, the trash holds exactly what the index records, and what moved is
/// credited exactly once.
@Suite(.serialized) struct CrashThroughTheAppTests {
    static let harness: URL? = {
        var directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for _ in 0..<4 {
            let candidate = directory.appendingPathComponent("PlayCrashHarness")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            directory = directory.deletingLastPathComponent()
        }
        let built = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../.build/debug/PlayCrashHarness").standardized
        return FileManager.default.isExecutableFile(atPath: built.path) ? built : nil
    }()

    static let names = (1...3).map { "s\($0)/" + screenshotName }

    @Test(arguments: [false, true])
    func killedAtEveryFileChangeTheNextStartLeavesEveryFileInOnePlaceCreditedOnce(forceCopy: Bool) throws {
        guard let harness = Self.harness else {
            Issue.record("PlayCrashHarness is not built: `swift build` builds it (make test runs swift build first)")
            return
        }
        var killPoint = 1
        var kills = 0
        while true {
            let fixture = try PlayFixture(files: Dictionary(uniqueKeysWithValues: Self.names.enumerated().map { ($1, pngData(2000 + $0)) }))
            let process = Process()
            process.executableURL = harness
            process.arguments = [fixture.root + "/library.sqlite", fixture.root + "/Trash", String(killPoint)] + (forceCopy ? ["--force-copy"] : [])
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            process.waitUntilExit()
            let killed = process.terminationReason == .uncaughtSignal
            #expect(killed || process.terminationStatus == 0, "kill point \(killPoint): exit \(process.terminationStatus)")

            // The next start: recovery, twice (the second finds nothing to do).
            _ = try fixture.context.recover()
            #expect(try fixture.context.recover().isEmpty, "kill point \(killPoint): a second recovery still had work")
            let inTrash = try fixture.library.filesInTrash()
            for name in Self.names {
                let atHome = fixture.exists(name)
                let trashed = inTrash.contains { $0.rawOriginalPath.description == fixture.path(name) }
                #expect(atHome != trashed, "kill point \(killPoint): \(name) at home \(atHome), in the trash \(trashed)")
            }
            let files = try FileManager.default.contentsOfDirectory(atPath: fixture.root + "/Trash/files")
            let infos = try FileManager.default.contentsOfDirectory(atPath: fixture.root + "/Trash/info")
            #expect(files.count == inTrash.count && infos.count == inTrash.count,
                    "kill point \(killPoint): files/ \(files.count), info/ \(infos.count), recorded \(inTrash.count)")
            #expect(try fixture.profile().photosDeleted == inTrash.count, "kill point \(killPoint): credited ≠ moved")
            guard killed else { break }  // the run got past its last change: every point was tried
            kills += 1
            killPoint += 1
        }
        #expect(kills >= 10)
        print("PlayCrashHarness (\(forceCopy ? "copy" : "rename")): \(kills) kill points, each recovered with every file in one place")
    }
}
