import FileSystem
import Foundation
import Game
import Library
import Play
import Testing

@Suite struct SettlementTests {
    @Test func aConfirmedRoundMovesItsCardsAndCreditsThemOnce() throws {
        let fixture = try PlayFixture(files: ["a/" + screenshotName: pngData(1000), "b/" + screenshotName: pngData(500)])
        let session = try fixture.play(.screenshots, [.delete, .keep])
        let report = try fixture.context.finish(session, kind: .boss("screenshots"), startedAt: fixture.now, answer: .yes)
        #expect(report.confirmed && report.deleted == 1 && report.bytesFreed == 1000)
        #expect(report.xpEarned == 51)
        #expect(!fixture.exists("b/" + screenshotName) || !fixture.exists("a/" + screenshotName))
        #expect(try fixture.library.filesInTrash().count == 1)
        // A later recovery finds nothing to credit again.
        let recovered = try fixture.context.recover()
        #expect(recovered.isEmpty)
        let profile = try fixture.profile()
        #expect(profile.totalXP == 51 && profile.photosDeleted == 1 && profile.bytesFreed == 1000)
        #expect(profile.bossProgress["screenshots"] == 1)
    }

    @Test func aCrashBetweenTheMovesAndTheRoundEndIsCreditedOnceAtTheNextStart() throws {
        let fixture = try PlayFixture(files: ["a/" + screenshotName: pngData(1000)])
        let session = try fixture.play(.screenshots, [.delete])
        // Played and declined, then confirmed: the status goes pending → moving; here we stop
        // right there, as a crash after the moves would leave it, and move the files by hand.
        let pending = try fixture.context.finish(session, kind: .round, startedAt: fixture.now, answer: .no)
        let round = try #require(pending.roundID)
        #expect(try fixture.library.transition(round, from: .pending, to: .moving))
        // Next start: recovery moves what was confirmed and settles it, once.
        let first = try fixture.context.recover()
        #expect(first.settledRounds == [round])
        #expect(!fixture.exists("a/" + screenshotName))
        let second = try fixture.context.recover()
        #expect(second.settledRounds.isEmpty)
        let profile = try fixture.profile()
        #expect(profile.photosDeleted == 1)
        #expect(profile.totalXP == 51)
        #expect(try fixture.library.round(round)?.status == .settled)
    }

    @Test func aDryRunWritesNothing() throws {
        let fixture = try PlayFixture(files: ["a/" + screenshotName: pngData(1000)])
        let session = try fixture.play(.screenshots, [.delete])
        let report = try fixture.context.finish(session, kind: .round, startedAt: fixture.now, answer: .dryRun)
        #expect(report.dryRun && report.deleted == 1 && !report.confirmed)
        #expect(fixture.exists("a/" + screenshotName))
        #expect(try fixture.library.rounds(.pending).isEmpty && fixture.library.rounds(.settled).isEmpty)
        #expect(try fixture.library.profile() == nil)
    }

    @Test func theDuplicatesFlowNeverTakesTheLastCopy() throws {
        let copy = jpegData(700)
        let fixture = try PlayFixture(files: ["DCIM/x.png": copy, "Backup/x.png": copy])
        let session = try fixture.play(.duplicates, [.delete])
        // The kept copy disappears before the batch is confirmed.
        try FileManager.default.removeItem(atPath: fixture.path("DCIM/x.png"))
        let report = try fixture.context.finish(session, kind: .boss("duplicates"), startedAt: fixture.now, answer: .yes)
        #expect(report.deleted == 0)
        #expect(report.skipped.count == 1)
        #expect(fixture.exists("Backup/x.png"))
    }

    @Test func restoringGivesTheFileBackAndTakesItOutOfTheStatsButNotTheXP() throws {
        let fixture = try PlayFixture(files: ["a/" + screenshotName: pngData(1000)])
        let session = try fixture.play(.screenshots, [.delete])
        _ = try fixture.context.finish(session, kind: .round, startedAt: fixture.now, answer: .yes)
        let id = try #require(try fixture.library.filesInTrash().first?.id)
        let outcome = try fixture.context.restore([id], renameIfTaken: false)
        #expect(outcome.restored == [id])
        #expect(fixture.exists("a/" + screenshotName))
        let profile = try fixture.profile()
        #expect(profile.photosDeleted == 0 && profile.bytesFreed == 0 && profile.totalXP == 51)
        #expect(try fixture.context.restore([id], renameIfTaken: false).failed.first?.reason == "already restored")
    }

