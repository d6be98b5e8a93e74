import Deck
import Foundation
import Library

/// What the player can say about a card.
public enum PlayerCommand: Sendable, Equatable {
    /// On a group card: keep the suggested member only, delete the others.
    case delete
    /// On a group card: keep every member.
    case keep
    case undo, quit
    /// Decide later: the card is neither kept nor deleted, nothing is recorded, and a later round deals it again.
    case skip
    /// On a group card: keep these members (positions as listed, from 1), delete the others.
    case keepPositions([Int])
    /// On a group card: keep these members (item ids), delete the others.
    case keepItems([Int64])

    /// Whether the command decides the card on the table (delete, keep, or a group card's keep set).
    public var decidesCard: Bool {
        switch self {
        case .delete, .keep, .keepPositions, .keepItems: true
        case .undo, .quit, .skip: false
        }
    }

    /// The scripted-input words of DESIGN.md: d/delete, k/keep, u/undo, q/quit, s/skip (any case), and
    /// on a group card `keep 2 3` (members 2 and 3 as listed stay, the others go).
    public init?(line: String) {
        let words = line.trimmingCharacters(in: .whitespaces).lowercased().split(separator: " ", omittingEmptySubsequences: true)
        if words.count > 1, words[0] == "keep" || words[0] == "k" {
            let positions = words.dropFirst().compactMap { Int($0) }
            guard positions.count == words.count - 1 else { return nil }
            self = .keepPositions(positions)
            return
        }
        switch words.first.map(String.init) ?? "" {
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
    /// A keep set that is no choice on this card (empty, a member not in the group, not a group card): nothing recorded.
    case refused(String)
    case nothingToUndo
    case quit
    case noCard
}

/// One round or boss battle in play: the cards dealt, the decisions taken, undo.
///
/// It reads no clock and no file: the caller says when time is up, and `isDealable` (a re-check
/// of the file against the index) decides whether a card may still be shown.
public final class RoundSession {
    /// One decision on one card: for a group card, the members kept (the others deleted).
    struct Choice {
        let card: Card
        let deleted: Bool
        let kept: [Int64]
    }

    /// The decisions taken, a file each: a group card's members one by one (each deleted member with
    /// the first kept member as its twin), so the batch, the round end and the stats count files.
    public var decisions: [(card: Card, deleted: Bool)] {
        choices.flatMap { choice -> [(card: Card, deleted: Bool)] in
            guard let group = choice.card.group else { return [(choice.card, choice.deleted)] }
            let twin = group.members.first { choice.kept.contains($0.id) }?.item
            return group.members.map { member in
                let kept = choice.kept.contains(member.id)
                return (Card(item: member.item, linked: member.linked, category: choice.card.category, twin: kept ? nil : twin,
                             reviewedBefore: choice.card.reviewedBefore), !kept)
            }
        }
    }
    private var choices: [Choice] = []
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
    /// Cards decided (a group card once, whatever it kept).
    public var cardsDecided: Int { choices.count }

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
            guard let last = choices.last else { return .nothingToUndo }
            if let undoAllowance, undosUsed >= undoAllowance {
                return .undoRefused("No undos left today (\(undosPerDay ?? undoAllowance) a day on the free tier); they renew at midnight.")
            }
            choices.removeLast()
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
            let kept = card.group.map { command == .delete ? [$0.suggested.id] : $0.members.map(\.id) } ?? []
            return decide(card, deleted: command == .delete, kept: kept)
        case .keepPositions(let positions):
            guard let card = current else { return .noCard }
            guard let group = card.group else { return .refused("This card is one file: d deletes it, k keeps it.") }
            guard !positions.isEmpty else { return .refused("Name at least one member to keep.") }
            let members = positions.compactMap { group.member(at: $0) }
            guard members.count == positions.count else {
                return .refused("This group has \(group.members.count) members: keep 1 to \(group.members.count).")
            }
            return keep(Set(members.map(\.id)), of: card, group)
        case .keepItems(let items):
            guard let card = current else { return .noCard }
            guard let group = card.group else { return .refused("This card is one file: delete or keep it.") }
            guard !items.isEmpty else { return .refused("keep names no member: at least one member stays.") }
            guard Set(items).isSubset(of: group.members.map(\.id)) else { return .refused("keep names a file that is not in this group.") }
            return keep(Set(items), of: card, group)
        }
    }

    private func keep(_ kept: Set<Int64>, of card: Card, _ group: CardGroup) -> Feedback {
        let ordered = group.members.map(\.id).filter(kept.contains)
        return decide(card, deleted: ordered.count < group.members.count, kept: ordered)
    }

    private func decide(_ card: Card, deleted: Bool, kept: [Int64]) -> Feedback {
        choices.append(Choice(card: card, deleted: deleted, kept: kept))
        position += 1
        skipUndealable()
        return deleted ? .deleted(card) : .kept(card)
    }

    /// Takes files out of the batch before it moves (the confirmation's "except"): each deleted file named
    /// in `ids` counts as kept, a group card's member as one more member kept. Ids of files not in the
    /// batch change nothing.
    public func keep(except ids: Set<Int64>) {
        choices = choices.map { choice in
            guard choice.deleted else { return choice }
            guard let group = choice.card.group else {
                return ids.contains(choice.card.id) ? Choice(card: choice.card, deleted: false, kept: []) : choice
            }
            let kept = group.members.map(\.id).filter { choice.kept.contains($0) || ids.contains($0) }
            return Choice(card: choice.card, deleted: kept.count < group.members.count, kept: kept)
        }
    }

    /// The members of group cards kept as the copies the deleted others go against (a group kept whole is
    /// not among them: its members are kept).
    public var stays: Set<Int64> {
        Set(choices.filter { $0.deleted && $0.card.group != nil }.flatMap(\.kept))
    }

    /// The group cards kept whole (every member kept), which no queue deals again while the group stands as it was.
    public var groupsKeptWhole: [KeptWholeGroup] {
        choices.compactMap { choice in
            guard !choice.deleted, let group = choice.card.group else { return nil }
            return KeptWholeGroup(category: choice.card.category, group: group)
        }
    }

    /// The members kept on the group card `card` when it was decided (nil: not decided, or not a group).
    public func keptMembers(of card: Card) -> [Int64]? {
        choices.last { $0.card == card && $0.card.group != nil }?.kept
    }

    /// Adds cards read later from the same queue at the end of the queue (a deck is read a page at a time).
    public func deal(more cards: [Card]) {
        queue += cards
        skipUndealable()
    }

    /// Ends the round where it stands (time is up).
    public func stop() { quit = true }

    /// A decision on the card that was on the table when play stopped (a swipe under way as time ran out):
    /// recorded as any decision, and play stays stopped.
    public func decideLast(_ command: PlayerCommand) -> Feedback {
        guard quit, command.decidesCard else { return .noCard }
        quit = false
        defer { quit = true }
        return apply(command)
    }

    private func skipUndealable() {
        while position < queue.count && !isDealable(queue[position]) { queue.remove(at: position) }
    }
}
