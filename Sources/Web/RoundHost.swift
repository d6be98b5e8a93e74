import App
import Deck
import Foundation
import Game
import Library
import Play

/// The one round the web app plays at a time: a thin adapter over `Play`'s `RoundDriver`, the same
/// engine as the terminal (time limit, free-tier allowance, XP estimate, round end). It holds the
/// one-mover lock from the deal to the confirmation, so a `clean round` in a terminal is told a round
/// is already running; a reloaded page or a second tab resumes the round (`current`).
public final class RoundHost: @unchecked Sendable {
    private let backend: AppService
    /// Deals on the host's clock (a seam for tests).
    private let dealOnClock: (PlayContext, RoundKind, CardCategory?, Double?) throws -> RoundDeal
    /// Time since the host started, on the same clock.
    private let uptime: () -> Duration
    /// A round left untouched this long may be taken over by a new one (its batch stays pending).
    private let abandonAfter: Duration
    private let mutex = NSLock()
    private var active: ActiveRound?

    package init<C: Clock>(backend: AppService, abandonAfter: Duration = .seconds(600), clock: C) where C.Duration == Duration {
        self.backend = backend
        self.abandonAfter = abandonAfter
        let origin = clock.now
        uptime = { origin.duration(to: clock.now) }
        dealOnClock = { play, kind, category, seconds in
            try RoundDriver.deal(play, kind: kind, category: category, roundSeconds: seconds, policy: .ask, clock: clock)
        }
    }

    package convenience init(backend: AppService) {
        self.init(backend: backend, clock: ContinuousClock())
    }

    private final class ActiveRound {
        let id = RoundHost.newID()
        let opening: PlayOpening
        let driver: RoundDriver
        /// The boss fought (`weekly` included), nil for a round.
        let boss: String?
        var lastTouched: Duration
        /// How many of the driver's cards the page has been sent (the deck is read a page at a time).
        var cardsSent: Int

        init(opening: PlayOpening, driver: RoundDriver, boss: String?, at now: Duration) {
            self.opening = opening
            self.driver = driver
            self.boss = boss
            lastTouched = now
            cardsSent = driver.cards.count
        }
    }

    // MARK: - Start

    /// Deals a round (`boss` nil) or a boss battle.
    func start(boss: String?) throws(WebError) -> RoundStarted {
        mutex.lock()
        defer { mutex.unlock() }
        let now = uptime()
        if let running = active {
            guard now - running.lastTouched > abandonAfter else {
                throw WebError(409, "a round is already running (in another tab?); finish it there first")
            }
            running.driver.interrupt()   // abandoned: its deletes wait in `clean pending`
            _ = try? finish(running, yes: false)
        }
        let opening = try open(boss)
        let deal: RoundDeal
        do {
            // A boss battle is untimed; the free tier's daily swiping time still ends it. Duplicates and similar photos
            // come as group cards (`group` in each card's JSON, `keep` in a decision).
            deal = try dealOnClock(opening.play, opening.kind, opening.category, opening.seconds)
        } catch {
            throw WebError.unexpected(error)
        }
        switch deal {
        case .nothing(let why, _):
            throw Self.refusal(why)
        case .play(let driver):
            let round = ActiveRound(opening: opening, driver: driver, boss: boss, at: now)
            active = round
            return RoundStarted(round.id, driver, boss: boss, rules: opening.play.rules, now: opening.play.now)
        }
    }

    /// Play opened for `boss` (nil: a round) by the app, its refusals as the page's errors.
    private func open(_ boss: String?) throws(WebError) -> PlayOpening {
        do {
            return try backend.openRound(boss: boss)
        } catch let refusal as PlayRefusal {
            switch refusal {
            case .unknownBoss: throw WebError(400, refusal.words(on: .web))
            case .noWeeklyBoss: throw WebError(404, refusal.words(on: .web))
            case .moverBusy, .roundInPlay, .scanRunning: throw WebError(409, refusal.words(on: .web))
            }
        } catch {
            throw WebError.unexpected(error)
        }
    }

    /// Why there is no round, in the page's words (`NothingToPlay.words`, the terminal's too).
    static func refusal(_ why: NothingToPlay) -> WebError {
        switch why {
        case .allowanceUsedUp: WebError(409, why.words(scanned: true, on: .web))
        case .emptyQueue: WebError(404, why.words(scanned: true, on: .web))
        }
    }

    // MARK: - Resuming

    /// The round in play as a page that lost it (a reload, a second tab) needs it to go on: what
    /// `start` answered, with the cards read so far, the time left and the tallies; nil when none is.
    /// The round stays the one round: the terminal is still refused while it runs.
    func current() -> RoundResumed? {
        mutex.lock()
        defer { mutex.unlock() }
        guard let round = active else { return nil }
        round.lastTouched = uptime()
        let driver = round.driver
        driver.checkTime()
        let answer = RoundResumed(started: RoundStarted(round.id, driver, boss: round.boss, rules: round.opening.play.rules,
                                                        now: round.opening.play.now),
                                  progress: RoundProgress(driver))
        round.cardsSent = max(round.cardsSent, driver.cards.count)
        return answer
    }

    // MARK: - Decisions