    /// A restore takes its bytes and file out of the day's and the week's challenge progress too ("Free 1 GB
    /// this week" counts bytes freed net of restores, as the report does).
    @Test func aRestoreTakesItsBytesOutOfTheChallengesOfItsWeek() throws {
        let fixture = try PlayFixture(files: ["a/" + screenshotName: pngData(1000), "b/" + screenshotName: pngData(3000)])
        let session = try fixture.play(.screenshots, [.delete, .delete])
        _ = try fixture.context.finish(session, kind: .round, startedAt: fixture.now, answer: .yes)
        let before = try fixture.profile().challenges
        #expect(before.weekly.bytesFreed == 4000 && before.daily.bytesFreed == 4000 && before.weekly.photosDeleted == 2)
        let id = try #require(try fixture.library.filesInTrash().first { $0.size == 3000 }?.id)
        #expect(try fixture.context.restore([id], renameIfTaken: false).restored == [id])
        let after = try fixture.profile().challenges
        #expect(after.weekly.bytesFreed == 1000 && after.daily.bytesFreed == 1000)
        #expect(after.weekly.photosDeleted == 1 && after.daily.photosDeleted == 1)
    }

    @Test func restoreNeverOverwritesUnlessAskedToRename() throws {
        let fixture = try PlayFixture(files: ["a/" + screenshotName: pngData(1000)])
        _ = try fixture.context.finish(try fixture.play(.screenshots, [.delete]), kind: .round, startedAt: fixture.now, answer: .yes)
        let id = try #require(try fixture.library.filesInTrash().first?.id)
        try Data("new".utf8).write(to: URL(fileURLWithPath: fixture.path("a/" + screenshotName)))
        #expect(try fixture.context.restore([id], renameIfTaken: false).failed.count == 1)
        #expect(try Data(contentsOf: URL(fileURLWithPath: fixture.path("a/" + screenshotName))) == Data("new".utf8))
        let renamed = try fixture.context.restore([id], renameIfTaken: true)
        #expect(renamed.paths[id]?.description == fixture.path("a/Pictures/Screenshots/Screenshot_20240105-101010 (restored).png"))
    }
}

@Suite struct TrashReconcileTests {
    @Test func aFileRemovedFromTheTrashByHandIsCountedAsPurged() throws {
        let fixture = try PlayFixture(files: ["a/" + screenshotName: pngData(1000)])
        _ = try fixture.context.finish(try fixture.play(.screenshots, [.delete]), kind: .round, startedAt: fixture.now, answer: .yes)
        let files = try FileManager.default.contentsOfDirectory(atPath: fixture.root + "/Trash/files")
        try FileManager.default.removeItem(atPath: fixture.root + "/Trash/files/" + files[0])
        let problems = try fixture.context.reconcileTrash()
        #expect(problems.contains { $0.contains("removed from the trash outside clean") })
        #expect(try fixture.library.filesInTrash().isEmpty)
        #expect(try fixture.library.storageReport(since: nil, calendar: PlayFixture.calendar).bytesPurged == 1000)
    }

    @Test func emptyingTheTrashDeletesWhatIsOlderThanTheRetentionForGood() throws {
        let fixture = try PlayFixture(files: ["a/" + screenshotName: pngData(1000)])
        _ = try fixture.context.finish(try fixture.play(.screenshots, [.delete]), kind: .round, startedAt: fixture.now, answer: .yes)
        #expect(try fixture.context.emptyTrash(olderThanDays: 30).files == 0)   // deleted today: kept for 30 days
        fixture.now = PlayFixture.calendar.date(byAdding: .day, value: 31, to: fixture.now)!
        let outcome = try fixture.context.emptyTrash(olderThanDays: 30)
        #expect(outcome.files == 1 && outcome.bytes == 1000)
        #expect(try FileManager.default.contentsOfDirectory(atPath: fixture.root + "/Trash/files").isEmpty)
        #expect(try fixture.library.storageReport(since: nil, calendar: PlayFixture.calendar).bytesPurged == 1000)
    }
}

@Suite struct InterruptedRestoreTests {
    @Test func aFileBackInPlaceButStillRecordedInTheTrashIsRecordedAsRestored() throws {
        let fixture = try PlayFixture(files: ["a/" + screenshotName: pngData(1000)])
        _ = try fixture.context.finish(try fixture.play(.screenshots, [.delete]), kind: .round, startedAt: fixture.now, answer: .yes)
        let name = try #require(try FileManager.default.contentsOfDirectory(atPath: fixture.root + "/Trash/files").first)
        // A restore that renamed the file back and stopped before writing anything else.
        try FileManager.default.moveItem(atPath: fixture.root + "/Trash/files/" + name, toPath: fixture.path("a/" + screenshotName))
        let notes = try fixture.context.reconcileTrash()
        #expect(notes.contains { $0.contains("is back where it was") })
        let report = try fixture.library.storageReport(since: nil, calendar: PlayFixture.calendar)
        #expect(report.filesRestored == 1 && report.bytesPurged == 0)
        #expect(try fixture.profile().photosDeleted == 0)
    }
}
