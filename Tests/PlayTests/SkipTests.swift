import Foundation
import Game
import Library
import Play
import Testing

/// `s` (skip, "decide later"): the card is neither kept nor deleted, nothing about it is recorded,
/// and the next round deals it again.
@Suite struct SkipTests {
    @Test func aSkippedCardIsUndecidedAndComesBackInTheNextRound() throws {
        let fixture = try PlayFixture(files: RoundDriverTests.screenshots(3))
        let round = try RoundDriverTests.deal(fixture)
        let first = try #require(round.current)
        #expect(round.apply(.skip) == .skipped(first))
        #expect(round.number == 2)
        round.apply(.delete)
        round.apply(.keep)
        #expect(round.isOver)
        #expect(round.session.decisions.count == 2)
        #expect(round.session.skipped == [first])
        let report = try round.finish(confirmed: true)
        #expect(report.reviewed == 2 && report.deleted == 1 && report.kept == 1)

        let next = try RoundDriverTests.deal(fixture)
        var dealt: [Int64] = []
        while let card = next.current { dealt.append(card.id); next.apply(.keep) }
        #expect(dealt.contains(first.id), "the skipped card is dealt again")
        #expect(dealt.count <= 2, "the deleted card is not")
    }

    @Test func undoAfterASkipTakesBackTheLastDecisionNotTheSkip() throws {
        let fixture = try PlayFixture(files: RoundDriverTests.screenshots(3))
        let round = try RoundDriverTests.deal(fixture)
        let first = try #require(round.current)
        round.apply(.delete)
        round.apply(.skip)
        #expect(round.apply(.undo) == .undone(first))
        #expect(round.current == first)
        #expect(round.session.decisions.isEmpty)
    }

    @Test(arguments: ["s", "S", "skip", " Skip "])
    func theLineProtocolTakesSAndSkip(word: String) {
        #expect(PlayerCommand(line: word) == .skip)
    }
}
