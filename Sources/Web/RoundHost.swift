import Foundation
import Game
import Library
import Play

/// The one round the web app plays at a time, over the same `Play` session, confirmation and
/// round end as the terminal. It holds the one-mover lock from the deal to the confirmation, so a
/// second tab (or a `clean round` in a terminal) is told a round is already running.
public final class RoundHost: @unchecked Sendable {
    private let backend: any WebBackend
    /// Seconds on a monotonic clock (a seam for tests).
    private let clock: @Sendable () -> Double
    /// A round left untouched this long may be taken over by a new one (its batch stays pending).
    private let abandonAfter: Double
    private let mutex = NSLock()
    private var active: ActiveRound?

    public init(backend: any WebBackend, abandonAfter: Double = 600, clock: @escaping @Sendable () -> Double = RoundHost.monotonicSeconds) {
        self.backend = backend
        self.abandonAfter = abandonAfter
        self.clock = clock
    }

    public static func monotonicSeconds() -> Double {
        var spec = timespec()
        clock_gettime(CLOCK_MONOTONIC, &spec)
        return Double(spec.tv_sec) + Double(spec.tv_nsec) / 1e9
    }

    private final class ActiveRound {
        let id: String
        let opening: PlayOpening
        let session: RoundSession
        let kind: RoundKind
        let limit: Double?
        let undos: Int?
        let started: Double
        var lastTouched: Double
        let xp: XPRules
        let multiplier: Double

        init(id: String, opening: PlayOpening, session: RoundSession, kind: RoundKind, limit: Double?, undos: Int?, started: Double) {
            self.id = id
            self.opening = opening
            self.session = session
            self.kind = kind
            self.limit = limit
            self.undos = undos
            self.started = started
            lastTouched = started
            let play = opening.play
            let profile = (try? play.library.profile()) ?? play.newPlayer
            let streak = Streak.advance(profile.streak, to: play.today, freezesAvailable: profile.freezesRemaining,
                                        restWeekday: profile.restWeekday, vacation: profile.vacation).streak
            xp = play.rules.xp
            multiplier = XP.multiplier(streakDays: streak.current, ladder: play.rules.multiplierLadder)
        }

        func secondsLeft(at now: Double) -> Double? { limit.map { max(0, $0 - (now - started)) } }
    }

    // MARK: - Start

