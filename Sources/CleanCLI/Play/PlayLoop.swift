import Foundation
import Game
import Library
import Play

/// Plays one round or boss battle with the line protocol of DESIGN.md: one decision per line
/// (d/delete, k/keep, u/undo, q/quit), then the batch summary and one line answering it.
/// The same loop serves a script (`LineInput`, `LineScreen`) and a terminal (`TerminalInput`,
/// `TerminalScreen`: single keys, a live countdown).
struct PlayLoop {
    let context: AppContext
    let play: PlayContext
    let options: PlayOptions
    let kind: RoundKind
    /// The boss's category; nil for a standard round (every kind of candidate).
    let category: CardCategory?
    /// Seconds the round lasts (nil: untimed, as a boss battle).
    let roundSeconds: Double?

    private var screen: Screen { Screen(json: options.json) }

    /// The round's report, or nil when there was nothing to play (said on the screen).
    func run() throws -> RoundReport? {
        let allowance = try play.allowance()
        if allowance.isUsedUp {
            screen.say("You have used today's \(play.rules.tiers.limits(for: play.tier).swipeSecondsPerDay.map { "\($0 / 60) minutes" } ?? "time") of swiping (free tier). It renews at midnight; `clean config set player.tier pro` lifts the limit.")
            return nil
        }
        let cards = try play.cards(category, order: options.order)
        guard !cards.isEmpty else {
            screen.say(try emptyQueueMessage())
            return nil
        }
        let session = RoundSession(cards: cards, undoAllowance: allowance.undos, isDealable: PlayContext.isUnchanged)
        let limit = [roundSeconds, allowance.swipeSeconds].compactMap { $0 }.min()
        let clock = ContinuousClock()
        let started = clock.now
        func elapsed() -> Double {
            let d = started.duration(to: clock.now)
            return Double(d.components.seconds) + Double(d.components.attoseconds) / 1e18
        }
        var (input, screen, terminal) = makeIO()
        defer { terminal?.restore() }
        let total = cards.count
        var timeUp = false, interrupted = false, showCard = true
        play: while let card = session.current {
            if let limit, elapsed() >= limit {
                session.stop()
                timeUp = true
                break
            }
            if showCard {
                screen.show(card, number: total - session.cardsLeft + 1, total: total, session: session,
                            secondsLeft: limit.map { max(0, $0 - elapsed()) })
                showCard = false
            }
            switch input.next(timeout: limit.map { max(0, $0 - elapsed()) }) {
            case .timeTick: screen.tick(session: session, secondsLeft: limit.map { max(0, $0 - elapsed()) })
            case .endOfInput: break play
            case .interrupt: interrupted = true; break play
            case .unknown(let text): screen.unknown(text); showCard = true
            case .command(let command): screen.feedback(session.apply(command), session: session); showCard = true
            }
        }
        screen.roundEnded(timeUp: timeUp)
        let swiped = elapsed()  // the allowance counts swiping, not the time spent on the question
        let answer = try confirm(session, input: &input, screen: screen, interrupted: interrupted)
        terminal?.restore()
        try play.spend(seconds: swiped, undos: session.undosUsed)
        return try play.finish(session, kind: kind, startedAt: play.now, answer: answer)
    }

    /// Shows the batch and asks once (unless --yes or --dry-run): y/yes moves it, anything else keeps it pending.
    /// After Ctrl-C nothing is asked and nothing moves.
    private func confirm(_ session: RoundSession, input: inout any PlayerInput, screen: any PlayScreen, interrupted: Bool) throws -> Confirmation {
        let deleted = session.deletedCards
        guard !deleted.isEmpty else { return .yes }
        screen.say(BatchSummary.render(deleted, dryRun: options.dryRun))
        if options.dryRun { return .dryRun }
        if interrupted {
            screen.say("Ctrl-C: nothing moves.")
            return .no
        }
        if options.yes { return .yes }
        screen.say("Move \(deleted.count) card\(deleted.count == 1 ? "" : "s") (\(humanBytes(session.bytesToFree))) to the trash? [y/N]")
        return input.confirms() ? .yes : .no
    }

    private func emptyQueueMessage() throws -> String {
        let what = category.map { CardView.title($0) + "s" } ?? "candidates"
        var message = "No \(what) to deal right now."
        let bosses: [(String, CardCategory)] = [("screenshots", .screenshots), ("videos", .bigVideos), ("old", .oldPhotos), ("duplicates", .duplicates), ("similar", .similar)]
        let available = try bosses.map { ($0.0, try play.cards($0.1).count) }.filter { $0.1 > 0 }
        if let best = available.max(by: { $0.1 < $1.1 }) {
            message += " Try `clean boss \(best.0)` (\(best.1) cards)."
        } else {
            message += " Scan a folder first: `clean scan ~/Pictures` (or a phone's DCIM folder)."
        }
        return message
    }
}

/// The summary shown before the confirmation: count, bytes, a list with sizes by category.
enum BatchSummary {
    static func render(_ cards: [Card], dryRun: Bool) -> String {
        let bytes = cards.reduce(0) { $0 + $1.bytes }
        var lines = ["", (dryRun ? "Would move " : "To move: ") + "\(cards.count) card\(cards.count == 1 ? "" : "s"), \(humanBytes(bytes))"]
        for category in CardCategory.allCases {
            let group = cards.filter { $0.category == category }
            guard !group.isEmpty else { continue }
            lines.append("  \(CardView.title(category))s: \(group.count), \(humanBytes(group.reduce(0) { $0 + $1.bytes }))")
            for card in group.prefix(20) {
                let extra = card.linked.isEmpty ? "" : " (+\(card.linked.count) linked)"
                lines.append("    \(humanBytes(card.bytes).padding(toLength: 9, withPad: " ", startingAt: 0)) \(card.item.rawPath)\(extra)")
            }
            if group.count > 20 { lines.append("    … and \(group.count - 20) more") }
        }
        return lines.joined(separator: "\n")
    }
}
