import Game

/// Why a file is a candidate, in the order a standard round deals them: a duplicate copy is the
/// clearest case, a big video frees the most, then screenshots, then old photos.
public enum CardCategory: String, Sendable, CaseIterable, Codable {
    case duplicates, similar, bigVideos, screenshots, oldPhotos, badShots, other

    /// The category a boss's queue deals.
    public init(_ queue: BossQueue) {
        switch queue {
        case .screenshots: self = .screenshots
        case .videos: self = .bigVideos
        case .old: self = .oldPhotos
        case .duplicates: self = .duplicates
        case .similar: self = .similar
        case .badShots: self = .badShots
        }
    }

    /// The categories whose cards are groups (the duplicates and similar queues), with the column that names a card's group.
    package static let groupCategories: [(CardCategory, String)] = [(.duplicates, "duplicateGroup"), (.similar, "similarGroup")]
    package static let groupColumn = Dictionary(uniqueKeysWithValues: groupCategories)
}