    /// Deals a round (`boss` nil) or a boss battle.
    public func start(boss: String?) throws(WebError) -> [String: Any] {
        mutex.lock()
        defer { mutex.unlock() }
        let now = clock()
        if let running = active {
            guard now - running.lastTouched > abandonAfter else {
                throw WebError(409, "a round is already running (in another tab?); finish it there first")
            }
            _ = try? finish(running, yes: false, now: now)   // abandoned: its deletes wait in `clean pending`
        }
        let opening: PlayOpening
        do {
            opening = try backend.openPlay()
        } catch {
            let text = "\(error)"
            throw WebError(text.hasPrefix("another clean is moving files") ? 409 : 500,
                           text.hasPrefix("another clean is moving files") ? "a round is already running: \(text)" : text)
        }
        let play = opening.play
        do {
            let category: CardCategory?
            var kind: RoundKind = boss.map { .boss($0) } ?? .round
            if boss == "weekly" {
                guard let weekly = try play.weeklyBoss() else {
                    throw WebError(404, "no weekly boss this week: no boss of the pool has a card in this library")
                }
                kind = .weekly(weekly.status.boss.name)
                category = nil
            } else if let boss {
                guard let known = play.boss(named: boss) else {
                    throw WebError(400, "unknown boss '\(boss)'; choose \(play.rules.bosses.map(\.name).joined(separator: ", ")) or weekly")
                }
                category = CardCategory(known.category)
            } else {
                category = nil
            }
            let allowance = try play.allowance()
            if allowance.isUsedUp {
                throw WebError(409, "you have used today's swiping time (free tier); it renews at midnight, and `clean config set player.tier pro` lifts the limit")
            }
            let cards: [Card]
            if case .weekly(let name) = kind { cards = try play.weeklyCards(name, order: .standard) } else { cards = try play.cards(category) }
            guard !cards.isEmpty else {
                throw WebError(404, category == nil ? "no candidates to deal right now; scan a folder first (clean scan DIR) or try a boss"
                                                    : "no \(CardReason.title(category!))s to deal right now")
            }
            let session = RoundSession(cards: cards, undoAllowance: allowance.undos, isDealable: PlayContext.isUnchanged)
            let limit = [boss == nil ? opening.roundSeconds : nil, allowance.swipeSeconds].compactMap { $0 }.min()
            let round = ActiveRound(id: Self.newID(), opening: opening, session: session, kind: kind, limit: limit,
                                    undos: allowance.undos, started: now)
            active = round
            return [
                "round": round.id, "kind": boss == nil ? "round" : "boss", "boss": boss as Any? ?? NSNull(),
                // A boss battle shows no countdown; the free tier's daily swiping time still ends it.
                "seconds": boss == nil ? limit as Any? ?? NSNull() : NSNull(),
                "allowanceSeconds": allowance.swipeSeconds as Any? ?? NSNull(), "undosLeft": allowance.undos as Any? ?? NSNull(),
                "cards": cards.map { cardJSON($0, now: play.now) },
                "current": session.current.map { $0.id as Any } ?? NSNull(),
                "xpRules": ["perPhotoDeleted": play.rules.xp.perPhotoDeleted, "perRound": play.rules.xp.perRound,
                            "bonusBytesStep": play.rules.xp.bonusBytesStep, "perBonusStep": play.rules.xp.perBonusStep,
                            "multiplier": round.multiplier],
            ]
        } catch let error as WebError {
            throw error
        } catch {
            throw WebError(500, "\(error)")
        }
    }

    func cardJSON(_ card: Card, now: Date) -> [String: Any] {
        let item = card.item
        return [
            "id": card.id, "kind": item.kind.rawValue, "category": CardReason.title(card.category),
            "reason": CardReason.text(card, now: now, namesOnly: true), "size": card.bytes,
            "folder": item.rawPath.parent.description, "capturedAt": item.capturedAt as Any? ?? NSNull(),
            "media": "/media/\(card.id)", "name": String(decoding: item.rawPath.lastComponent, as: UTF8.self),
            "mime": item.mime, "width": item.width as Any? ?? NSNull(), "height": item.height as Any? ?? NSNull(),
            "linked": card.linked.count,
        ]
    }

    // MARK: - Decisions

    /// Applies `delete`, `keep`, `undo` or `quit` to the round; `card` must be the card on the table
    /// for delete and keep (a stale click is refused, never applied to another card).
    public func decide(round id: String, card: Int64?, decision: String) throws(WebError) -> [String: Any] {
        mutex.lock()
        defer { mutex.unlock() }
        let round = try running(id)
        let now = clock()
        round.lastTouched = now
        let session = round.session
        let command: PlayerCommand
        switch decision {
        case "delete": command = .delete
        case "keep": command = .keep
        case "undo": command = .undo
        case "quit": command = .quit
        default: throw WebError(400, "decision must be delete, keep, undo or quit, not '\(decision)'")
        }
        if let left = round.secondsLeft(at: now), left <= 0, command != .quit {
            session.stop()
            throw WebError(409, "the round's time is up; confirm the batch")
        }
        if command == .delete || command == .keep {
            guard let current = session.current else { throw WebError(409, "no card is on the table; confirm the batch") }
            guard card == current.id else {
                throw WebError(409, "card \(card.map(String.init) ?? "null") is not on the table (card \(current.id) is)")
            }
        }
        let feedback = session.apply(command)
        var answer = state(round, now: now)
        switch feedback {
        case .deleted(let c): answer["result"] = "deleted"; answer["card"] = c.id
        case .kept(let c): answer["result"] = "kept"; answer["card"] = c.id
        case .undone(let c): answer["result"] = "undone"; answer["card"] = c.id
        case .undoRefused(let message): answer["result"] = "undoRefused"; answer["message"] = message
        case .nothingToUndo: answer["result"] = "nothingToUndo"; answer["message"] = "nothing to undo"
        case .quit: answer["result"] = "quit"
        case .noCard: answer["result"] = "noCard"
        }
        return answer
    }

