import Library

/// The cards each boss could deal now, by boss name ("screenshots", "videos", "old",
/// "duplicates", "similar"): the real card queues, so kept files in their cooldown, pending batches, files
/// in the trash and the kept copy of each duplicate group are left out. No library: no cards.
func dealableCards(context: AppContext) throws -> [String: [Card]] {
    guard let library = try context.existingLibrary() else { return [:] }
    let policy = QueuePolicy(thresholds: context.thresholds, keptCooldownDays: context.configuration.play.keptCooldownDays,
                             now: context.now, calendar: context.calendar)
    var cards: [String: [Card]] = [:]
    for name in ["screenshots", "videos", "old", "duplicates", "similar"] {
        cards[name] = try library.cards(CardCategory(boss: name), policy: policy)
    }
    return cards
}

/// How many cards each boss could deal now.
func dealableCounts(context: AppContext) throws -> [String: Int] {
    try dealableCards(context: context).mapValues(\.count)
}
