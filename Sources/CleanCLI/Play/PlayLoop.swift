import Foundation
import Game
import Library
import Play

/// Plays one round or boss battle with the line protocol of DESIGN.md: one decision per line
/// (d/delete, k/keep, u/undo, q/quit), then the batch summary and one line answering it.
/// A thin adapter over `Play`'s `RoundDriver`, which owns the rules of play; the same loop serves
/// a script (`LineInput`, `LineScreen`) and a terminal (`TerminalInput`, `TerminalScreen`).
struct PlayLoop {
    let context: AppContext
    let play: PlayContext
    let options: PlayOptions
    let kind: RoundKind
    /// The boss's category; nil for a standard round (every kind of candidate).
    let category: CardCategory?
    /// Seconds the round lasts (nil: untimed, as a boss battle).
    let roundSeconds: Double?

    private var policy: ConfirmationPolicy { options.dryRun ? .dryRun : options.yes ? .yes : .ask }

    /// The round's report, and the sentence said instead of playing when there was nothing to play.
    func run() throws -> (report: RoundReport, nothingToPlay: String?) {
        switch try RoundDriver.deal(play, kind: kind, category: category, order: options.order, roundSeconds: roundSeconds,
                                    policy: policy, clock: ContinuousClock()) {
        case .nothing(let why, let report):
            let sentence = Self.words(why)
            Screen(json: options.json).say(sentence)
            return (report, sentence)
        case .play(let round):
            return (try drive(round), nil)
        }
    }

    private func drive(_ round: RoundDriver) throws -> RoundReport {
        var (input, screen, terminal) = makeIO(round)
        defer { terminal?.restore() }
        var showCard = true
        play: while let card = round.current, !round.checkTime() {
            if showCard {
                screen.show(card, number: round.number, total: round.total, session: round.session, secondsLeft: round.secondsLeft)
                showCard = false
            }
            switch input.next(timeout: round.secondsLeft) {
            case .timeTick: screen.tick(session: round.session, secondsLeft: round.secondsLeft)
            case .endOfInput: break play
            case .interrupt: round.interrupt(); break play
            case .unknown(let text): screen.unknown(text); showCard = true
            case .command(let command): screen.feedback(round.apply(command), session: round.session); showCard = true
            }
        }
        round.endPlay()
        screen.roundEnded(timeUp: round.timeUp)
        var answer = false
        let deleted = round.deletedCards
        if !deleted.isEmpty {
            screen.say(BatchSummary.render(deleted, dryRun: round.policy == .dryRun))
            if round.interrupted && round.policy != .dryRun { screen.say("Ctrl-C: nothing moves.") }
            if round.needsAnswer {
                screen.say("Move \(deleted.count) card\(deleted.count == 1 ? "" : "s") (\(humanBytes(round.bytesToFree))) to the trash? [y/N]")
                answer = input.confirms()
            }
        }
        terminal?.restore()
        return try round.finish(confirmed: answer)
    }

    /// Why there is nothing to play, in the terminal's words.
    static func words(_ why: NothingToPlay) -> String {
        switch why {
        case .allowanceUsedUp(let minutes):
            return "You have used today's \(minutes.map { "\($0) minutes" } ?? "time") of swiping (free tier). It renews at midnight; `clean config set player.tier pro` lifts the limit."
        case .emptyQueue(let category, let suggestion):
            var message = "No \(category.map { CardView.title($0) + "s" } ?? "candidates") to deal right now."
            if let suggestion {
                message += " Try `clean boss \(suggestion.boss)` (\(suggestion.cards) cards)."
            } else {
                message += " Scan a folder first: `clean scan ~/Pictures` (or a phone's DCIM folder)."
            }
            return message
        }
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