    /// Applies `delete`, `keep`, `undo` or `quit` to the round; `card` must be the card on the table
    /// for delete and keep (a stale click is refused, never applied to another card).
    /// On a group card, `keep` names the members that stay (item ids) with a delete; without it a delete
    /// keeps the suggested member. An empty keep set or an id outside the group is refused (400), nothing recorded.
    func decide(round id: String, card: Int64?, decision: String, keep: [Int64]? = nil) throws(WebError) -> RoundDecided {
        let command: PlayerCommand
        switch decision {
        case "delete" where keep != nil: command = .keepItems(keep!)
        case "delete": command = .delete
        case "keep": command = .keep
        case "undo": command = .undo
        case "quit": command = .quit
        case "skip": command = .skip
        default: throw WebError(400, "decision must be delete, keep, skip, undo or quit")
        }
        mutex.lock()
        defer { mutex.unlock() }
        let round = try running(id)
        round.lastTouched = uptime()
        let driver = round.driver
        let timeUp = driver.checkTime()
        // Once time is up only the decision on the card that was on the table as it ran out is taken (a swipe
        // under way then): it joins the batch and the round ends.
        let onTable = timeUp ? (command.decidesCard ? driver.lateCard : nil) : driver.current
        if command.decidesCard || command == .skip {
            guard let onTable else {
                throw WebError(409, timeUp ? "the round's time is up; confirm the batch" : "no card is on the table; confirm the batch")
            }
            guard card == onTable.id else {
                throw WebError(409, "that card is not on the table (card \(onTable.id) is)")
            }
        } else if timeUp, command != .quit {
            throw WebError(409, "the round's time is up; confirm the batch")
        }
        let feedback = driver.apply(command)
        if case .refused(let why) = feedback { throw WebError(400, why) }
        // Cards read from the deck since the last answer, so the page can show what comes next.
        let cards = driver.cards
        var more: [CardDocument]?
        if cards.count > round.cardsSent {
            more = cards[round.cardsSent...].map { CardDocument($0, now: round.opening.play.now) }
            round.cardsSent = cards.count
        }
        return RoundDecided(state: RoundState(round.id, driver), feedback: feedback, more: more)
    }

    /// Pauses the round's clock while the player compares a group card's copies (`paused`), or starts it again.
    func clock(round id: String, paused: Bool) throws(WebError) -> RoundState {
        mutex.lock()
        defer { mutex.unlock() }
        let round = try running(id)
        round.lastTouched = uptime()
        if paused { round.driver.pause() } else { round.driver.resume() }
        return RoundState(round.id, round.driver)
    }

    /// The batch waiting for the confirmation: the deleted cards.
    func batch(round id: String) throws(WebError) -> RoundBatch {
        mutex.lock()
        defer { mutex.unlock() }
        let round = try running(id)
        round.lastTouched = uptime()
        round.driver.checkTime()
        return RoundBatch(state: RoundState(round.id, round.driver),
                          cards: round.driver.deletedCards.map { CardDocument($0, now: round.opening.play.now) })
    }

    // MARK: - Confirmation

    /// Ends the round: `yes` moves the batch to the trash and credits the round in one transaction;
    /// no keeps it pending (as the terminal does). Returns `round --json`'s object with the XP breakdown.
    /// `except`: cards of the batch (its files' ids, as `batch` lists them) the player took out of it: they
    /// count as kept and stay where they are. An id not in the batch is refused (400), nothing done.
    package func confirm(round id: String, yes: Bool, except: [Int64] = []) throws(WebError) -> RoundEndDocument {
        mutex.lock()
        defer { mutex.unlock() }
        let round = try running(id)
        let batch = Set(round.driver.deletedCards.map(\.id))
        if except.contains(where: { !batch.contains($0) }) {
            throw WebError(400, "except names a card that is not in this round's batch (only cards of the batch can be taken out)")
        }
        return try finish(round, yes: yes, except: Set(except))
    }

    private func finish(_ round: ActiveRound, yes: Bool, except: Set<Int64> = []) throws(WebError) -> RoundEndDocument {
        active = nil   // the lock goes with it, whatever happens next
        do {
            let report = try round.opening.finish(round.driver, confirmed: yes, except: except)
            return RoundEndDocument(report)
        } catch let refusal as PlayError {
            // Nothing could move (every card's folder is gone or cannot be left): the batch waits in `clean pending`.
            throw WebError(409, refusal.description)
        } catch {
            throw WebError.unexpected(error)
        }
    }

    private func running(_ id: String) throws(WebError) -> ActiveRound {
        guard let round = active, round.id == id else {
            throw WebError(404, "that round is not running (it ended, or another tab replaced it)")
        }
        return round
    }

    /// The card on the table and the next ones read from the deck, `count` in all: the cards whose
    /// previews are worth making ahead. Empty when no round is in play or its play has ended.
    public func upcoming(_ count: Int) -> [Card] {
        mutex.lock()
        defer { mutex.unlock() }
        guard let driver = active?.driver, let current = driver.current else { return [] }
        let cards = driver.cards
        guard let at = cards.firstIndex(of: current) else { return [current] }
        return Array(cards[at..<min(cards.count, at + count)])
    }

    /// The index's entry behind card `id` of the round in play, as it was dealt; nil for any other id.
    public func dealtItem(_ id: Int64) -> ItemRecord? {
        mutex.lock()
        defer { mutex.unlock() }
        return active?.driver.cards.first { $0.id == id }?.item
    }

    /// Whether a round is in play now (for the pages).
    public var isRunning: Bool {
        mutex.lock()
        defer { mutex.unlock() }
        return active != nil
    }

    private static func newID() -> String {
        var generator = SystemRandomNumberGenerator()
        return String(format: "%016llx", generator.next() as UInt64)
    }
}
