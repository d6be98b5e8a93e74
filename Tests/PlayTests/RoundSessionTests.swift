import Foundation
import Library
import Play
import Testing

@Suite struct RoundSessionTests {
    @Test(arguments: [("d", PlayerCommand.delete), ("DELETE", .delete), ("k", .keep), ("keep", .keep), ("u", .undo), ("q", .quit), (" quit ", .quit)])
    func scriptedWordsAreTheDesignsWords(line: String, command: PlayerCommand) {
        #expect(PlayerCommand(line: line) == command)
    }

    @Test func anUnknownWordIsNoCommand() {
        #expect(PlayerCommand(line: "y") == nil)
    }

    @Test func undoPutsTheLastCardBackAndCountsAgainstTheAllowance() throws {
        let fixture = try PlayFixture(files: ["a/" + screenshotName: pngData(100), "b/" + screenshotName: pngData(200)])
        let session = try fixture.play(.screenshots, [.delete, .undo, .keep], undos: 1)
        #expect(session.decisions.count == 1)
        #expect(session.decisions.first?.deleted == false)
        #expect(session.undosUsed == 1)
        #expect(session.apply(.undo) == .undoRefused("No undos left today (1 a day on the free tier); they renew at midnight."))
        #expect(session.decisions.count == 1)
    }

    @Test func aFileChangedSinceTheScanIsNeverDealt() throws {
        let fixture = try PlayFixture(files: ["a/" + screenshotName: pngData(100), "b/" + screenshotName: pngData(200)])
        try pngData(300).write(to: URL(fileURLWithPath: fixture.path("b/" + screenshotName)))  // the larger one, dealt first
        let session = try fixture.play(.screenshots, [])
        #expect(session.current?.item.size == 100)
        #expect(session.cardsLeft == 1)
    }

    @Test func theStandardQueueDealsDuplicatesThenByteHeavyScreenshotsFirst() throws {
        let copy = jpegData(50)
        let fixture = try PlayFixture(files: [
            "a/" + screenshotName: pngData(100), "b/" + screenshotName: pngData(900),
            "DCIM/x.bin": copy, "Backup/x.bin": copy,
        ])
        let cards = try fixture.context.cards(nil)
        #expect(cards.map(\.category) == [.duplicates, .screenshots, .screenshots])
        // The two copies are one card, the camera folder's copy suggested to stay.
        #expect(cards.first?.group?.members.map(\.item.rawPath.description) == [fixture.path("DCIM/x.bin"), fixture.path("Backup/x.bin")])
        #expect(cards.dropFirst().map(\.item.size) == [900, 100])
    }
}
