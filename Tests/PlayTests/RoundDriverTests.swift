import Foundation
import Game
import Library
import Play
import Testing

/// The round driver: time, allowance, answers and what a round end reports, on a manual clock.
@Suite struct RoundDriverTests {
    static func screenshots(_ count: Int) -> [String: Data] {
        Dictionary(uniqueKeysWithValues: (0..<count).map { ("f\($0)/" + screenshotName, pngData(100 + $0)) })
    }

    static func deal(_ fixture: PlayFixture, _ category: CardCategory? = .screenshots, seconds: Double? = 60,
                     policy: ConfirmationPolicy = .ask, clock: ManualClock = ManualClock()) throws -> RoundDriver {
        guard case .play(let round) = try RoundDriver.deal(fixture.context, kind: category == nil ? .round : .boss("screenshots"),
                                                           category: category, roundSeconds: seconds, policy: policy, clock: clock)
        else { throw PlayError("nothing was dealt") }
        return round
    }

    @Test func timeUpEndsPlayAndLaterDecisionsChangeNothing() throws {
        let fixture = try PlayFixture(files: Self.screenshots(3))
        let clock = ManualClock()
        let round = try Self.deal(fixture, nil, clock: clock)
        #expect(round.limit == 60)
        #expect(round.apply(.delete) != .noCard)
        clock.advance(by: .seconds(59))
        #expect(!round.checkTime())
        #expect(round.secondsLeft == 1)
        clock.advance(by: .seconds(2 + RoundDriver.lateGrace))
        #expect(round.apply(.keep) == .noCard)
        #expect(round.apply(.undo) == .noCard)
        #expect(round.timeUp && round.isOver && round.secondsLeft == 0)
        #expect(round.session.decisions.count == 1)
    }

    /// A swipe under way as the clock hits zero (its request a second late): that card's decision is taken and
    /// the round ends with it in the batch; nothing after it (no second card, no undo).
    @Test func theDecisionMadeAsTimeRunsOutIsKeptAndEndsTheRound() throws {
        let fixture = try PlayFixture(files: Self.screenshots(3))
        let clock = ManualClock()
        let round = try Self.deal(fixture, nil, clock: clock)
        #expect(round.apply(.keep) != .noCard)
        let onTable = try #require(round.current)
        clock.advance(by: .seconds(61))
        #expect(round.checkTime() && round.isOver)
        #expect(round.lateCard == onTable)
        #expect(round.apply(.delete) == .deleted(onTable))
        #expect(round.lateCard == nil && round.isOver)
        #expect(round.apply(.delete) == .noCard)
        #expect(round.apply(.undo) == .noCard)
        #expect(round.deletedCards == [onTable] && round.session.decisions.count == 2)
        #expect(round.secondsLeft == 0)
    }

    /// The comparison of two copies open: the clock (and the free tier's swiping time) stands still, and a
    /// decision starts it again.
    @Test func thePausedClockCountsNoTime() throws {
        let fixture = try PlayFixture(files: Self.screenshots(3))
        let clock = ManualClock()
        let round = try Self.deal(fixture, nil, clock: clock)
        clock.advance(by: .seconds(10))
        round.pause()
        #expect(round.isPaused)
        clock.advance(by: .seconds(120))
        #expect(!round.checkTime() && round.secondsLeft == 50)
        round.resume()
        clock.advance(by: .seconds(5))
        #expect(round.secondsLeft == 45)
        round.pause()
        clock.advance(by: .seconds(30))
        #expect(round.apply(.keep) != .noCard)
        #expect(!round.isPaused && round.secondsLeft == 45)
        clock.advance(by: .seconds(45))
        #expect(round.checkTime())
    }

