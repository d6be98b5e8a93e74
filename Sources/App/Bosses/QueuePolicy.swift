import Deck
import Keeping
import Library
import Play

/// The queues' rules of the configuration at the context's time (`PlayContext.queuePolicy`, as play deals
/// them: duplicates and similar photos counted a card a group, the `[keep]` rule's suggestion): what the boss
/// board counts the cards each boss could deal by, so kept files in their cooldown, pending batches, files in the
/// trash and the kept copy of each group are left out.
func queuePolicy(_ context: AppContext) -> QueuePolicy {
    PlayContext.queuePolicy(thresholds: context.thresholds, keptCooldownDays: context.configuration.play.keptCooldownDays,
                            now: context.now, calendar: context.calendar, keeper: KeeperRule(context.configuration.keep))
}
