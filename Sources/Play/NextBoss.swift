import Deck
import Game
import Library

/// What to play next, decided once for every front-end: the boss whose cards free the most bytes now
/// (ties: the one with more cards, then the first in the rules); none when no boss can deal a card.
public enum NextBoss {
    /// `piles`: each boss of the rules, in the rules' order, with what it could deal now.
    public static func best(_ piles: [(boss: String, tally: CardTally)]) -> BossSuggestion? {
        var best: (boss: String, tally: CardTally)?
        for pile in piles where pile.tally.count > 0 {
            guard let current = best else { best = pile; continue }
            if (pile.tally.bytes, pile.tally.count) > (current.tally.bytes, current.tally.count) { best = pile }
        }
        return best.map { BossSuggestion(boss: $0.boss, cards: $0.tally.count, bytes: $0.tally.bytes) }
    }

    /// The piles of `rules`' bosses, each queue counted once by the index (never dealt: dealing every old
    /// photo of a million files to count them took a minute and 3.6 GB).
    public static func piles(library: LibraryDatabase, rules: Rules, policy: QueuePolicy) throws -> [(boss: String, tally: CardTally)] {
        var queues: [BossQueue: CardTally] = [:]
        return try rules.bosses.map { boss in
            if queues[boss.category] == nil { queues[boss.category] = try library.cardTally(CardCategory(boss.category), policy: policy) }
            return (boss.name, queues[boss.category]!)
        }
    }
}
