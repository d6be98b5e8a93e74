import Deck
import Foundation
import Game
import Library

/// How the batch is settled when play ends: ask the player, move it (`--yes`), or only show it (`--dry-run`).
public enum ConfirmationPolicy: Sendable, Equatable {
    case ask, yes, dryRun
}

/// Why a round could not start (each front-end words it).
public enum NothingToPlay: Sendable, Equatable {
    /// Today's free-tier swiping time is spent (`minutesPerDay`: the allowance).
    case allowanceUsedUp(minutesPerDay: Int?)
    /// The queue is empty; `suggestion` names the boss with the most cards, if any can deal.
    case emptyQueue(category: CardCategory?, suggestion: BossSuggestion?)
}

/// A boss that can deal cards now: how many, and the bytes they hold.
public struct BossSuggestion: Sendable, Equatable {
    public let boss: String
    public let cards: Int
    public let bytes: Int64
    public init(boss: String, cards: Int, bytes: Int64 = 0) {
        self.boss = boss
        self.cards = cards
        self.bytes = bytes
    }
}

/// The result of dealing: a round to play, or why there is none (with the player as they are).
public enum RoundDeal {
    case play(RoundDriver)
    case nothing(NothingToPlay, RoundReport)
}

/// One round or boss battle from the deal to the round end: the engine every front-end drives.
///
/// It owns the rules of play that are not the game core's: the time limit (the round's seconds,
/// capped by the free tier's swiping time left), the undo allowance, what the player's answer
/// means under `--yes` / `--dry-run` / Ctrl-C, the allowance spent, and the XP estimate. It reads
/// time only from the clock it is given, so tests drive it on a manual clock.
///
/// A front-end either pulls (the terminal and the line protocol, one event at a time) or is pushed
/// (the web app, one HTTP request per decision); both do the same:
///
///     guard case .play(let round) = try RoundDriver.deal(play, kind: .round, category: nil,
///                                                         roundSeconds: 60, policy: .ask, clock: ContinuousClock())
///     else { … say why … }
///     round.apply(.delete)            // .keep, .undo, .quit; refused once time is up
///     round.secondsLeft, round.current, round.xpEstimate
///     round.endPlay()                 // time up, cards out, quit: the swiping clock stops here
///     if round.needsAnswer { … ask … }
///     let report = try round.finish(confirmed: answer)
public final class RoundDriver {
    public let kind: RoundKind
    public let session: RoundSession
    /// Cards in the queue when it was dealt.
    public let total: Int
    /// The cards read from the queue so far, in order (a front-end that shows what comes next; the
    /// session skips any that changed since). More are read as play nears the end of them.
    public var cards: [Card] { session.queued }
    /// Seconds the player may swipe (nil: untimed, a boss battle without a free-tier limit).
    public let limit: Double?
    public let policy: ConfirmationPolicy
    /// Today's free-tier allowance left when the round was dealt (nil fields: no limit).
    public let allowance: Allowance
    private let play: PlayContext
    private let deck: CardDeck
    /// How many cards have been read from the deck.
    private var loaded: Int
    private let profile: Profile
    /// Seconds on the clock since the deal, pauses included.
    private let clockSeconds: () -> Double
    /// Seconds the clock was paused (the comparison of two copies open), and since when it is paused now.
    private var pausedSeconds = 0.0
    private var pausedAt: Double?
    private var playEndedAt: Double?
    public private(set) var timeUp = false
    /// The card on the table when time ran out: a swipe under way as the clock hit zero still decides it
    /// (within `lateGrace` seconds of the limit), and the round ends with it in the batch.
    private var cardAtTimeUp: Card?
    /// How late after the limit the decision on the card that was on the table is still taken.
    public static let lateGrace = 5.0
    public private(set) var interrupted = false
    /// Why the next page of the deck could not be read (the index locked, damaged or gone): play goes on
    /// with the cards already read and ends when they run out; the front-end says so. Nil while reading works.
    public private(set) var deckProblem: String?

