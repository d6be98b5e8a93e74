import Library

/// How many cards each boss could deal now, by boss name ("screenshots", "videos", "old", "duplicates").
///
/// For now this counts the indexed items of each boss's filter; the play module will replace the body
/// with the real card-queue count (cooldowns, pending batches, kept twins). No library: no cards.
func dealableCounts(context: AppContext) throws -> [String: Int] {
    guard let library = try context.existingLibrary() else { return [:] }
    let filters: [(String, ItemFilter)] = [
        ("screenshots", .screenshots), ("videos", .bigVideos), ("old", .old), ("duplicates", .duplicates),
    ]
    var counts: [String: Int] = [:]
    for (boss, filter) in filters {
        var count = 0
        try library.forEachItem(filter, thresholds: context.thresholds) { _ in count += 1 }
        counts[boss] = count
    }
    return counts
}
