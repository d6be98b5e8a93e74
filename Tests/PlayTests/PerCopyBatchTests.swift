import FileSystem
import Foundation
import Game
import Library
import Play
import Testing

/// A pending batch recorded before every front-end dealt group cards: a duplicate deleted as a card of
/// its own, with no kept member beside it in the batch. It still confirms, against the group's kept copy.
@Suite struct PerCopyBatchTests {
    /// Writes the batch as the old model did: one delete of a copy that is not its group's kept one.
    static func oldBatch(_ fixture: PlayFixture) throws -> (round: Int64, deleted: ItemRecord, kept: ItemRecord) {
        let context = fixture.context
        let group = try #require(try context.cards(.duplicates).first?.group)
        var pick: (ItemRecord, ItemRecord)?
        for member in group.members {
            if let files = try context.library.cardFiles(of: member.item.id!), let kept = files.keptCopy { pick = (files.item, kept); break }
        }
        let (deleted, kept) = try #require(pick)
        let round = try context.library.record(
            RoundRecord(kind: .boss, boss: "duplicates", startedAt: fixture.now, endedAt: fixture.now, status: .pending, reviewed: 1, kept: 0),
            decisions: [DecisionRecord(round: 0, item: deleted.id!, path: deleted.path, decision: .delete,
                                       category: CardCategory.duplicates.rawValue, decidedAt: fixture.now)])
        return (try #require(round.id), deleted, kept)
    }

    @Test func aBatchOfTheOldModelStillConfirms() throws {
        let fixture = try GroupCardTests.fixture()
        let (round, deleted, kept) = try Self.oldBatch(fixture)
        let report = try #require(try fixture.context.confirmPending(round))
        #expect(report.deleted == 1 && report.skipped.isEmpty, "\(report.skipped)")
        #expect(!FileManager.default.fileExists(atPath: deleted.rawPath.description))
        #expect(FileManager.default.fileExists(atPath: kept.rawPath.description))
        #expect(try fixture.library.rounds(.pending).isEmpty)
    }

    @Test func aBatchOfTheOldModelWhoseKeptCopyChangedMovesNothing() throws {
        let fixture = try GroupCardTests.fixture()
        let (round, deleted, kept) = try Self.oldBatch(fixture)
        try Data("changed".utf8).write(to: URL(fileURLWithPath: kept.rawPath.description))
        let report = try #require(try fixture.context.confirmPending(round))
        #expect(report.deleted == 0 && report.skipped.count == 1, "\(report.skipped)")
        #expect(FileManager.default.fileExists(atPath: deleted.rawPath.description))
    }
}