    private init<C: Clock>(play: PlayContext, kind: RoundKind, deck: CardDeck, cards: [Card], allowance: Allowance,
                           roundSeconds: Double?, policy: ConfirmationPolicy, clock: C) where C.Duration == Duration {
        self.play = play
        self.kind = kind
        self.policy = policy
        self.allowance = allowance
        self.deck = deck
        total = max(deck.total, cards.count)
        loaded = cards.count
        profile = (try? play.library.profile()) ?? play.newPlayer
        session = RoundSession(cards: cards, undoAllowance: allowance.undos, undosPerDay: play.limits.undosPerDay,
                               isDealable: PlayContext.isUnchanged)
        limit = [roundSeconds, allowance.swipeSeconds].compactMap { $0 }.min()
        let start = clock.now
        clockSeconds = {
            let d = start.duration(to: clock.now)
            return Double(d.components.seconds) + Double(d.components.attoseconds) / 1e18
        }
    }

    /// Deals a round (`category` nil: every kind of candidate) or a boss battle.
    public static func deal<C: Clock>(_ play: PlayContext, kind: RoundKind, category: CardCategory?, order: QueueOrder = .standard,
                                      roundSeconds: Double?, policy: ConfirmationPolicy, clock: C) throws -> RoundDeal
    where C.Duration == Duration {
        let allowance = try play.allowance()
        if allowance.isUsedUp {
            return .nothing(.allowanceUsedUp(minutesPerDay: play.limits.swipeSecondsPerDay.map { $0 / 60 }), try play.standingReport(kind))
        }
        let deck: CardDeck?
        if case .weekly(let name) = kind { deck = try play.weeklyDeck(name, order: order) } else { deck = try play.deck(category, order: order) }
        let cards = try deck?.next(Self.page) ?? []
        guard let deck, !cards.isEmpty else {
            return .nothing(.emptyQueue(category: category, suggestion: try play.bestBoss()), try play.standingReport(kind))
        }
        let driver = RoundDriver(play: play, kind: kind, deck: deck, cards: cards, allowance: allowance, roundSeconds: roundSeconds,
                                 policy: policy, clock: clock)
        try driver.readAhead()
        return .play(driver)
    }

    // MARK: - Play

    public var current: Card? { session.current }
    /// The number of the card on the table, from 1.
    public var number: Int { loaded - session.cardsLeft + 1 }
    public var isOver: Bool { session.current == nil }
    public var deletedCards: [Card] { session.deletedCards }
    public var bytesToFree: Int64 { session.bytesToFree }
    /// Undos left today (nil: no limit).
    public var undosLeft: Int? { session.undosLeft }

    /// Seconds of swiping used so far (frozen when play ended), pauses left out.
    public var elapsed: Double { playEndedAt ?? elapsedSeconds() }

    private func elapsedSeconds() -> Double {
        let now = clockSeconds()
        return now - pausedSeconds - (pausedAt.map { now - $0 } ?? 0)
    }

    /// Stops the round's clock (and the free tier's swiping time) while the player looks closely at a group
    /// card's copies side by side; `resume` starts it again. Nothing happens once play has ended.
    public func pause() {
        guard pausedAt == nil, !checkTime(), playEndedAt == nil else { return }
        pausedAt = clockSeconds()
    }

    public func resume() {
        guard let at = pausedAt else { return }
        pausedSeconds += clockSeconds() - at
        pausedAt = nil
    }

    /// Whether the round's clock is paused.
    public var isPaused: Bool { pausedAt != nil }

    public var secondsLeft: Double? { limit.map { max(0, $0 - elapsed) } }

    /// The XP this round would earn if confirmed now (before challenges and any boss reward).
    public var xpEstimate: Int {
        RoundEnd.preview(profile, reviewed: session.decisions.count, deleted: session.deletedCards.count,
                         bytesFreed: Int(clamping: session.bytesToFree), on: play.today, rules: play.rules)
    }

    /// Ends play when the time limit is reached; true once time is up.
    @discardableResult
    public func checkTime() -> Bool {
        if !timeUp, playEndedAt == nil, let limit, elapsed >= limit {
            timeUp = true
            cardAtTimeUp = session.current
            endPlay()
        }
        return timeUp
    }

