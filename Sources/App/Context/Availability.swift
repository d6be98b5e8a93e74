import Deck
import Game
import Library
import Play

/// The cards each boss of the rules could deal now and their bytes, by boss name: counted by the
/// card queues' own conditions, so kept files in their cooldown, pending batches, files in the trash
/// and the kept copy of each duplicate group are left out. Each queue is counted once, however many
/// bosses deal it. No library: no cards.
package func dealablePiles(context: AppContext) throws -> [String: CardTally] {
    guard let library = try context.existingLibrary() else { return [:] }
    let policy = queuePolicy(context)
    var queues: [BossQueue: CardTally] = [:]
    var piles: [String: CardTally] = [:]
    for boss in context.configuration.game.bosses {
        if queues[boss.category] == nil { queues[boss.category] = try library.cardTally(CardCategory(boss.category), policy: policy) }
        piles[boss.name] = queues[boss.category]
    }
    return piles
}

/// How many cards each boss could deal now.
package func dealableCounts(context: AppContext) throws -> [String: Int] {
    try dealablePiles(context: context).mapValues(\.count)
}

/// This week's boss for `profile`, or nil (no library, or no boss of the pool can deal a card); its cards
/// counted up to `limit` (nil: all).
package func weeklyBoss(context: AppContext, profile: Game.Profile, countingUpTo limit: Int? = nil) throws -> WeeklyBossView? {
    try WeeklyBossFinder.thisWeek(library: context.existingLibrary(), profile: profile, rules: context.configuration.game,
                                  policy: queuePolicy(context), now: context.now, calendar: context.calendar, countingUpTo: limit)
}

/// The name of this week's boss for `profile` without counting its cards, or nil.
package func weeklyBossName(context: AppContext, profile: Game.Profile) throws -> String? {
    guard let library = try context.existingLibrary() else { return nil }
    return try WeeklyBossFinder.boss(library: library, profile: profile, rules: context.configuration.game,
                                     policy: queuePolicy(context), now: context.now, calendar: context.calendar)?.name
}

/// The queues' rules of the configuration at the context's time (`PlayContext.queuePolicy`, as play deals
/// them: duplicates and similar photos counted a card a group, the `[keep]` rule's suggestion).
private func queuePolicy(_ context: AppContext) -> QueuePolicy {
    PlayContext.queuePolicy(thresholds: context.thresholds, keptCooldownDays: context.configuration.play.keptCooldownDays,
                            now: context.now, calendar: context.calendar, keeper: KeeperRule(context.configuration.keep))
}
