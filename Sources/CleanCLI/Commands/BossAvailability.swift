import Game
import Library
import Play

/// The cards each boss of the rules could deal now, by boss name: the real card queues, so kept
/// files in their cooldown, pending batches, files in the trash and the kept copy of each duplicate
/// group are left out. Each queue is built once, however many bosses deal it. No library: no cards.
func dealableCards(context: AppContext) throws -> [String: [Card]] {
    guard let library = try context.existingLibrary() else { return [:] }
    let policy = QueuePolicy(thresholds: context.thresholds, keptCooldownDays: context.configuration.play.keptCooldownDays,
                             now: context.now, calendar: context.calendar)
    var queues: [BossQueue: [Card]] = [:]
    var cards: [String: [Card]] = [:]
    for boss in context.configuration.game.bosses {
        if queues[boss.category] == nil { queues[boss.category] = try library.cards(CardCategory(boss.category), policy: policy) }
        cards[boss.name] = queues[boss.category]
    }
    return cards
}

/// How many cards each boss could deal now.
func dealableCounts(context: AppContext) throws -> [String: Int] {
    try dealableCards(context: context).mapValues(\.count)
}

/// This week's boss for `profile`, or nil (no library, or no boss of the pool can deal a card).
func weeklyBoss(context: AppContext, profile: Game.Profile) throws -> WeeklyBossView? {
    let policy = QueuePolicy(thresholds: context.thresholds, keptCooldownDays: context.configuration.play.keptCooldownDays,
                             now: context.now, calendar: context.calendar)
    return try WeeklyBossFinder.thisWeek(library: context.existingLibrary(), profile: profile, rules: context.configuration.game,
                                         policy: policy, now: context.now, calendar: context.calendar)
}
