import Deck
import Foundation
import Game
import Library
import Play

/// One boss as every front-end shows it (the home screen and page, `boss list` and its JSON, `/api/v1/bosses`): its
/// target and progress, the cards it can deal now, how hard it is. Made in one place, `BossBoard`, for the configured
/// bosses and this week's alike.
package struct BossStanding: Sendable, Equatable {
    /// What `clean boss NAME` and `/play?boss=NAME` take: the configured name, `weekly` for this week's boss.
    package let name: String
    package let title: String
    package let target: Int
    package let progress: Int
    package let defeated: Bool
    package let xpReward: Int
    /// The cards it can deal now (0 without an index).
    package let cards: Int
    /// False when `cards` is where the count stopped ("10,000+"), not every card.
    package let cardsCounted: Bool
    /// The bytes of those cards; nil for the weekly boss (its filter is counted, not summed).
    package let bytes: Int64?
    package let difficulty: BossDifficulty
    /// The queue a configured boss deals; nil for the weekly boss.
    package let queue: BossQueue?
    /// What only this week's boss has; nil for a configured boss.
    package let weekly: Weekly?

    package struct Weekly: Sendable, Equatable {
        /// Its name in the pool (the profile's history keeps it).
        package let name: String
        package let story: String
        package let week: BossWeek
        /// When another boss comes: the next Monday's local midnight.
        package let endsAt: Date
    }

    /// The name the weekly boss is fought by.
    package static let weeklyName = "weekly"

    init(_ boss: BossStatus, pile: CardTally?) {
        let cards = pile?.count ?? 0
        self.init(name: boss.name, title: boss.title, target: boss.target, progress: boss.progress, defeated: boss.defeated,
                  xpReward: boss.xpReward, cards: cards, cardsCounted: true, bytes: pile?.bytes ?? 0,
                  difficulty: BossDifficulty.of(target: boss.target, progress: boss.progress, dealable: cards), queue: boss.category,
                  weekly: nil)
    }

    init(_ view: WeeklyBossView) {
        let status = view.status
        self.init(name: Self.weeklyName, title: status.boss.title, target: status.target, progress: status.progress,
                  defeated: status.defeated, xpReward: status.boss.xpReward, cards: view.cards, cardsCounted: view.cardsCounted,
                  bytes: nil, difficulty: BossDifficulty.of(target: status.target, progress: status.progress, dealable: view.cards),
                  queue: nil, weekly: Weekly(name: status.boss.name, story: status.boss.story, week: status.week, endsAt: view.endsAt))
    }

    package init(name: String, title: String, target: Int, progress: Int, defeated: Bool, xpReward: Int, cards: Int,
                 cardsCounted: Bool, bytes: Int64?, difficulty: BossDifficulty, queue: BossQueue?, weekly: Weekly?) {
        self.name = name
        self.title = title
        self.target = target
        self.progress = progress
        self.defeated = defeated
        self.xpReward = xpReward
        self.cards = cards
        self.cardsCounted = cardsCounted
        self.bytes = bytes
        self.difficulty = difficulty
        self.queue = queue
        self.weekly = weekly
    }

    /// Progress toward the target, 0…1.
    package var fraction: Double { target > 0 ? min(1, Double(progress) / Double(target)) : 1 }
}

/// The bosses as they stand for the player now: the configured ones in the rules' order, then this week's; and what
/// to play next. What the home screen, the home page and `boss list` show, counted once.
package struct BossBoard: Sendable, Equatable {
    package let bosses: [BossStanding]
    /// Whether there is an index to deal from (nothing scanned yet: every boss has 0 cards).
    package let hasLibrary: Bool
    /// What to play next: the configured boss whose cards free the most now (`NextBoss`), nil when none can deal.
    package let next: NextSuggestion?

    /// The board at the context's time. `weeklyCountLimit`: this week's boss's cards are counted up to here (its filter
    /// can take most of a million files; a screen that shows a count, not a sum, stops early); nil counts them all.
    package init(context: AppContext, player: PlayerView, weeklyCountLimit: Int? = nil) throws {
        let library = try context.existingLibrary()
        let policy = queuePolicy(context)
        let piles = try library.map { try NextBoss.piles(library: $0, rules: player.rules, policy: policy) } ?? []
        let byName = Dictionary(piles.map { ($0.boss, $0.tally) }, uniquingKeysWith: { first, _ in first })
        var bosses = Bosses.list(for: player.profile, rules: player.rules).map { BossStanding($0, pile: byName[$0.name]) }
        if let weekly = try WeeklyBossFinder.thisWeek(library: library, profile: player.profile, rules: player.rules, policy: policy,
                                                      now: context.now, calendar: context.calendar, countingUpTo: weeklyCountLimit) {
            bosses.append(BossStanding(weekly))
        }
        self.bosses = bosses
        hasLibrary = library != nil
        next = NextBoss.best(piles).map { best in
            let boss = player.rules.bosses.first { $0.name == best.boss }
            return NextSuggestion(boss: best.boss, title: boss?.title ?? best.boss, cards: best.cards, bytes: best.bytes,
                                  noun: boss.map { CardReason.title(CardCategory($0.category)) } ?? "card")
        }
    }

    /// The home's count of the weekly boss's cards stops here ("10,000+"): its filter can take most of a million files,
    /// and the home shows a count, not a number to do sums with.
    package static let homeWeeklyCountLimit = 10_000

    /// The configured bosses (this week's left out).
    package var configured: [BossStanding] { bosses.filter { $0.weekly == nil } }
    /// This week's boss, if there is one.
    package var weekly: BossStanding? { bosses.first { $0.weekly != nil } }
}

/// What to play next, as data: the boss to fight and what it would deal. Each front-end words it (a command on the
/// terminal, a link on the page).
package struct NextSuggestion: Sendable, Equatable, Encodable {
    /// The boss's name (`clean boss NAME`, `/play?boss=NAME`).
    package let boss: String
    package let title: String
    package let cards: Int
    package let bytes: Int64
    /// Its cards counted in words: "3 big videos", "1 duplicate", "12 bad shots".
    package let what: String

    init(boss: String, title: String, cards: Int, bytes: Int64, noun: String) {
        self.boss = boss
        self.title = title
        self.cards = cards
        self.bytes = bytes
        what = Words.count(cards, noun)
    }
}
