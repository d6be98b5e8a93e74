import App
import Deck
import Foundation
import Game
import Library
import Play

/// Plays one round or boss battle with the line protocol of DESIGN.md: one decision per line
/// (d/delete, k/keep, u/undo, q/quit), then the batch summary and one line answering it.
/// A thin adapter over `Play`'s `RoundDriver`, which owns the rules of play; the same loop serves
/// a script (`LineInput`, `LineScreen`) and a terminal (`TerminalInput`, `TerminalScreen`).
struct PlayLoop {
    /// Play opened by the app: what is dealt, for how long, under the mover's lock.
    let opening: PlayOpening
    let options: PlayOptions

    var play: PlayContext { opening.play }
    var context: AppContext { opening.context }

    private var policy: ConfirmationPolicy { options.dryRun ? .dryRun : options.yes ? .yes : .ask }

    /// How play went, for the command's output and exit status.
    struct Outcome {
        let report: RoundReport
        /// Why there was nothing to play (nothing was dealt), nil when there was a round.
        var nothing: NothingToPlay?
        /// Ctrl-C ended play.
        var interrupted = false
        /// The player asked for the batch to move (y, or --yes) and there was one.
        var askedToMove = false
    }

    /// Deals and plays the round. Nothing to play is said (a refusal, today's time used up, on stderr; an empty queue
    /// where the output goes).
    func run() throws -> Outcome {
        switch try RoundDriver.deal(play, kind: opening.kind, category: opening.category, order: options.order, roundSeconds: opening.seconds,
                                    policy: policy, clock: ContinuousClock()) {
        case .nothing(let why, let report):
            let sentence = Self.words(why, scanned: try play.library.firstScan() != nil)
            if case .allowanceUsedUp = why { Terminal.warn(sentence) } else { Screen(json: options.json).say(sentence) }
            return Outcome(report: report, nothing: why)
        case .play(let round):
            return try drive(round)
        }
    }

    private func drive(_ round: RoundDriver) throws -> Outcome {
        var interrupted = false
        var (input, screen, terminal) = makeIO(round)
        defer { terminal?.restore() }
        var showCard = true
        // A group card's members marked to keep (a terminal's 1…9): the suggested one when the card comes.
        var marked = Set<Int64>(), markedCard: Card?
        play: while let card = round.current, !round.checkTime() {
            if markedCard != card {
                markedCard = card
                marked = card.group.map { [$0.suggested.id] } ?? []
                screen.marks(marked)
            }
            if showCard {
                screen.show(card, number: round.number, total: round.total, session: round.session, secondsLeft: round.secondsLeft)
                showCard = false
            }
            switch input.next(timeout: round.secondsLeft) {
            case .timeTick: screen.tick(session: round.session, secondsLeft: round.secondsLeft)
            case .endOfInput: break play
            case .interrupt: interrupted = true; round.interrupt(); break play
            case .unknown(let text): screen.unknown(text); showCard = true
            case .mark(let position):
                if let member = card.group?.member(at: position) {
                    if marked.contains(member.id) { marked.remove(member.id) } else { marked.insert(member.id) }
                    screen.marks(marked)
                } else {
                    screen.unknown(String(position))
                }
                showCard = true
            case .command(.delete) where card.group != nil:
                // d on a group card keeps the members marked (at first the suggested one) and deletes the others.
                screen.feedback(round.apply(.keepItems(Array(marked))), session: round.session); showCard = true
            case .command(let command): screen.feedback(round.apply(command), session: round.session); showCard = true
            case .view(let viewing):
                showCard = true
                guard screen.view(viewing, card: card) else { continue }
                // A full-screen picture: any key (which does nothing else) brings the card back.
                waiting: while !round.checkTime() {
                    switch input.next(timeout: round.secondsLeft) {
                    case .timeTick: continue
                    case .endOfInput: break play
                    case .interrupt: interrupted = true; round.interrupt(); break play
                    default: break waiting
                    }
                }
            }
        }
        round.endPlay()
        let deleted = round.deletedCards
        var end = PlayEnd(timeUp: round.timeUp, reviewed: round.session.cardsDecided, files: round.session.decisions.count,
                          skipped: round.session.skipped.count)
        if let problem = round.deckProblem {
            end.problem = "No more cards could be read from the index (\(problem)): play ended with the cards already dealt."
        }
        if !deleted.isEmpty {
            end.summary = BatchSummary.render(deleted, dryRun: round.policy == .dryRun)
            if round.interrupted && round.policy != .dryRun { end.notice = "Ctrl-C: nothing moves." }
            if round.needsAnswer {
                end.question = "Move \(plural(deleted.count, "card")) (\(humanBytes(round.bytesToFree))) to the trash? [y/N]"
            }
        }
        screen.done(end)
        // Asked only once the done screen is drawn: the input drops what was typed ahead.
        let answer = end.question == nil ? false : input.confirms()
        let askedToMove = !deleted.isEmpty && !interrupted && round.confirmation(answer: answer) == .yes
        let report = try opening.finish(round, confirmed: answer)
        // Raw (unechoed) until the batch has moved; leaving raw mode drops whatever was typed meanwhile.
        terminal?.restore()
        return Outcome(report: report, interrupted: interrupted, askedToMove: askedToMove)
    }

    /// Why there is nothing to play, in the terminal's words (`NothingToPlay.words`, the pages' too).
    static func words(_ why: NothingToPlay, scanned: Bool) -> String {
        why.words(scanned: scanned, on: .terminal)
    }
}

/// The summary shown before the confirmation: count, bytes, a list with sizes by category.
enum BatchSummary {
    static func render(_ cards: [Card], dryRun: Bool) -> String {
        let bytes = cards.reduce(0) { $0 + $1.bytes }
        var lines = ["", (dryRun ? "Would move " : "To move: ") + "\(plural(cards.count, "card")), \(humanBytes(bytes))"]
        for category in CardCategory.allCases {
            let group = cards.filter { $0.category == category }
            guard !group.isEmpty else { continue }
            lines.append("  \(Words.plural(CardView.title(category))): \(group.count), \(humanBytes(group.reduce(0) { $0 + $1.bytes }))")
            for card in group.prefix(20) {
                let extra = card.linked.isEmpty ? "" : " (+\(card.linked.count) linked)"
                lines.append("    \(humanBytes(card.bytes).padding(toLength: 9, withPad: " ", startingAt: 0)) \(card.item.rawPath)\(extra)")
            }
            if group.count > 20 { lines.append("    … and \(group.count - 20) more") }
        }
        return lines.joined(separator: "\n")
    }
}