    /// The confirmation's "except": a file taken out of the batch counts as kept and stays where it is.
    @Test func aFileTakenOutOfTheBatchIsKeptAndStays() throws {
        let fixture = try PlayFixture(files: Self.screenshots(3))
        let round = try Self.deal(fixture, nil)
        for _ in 0..<3 { round.apply(.delete) }
        let out = round.deletedCards[1]
        let report = try round.finish(confirmed: true, except: [out.id])
        #expect(report.deleted == 2 && report.kept == 1 && report.reviewed == 3)
        #expect(FileManager.default.fileExists(atPath: out.item.rawPath.description))
        for card in round.deletedCards where card != out { #expect(!FileManager.default.fileExists(atPath: card.item.rawPath.description)) }
    }

    /// The index cannot be read any more in the middle of a long battle (here its item table is renamed away,
    /// as a damaged or replaced index would look): play goes on with the cards already dealt, ends when they
    /// run out, and says why, rather than ending as if the queue were empty.
    @Test func aDeckThatCannotBeReadAnyMoreEndsPlayWithTheCardsDealtAndSaysWhy() throws {
        let fixture = try PlayFixture(files: Self.screenshots(RoundDriver.page + 5))
        let round = try Self.deal(fixture, seconds: nil)
        #expect(round.total == RoundDriver.page + 5)
        #expect(PlayFixture.run("/usr/bin/sqlite3", [fixture.root + "/library.sqlite", "ALTER TABLE item RENAME TO itemElsewhere"]))
        var decided = 0
        while round.current != nil, decided < 100 {
            round.apply(PlayerCommand.keep)
            decided += 1
        }
        #expect(decided == RoundDriver.page)
        #expect(round.isOver)
        let problem = try #require(round.deckProblem)
        #expect(problem.contains("no such table: item"), "\(problem)")
    }

    @Test func theFreeTiersTimeLeftShortensTheRoundAndOnlySwipingIsCounted() throws {
        let fixture = try PlayFixture(files: Self.screenshots(2))
        try fixture.context.spend(seconds: 290, undos: 0)  // the free tier allows 300 s a day
        let clock = ManualClock()
        let round = try Self.deal(fixture, clock: clock)
        #expect(round.limit == 10)
        clock.advance(by: .seconds(4))
        round.apply(.keep)
        round.apply(.keep)
        clock.advance(by: .seconds(100))  // the time spent on the question is not swiping
        _ = try round.finish(confirmed: false)
        #expect(try fixture.context.allowance().swipeSeconds == 6)
    }

    /// A front-end that is pushed (the web app) may look at the time long after it ran out: what is
    /// counted against the free tier stops at the limit.
    @Test func swipingTimeIsNeverCountedPastTheLimit() throws {
        let fixture = try PlayFixture(files: Self.screenshots(2))
        let clock = ManualClock()
        let round = try Self.deal(fixture, nil, clock: clock)
        round.apply(.delete)
        clock.advance(by: .seconds(1_000))
        round.interrupt()
        #expect(round.elapsed == 60)
        _ = try round.finish()
        #expect(try fixture.context.allowance().swipeSeconds == 240)
    }

    /// Issue 14: a keep-only dry run used to record a real round (+75 XP, a streak day).
    @Test(arguments: ["keep-only", "delete-only", "mixed", "empty"])
    func aDryRunLeavesTheDatabaseAsItWas(decisions: String) throws {
        let fixture = try PlayFixture(files: Self.screenshots(2))
        let before = try dump(fixture)
        let clock = ManualClock()
        let round = try Self.deal(fixture, policy: .dryRun, clock: clock)
        let commands: [PlayerCommand] = switch decisions {
        case "keep-only": [.keep, .keep]
        case "delete-only": [.delete, .delete]
        case "mixed": [.delete, .keep]
        default: []
        }
        clock.advance(by: .seconds(3))
        for command in commands { round.apply(command) }
        let report = try round.finish()
        #expect(report.dryRun)
        #expect(!report.confirmed)
        #expect(try dump(fixture) == before)
        #expect(fixture.exists("f0/" + screenshotName) && fixture.exists("f1/" + screenshotName))
    }

    /// Issue 14: a declined round said "level 1", "streak 0" for a player with a streak.
    @Test func aDeclinedRoundReportsThePlayerAsTheyAre() throws {
        let fixture = try PlayFixture(files: Self.screenshots(3))
        for _ in 0..<2 {
            let round = try Self.deal(fixture, policy: .yes)
            round.apply(.delete)
            round.apply(.quit)
            #expect(try round.finish().confirmed)
            fixture.now = fixture.now.addingTimeInterval(86_400)
        }
        let profile = try fixture.profile()
        #expect(profile.currentStreak == 2)
        let round = try Self.deal(fixture)
        round.apply(.delete)
        round.endPlay()
        #expect(round.needsAnswer)
        let report = try round.finish(confirmed: false)
        #expect(report.pending && !report.confirmed && report.xpEarned == 0)
        #expect(report.currentStreak == 2)
        #expect(report.level == Levels.status(forXP: profile.totalXP, levels: Rules.defaults.levels).number)
    }

    /// Issue 14: the refusal named what was left (0), not the daily allowance.
    @Test func theUndoRefusalNamesTheDailyAllowance() throws {
        let fixture = try PlayFixture(files: Self.screenshots(2))
        try fixture.context.spend(seconds: 0, undos: 3)
        let round = try Self.deal(fixture)
        round.apply(.delete)
        #expect(round.undosLeft == 0)
        #expect(round.apply(.undo) == .undoRefused("No undos left today (3 a day on the free tier); they renew at midnight."))
    }

    /// What a front-end shows besides the cards: the allowance left at the deal, and the round end's XP part by part.
    @Test func theDealShowsTheAllowanceAndTheRoundEndItsXPBreakdown() throws {
        let fixture = try PlayFixture(files: Self.screenshots(3))
        try fixture.context.spend(seconds: 100, undos: 1)
        let round = try Self.deal(fixture, nil, policy: .yes)
        #expect(round.allowance.swipeSeconds == 200 && round.allowance.undos == 2)
        #expect(round.limit == 60 && round.undosLeft == 2)
        #expect(round.cards.count == 3 && round.current == round.cards.first)
        round.apply(.delete)
        round.apply(.delete)
        round.apply(.keep)
        let estimate = round.xpEstimate
        let report = try round.finish()
        #expect(report.confirmed && report.deleted == 2)
        #expect(report.breakdown == XPBreakdown(files: 2, round: 50, size: 0, boss: 0))
        #expect(estimate == 52, "the estimate is the breakdown times the day-1 multiplier")
        let multiplied = XP.applying(multiplier: report.eventMultiplier, to: XP.applying(multiplier: report.multiplier, to: report.breakdown.total))
        #expect(report.xpEarned == multiplied + report.challengeXP)
    }

    @Test func anEmptyQueueSuggestsTheBossWithCardsAndReportsThePlayer() throws {
        let fixture = try PlayFixture(files: Self.screenshots(2))
        let deal = try RoundDriver.deal(fixture.context, kind: .boss("videos"), category: .bigVideos, roundSeconds: nil,
                                        policy: .ask, clock: ManualClock())
        guard case .nothing(let why, let report) = deal else {
            Issue.record("a boss with no cards dealt a round")
            return
        }
        #expect(why == .emptyQueue(category: .bigVideos, suggestion: BossSuggestion(boss: "screenshots", cards: 2, bytes: 201)))
        #expect(report.level == 1 && !report.confirmed)
    }

    /// Every table's rows, as sqlite3 prints them: equal dumps mean nothing was written.
    private func dump(_ fixture: PlayFixture) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/sqlite3")
        process.arguments = [fixture.root + "/library.sqlite", ".dump"]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }
}