    /// Applies a decision to the card on the table. Play ends with the last card or `.quit`; once it
    /// has ended (time up, cards out, quit, Ctrl-C) nothing changes any more: delete, keep and undo
    /// answer `.noCard`.
    @discardableResult
    public func apply(_ command: PlayerCommand) -> Feedback {
        resume()
        checkTime()
        guard playEndedAt == nil else {
            if command == .quit { return .quit }
            return lateCard != nil && command.decidesCard ? decideLate(command) : .noCard
        }
        let feedback = session.apply(command)
        if deckProblem == nil {
            do { try readAhead() } catch { deckProblem = "\(error)" }
        }
        if session.current == nil { endPlay() }  // the player quit or the cards ran out
        return feedback
    }

    /// Cards read from the deck at a time; the next page is read when fewer than `readAheadAt` are left.
    public static let page = 40
    static let readAheadAt = 20

    /// The card on the table when time ran out, while a decision on it is still taken (`lateGrace`); nil otherwise.
    public var lateCard: Card? {
        guard let card = cardAtTimeUp, let limit, elapsedSeconds() - limit <= Self.lateGrace else { return nil }
        return card
    }

    /// The decision on the card that was on the table as time ran out: recorded, and play stays ended.
    private func decideLate(_ command: PlayerCommand) -> Feedback {
        let feedback = session.decideLast(command)
        if case .refused = feedback { return feedback }
        cardAtTimeUp = nil
        return feedback
    }

    /// Reads the next page of the deck while few cards are left (or the ones left are no longer dealable).
    /// A page whose files are all gone (a disk unplugged since the scan) doubles the next one, so a deck of
    /// a million vanished files is read in a few dozen queries, not twenty-five thousand.
    private func readAhead() throws {
        var page = Self.page
        while !session.quit, session.cardsLeft < Self.readAheadAt, !deck.isExhausted {
            let more = try deck.next(page)
            loaded += more.count
            session.deal(more: more)
            if session.cardsLeft == 0 { page = min(page * 2, 20_000) }
        }
    }

    /// Stops play where it stands (the cards ran out, the player quit, time is up): the swiping
    /// time counted against the free tier stops here, before any question, and never counts past
    /// the limit (a front-end that looks at the time only when the player acts, as the web app's,
    /// may notice late).
    public func endPlay() {
        guard playEndedAt == nil else { return }
        playEndedAt = min(elapsedSeconds(), limit ?? .infinity)
        session.stop()
    }

    /// Ctrl-C (or a closed browser tab): play ends and nothing will move; deletes wait as a pending batch.
    public func interrupt() {
        interrupted = true
        endPlay()
    }

    // MARK: - Round end

    /// Whether the player must be asked before anything moves (a batch to move, policy `.ask`, not interrupted).
    public var needsAnswer: Bool {
        !session.deletedCards.isEmpty && policy == .ask && !interrupted
    }

    /// What the round end will do with the batch, given the player's answer (ignored unless `needsAnswer`).
    public func confirmation(answer: Bool) -> Confirmation {
        if policy == .dryRun { return .dryRun }
        if session.deletedCards.isEmpty { return .yes }  // nothing to move: the round is recorded as played
        if interrupted { return .no }
        return policy == .yes || answer ? .yes : .no
    }

    /// Ends the round: counts the swiping time against today's allowance (never on a dry run, which
    /// writes nothing), then records it — moved and credited in one transaction, or kept pending.
    /// `except`: files of the batch the player took out of it at the confirmation; they count as kept.
    public func finish(confirmed answer: Bool = false, except: Set<Int64> = []) throws -> RoundReport {
        endPlay()
        if !except.isEmpty { session.keep(except: except) }
        let confirmation = confirmation(answer: answer)
        if confirmation != .dryRun {
            try play.spend(seconds: elapsed, undos: session.undosUsed)
        }
        return try play.finish(session, kind: kind, startedAt: play.now, answer: confirmation)
    }
}
