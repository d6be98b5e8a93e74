import Foundation

/// How hard a boss is now (the seed's Easy / Medium / Hard): the deletions it still needs against the cards
/// the library can deal it. The same rule for every boss, shipped, configured or weekly.
public enum BossDifficulty: String, Codable, Sendable, CaseIterable {
    /// The library holds at least twice the deletions still needed (or none are needed).
    case easy
    /// Enough cards, but most of them must go.
    case medium
    /// Fewer cards than deletions needed: more must be scanned, or kept files come back after their cooldown.
    case hard

    public static func of(target: Int, progress: Int, dealable: Int) -> BossDifficulty {
        let needed = max(0, target.saturatingSubtract(max(0, progress)))
        if needed == 0 || max(0, dealable) >= needed.saturatingMultiply(2) { return .easy }
        return dealable >= needed ? .medium : .hard
    }
}