    private func state(_ round: ActiveRound, now: Double) -> [String: Any] {
        let session = round.session
        let base = XP.forRound(reviewed: session.decisions.count, deleted: session.deletedCards.count,
                               bytesFreed: Int(session.bytesToFree), bossReward: 0, rules: round.xp)
        return [
            "round": round.id, "current": session.current.map { $0.id as Any } ?? NSNull(),
            "reviewed": session.decisions.count, "deleted": session.deletedCards.count, "kept": session.keptCount,
            "bytesToFree": session.bytesToFree, "undosLeft": round.undos.map { max(0, $0 - session.undosUsed) as Any } ?? NSNull(),
            "secondsLeft": round.secondsLeft(at: now) as Any? ?? NSNull(), "over": session.current == nil,
            "xpEstimate": XP.applying(multiplier: round.multiplier, to: base),
        ]
    }

    /// The batch waiting for the confirmation: the deleted cards.
    public func batch(round id: String) throws(WebError) -> [String: Any] {
        mutex.lock()
        defer { mutex.unlock() }
        let round = try running(id)
        round.lastTouched = clock()
        var answer = state(round, now: round.lastTouched)
        answer["cards"] = round.session.deletedCards.map { cardJSON($0, now: round.opening.play.now) }
        return answer
    }

    // MARK: - Confirmation

    /// Ends the round: `yes` moves the batch to the trash and credits the round in one transaction;
    /// no keeps it pending (as the terminal does). Returns `round --json`'s object with the XP breakdown.
    public func confirm(round id: String, yes: Bool) throws(WebError) -> String {
        mutex.lock()
        defer { mutex.unlock() }
        let round = try running(id)
        return try finish(round, yes: yes, now: clock())
    }

    private func finish(_ round: ActiveRound, yes: Bool, now: Double) throws(WebError) -> String {
        active = nil   // the lock goes with it, whatever happens next
        let play = round.opening.play
        let session = round.session
        session.stop()
        do {
            try play.spend(seconds: now - round.started, undos: session.undosUsed)
            let report = try play.finish(session, kind: round.kind, startedAt: play.now, answer: yes ? .yes : .no)
            return withBreakdown(backend.roundJSON(report), report: report, round: round)
        } catch {
            throw WebError(500, "\(error)")
        }
    }

    /// Adds what the round-end screen shows beyond `round --json`: the XP breakdown, the level title, freezes left.
    private func withBreakdown(_ json: String, report: RoundReport, round: ActiveRound) -> String {
        guard var object = (try? JSONSerialization.jsonObject(with: Data(json.utf8))) as? [String: Any] else { return json }
        let rules = round.xp
        let credited = max(0, report.deleted - report.recycled)
        let steps = rules.bonusBytesStep > 0 ? max(0, Int(report.bytesFreed)) / rules.bonusBytesStep : 0
        object["breakdown"] = [
            "files": report.confirmed ? credited * rules.perPhotoDeleted : 0,
            "round": report.confirmed && report.reviewed > 0 ? rules.perRound : 0,
            "size": report.confirmed ? steps * rules.perBonusStep : 0,
            "multiplier": report.multiplier,
        ]
        object["levelTitle"] = report.levelTitle
        object["freezesLeft"] = report.freezesLeft
        guard let data = try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]) else { return json }
        return String(decoding: data, as: UTF8.self)
    }

    private func running(_ id: String) throws(WebError) -> ActiveRound {
        guard let round = active, round.id == id else {
            throw WebError(404, "round \(id) is not running (it ended, or another tab replaced it)")
        }
        return round
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
