import Foundation
import Library

/// What the player can say about a card.
public enum PlayerCommand: Sendable, Equatable {
    case delete, keep, undo, quit
    /// Decide later: the card is neither kept nor deleted, nothing is recorded, and a later round deals it again.
    case skip

    /// The scripted-input words of DESIGN.md: d/delete, k/keep, u/undo, q/quit, and s/skip (any case).
    public init?(line: String) {
        switch line.trimmingCharacters(in: .whitespaces).lowercased() {
        case "d", "delete": self = .delete
        case "k", "keep": self = .keep
        case "u", "undo": self = .undo
        case "q", "quit": self = .quit
        case "s", "skip": self = .skip
        default: return nil
        }
    }
}

/// The answer to a command, for the screen to show.
public enum Feedback: Sendable, Equatable {
    case deleted(Card)
    case kept(Card)
    /// Left for a later round (`s`).
    case skipped(Card)
    case undone(Card)
    case undoRefused(String)
    case nothingToUndo
    case quit
    case noCard
}

/// One round or boss battle in play: the cards dealt, the decisions taken, undo.
///
/// It reads no clock and no file: the caller says when time is up, and `isDealable` (a re-check
/// of the file against the index) decides whether a card may still be shown.
public final class RoundSession {
    public private(set) var decisions: [(card: Card, deleted: Bool)] = []
    public private(set) var undosUsed = 0
    /// Cards passed over with `.skip`, in order: undecided, so a later round deals them again.
    public private(set) var skipped: [Card] = []
    public private(set) var quit = false
    private var queue: [Card]
    private var position = 0
    private let undoAllowance: Int?
    private let undosPerDay: Int?
    private let isDealable: (Card) -> Bool

    /// `undoAllowance`: undos left today (nil for no limit); `undosPerDay`: the tier's daily allowance,
    /// which the refusal names.
    public init(cards: [Card], undoAllowance: Int?, undosPerDay: Int? = nil, isDealable: @escaping (Card) -> Bool) {
        queue = cards
        self.undoAllowance = undoAllowance
        self.undosPerDay = undosPerDay ?? undoAllowance
        self.isDealable = isDealable
        skipUndealable()
    }

    /// Undos left in this session (nil: no limit).
    public var undosLeft: Int? { undoAllowance.map { max(0, $0 - undosUsed) } }

    /// The card on the table, or nil when the queue is done.
    public var current: Card? { position < queue.count && !quit ? queue[position] : nil }
    public var cardsLeft: Int { quit ? 0 : queue.count - position }
    /// Every card dealt to this session so far, in order (decided, on the table and still to come).
    public var queued: [Card] { queue }

    public var deletedCards: [Card] { decisions.filter(\.deleted).map(\.card) }
    public var keptCount: Int { decisions.filter { !$0.deleted }.count }
    public var bytesToFree: Int64 { deletedCards.reduce(0) { $0 + $1.bytes } }

    @discardableResult
    public func apply(_ command: PlayerCommand) -> Feedback {
        switch command {
        case .quit:
            quit = true
            return .quit
        case .undo:
            guard let last = decisions.last else { return .nothingToUndo }
            if let undoAllowance, undosUsed >= undoAllowance {
                return .undoRefused("No undos left today (\(undosPerDay ?? undoAllowance) a day on the free tier); they renew at midnight.")
            }
            decisions.removeLast()
            undosUsed += 1
            position = queue.firstIndex(of: last.card) ?? position
            return .undone(last.card)
        case .skip:
            guard let card = current else { return .noCard }
            skipped.append(card)
            position += 1
            skipUndealable()
            return .skipped(card)
        case .delete, .keep:
            guard let card = current else { return .noCard }
            decisions.append((card, command == .delete))
            position += 1
            skipUndealable()
            return command == .delete ? .deleted(card) : .kept(card)
        }
    }

    /// Adds cards read later from the same queue at the end of the queue (a deck is read a page at a time).
    public func deal(more cards: [Card]) {
        queue += cards
        skipUndealable()
    }

    /// Ends the round where it stands (time is up).
    public func stop() { quit = true }

    private func skipUndealable() {
        while position < queue.count && !isDealable(queue[position]) { queue.remove(at: position) }
    }
}
