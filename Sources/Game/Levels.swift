import Foundation

/// One level: its title and the cumulative XP that reaches it. The level's number is its place in the sorted list.
public struct LevelDefinition: Codable, Sendable, Equatable {
    public var title: String
    /// Total XP at which this level is reached.
    public var xpRequired: Int

    public init(title: String, xpRequired: Int) {
        self.title = title
        self.xpRequired = xpRequired
    }
}

/// Where a total of XP stands: level, title, and the way to the next level.
public struct LevelStatus: Codable, Sendable, Equatable {
    /// 1 for the first level.
    public var number: Int
    public var title: String
    /// XP at which the current level was reached.
    public var xpRequired: Int
    /// XP at which the next level is reached; nil at the top level.
    public var nextLevelXP: Int?
    /// Fraction of the way from this level to the next, 0…1; 1 at the top level.
    public var progress: Double
    /// XP still missing for the next level; 0 at the top level.
    public var xpToNextLevel: Int
    /// Whether there is no level above.
    public var isMaxLevel: Bool { nextLevelXP == nil }
}

/// Levels from total XP.
public enum Levels {
    /// The status of `totalXP` against `levels` (sorted by XP here, so a user's unsorted list still works).
    /// Never divides by zero: an empty list is one untitled level, equal thresholds count as the later level.
    public static func status(forXP totalXP: Int, levels: [LevelDefinition]) -> LevelStatus {
        let sorted = levels.enumerated().sorted { ($0.element.xpRequired, $0.offset) < ($1.element.xpRequired, $1.offset) }.map(\.element)
        guard let index = sorted.lastIndex(where: { $0.xpRequired <= totalXP }) ?? (sorted.isEmpty ? nil : 0) else {
            return LevelStatus(number: 1, title: "", xpRequired: 0, nextLevelXP: nil, progress: 1, xpToNextLevel: 0)
        }
        let current = sorted[index]
        guard index + 1 < sorted.count else {
            return LevelStatus(number: index + 1, title: current.title, xpRequired: current.xpRequired,
                               nextLevelXP: nil, progress: 1, xpToNextLevel: 0)
        }
        let next = sorted[index + 1].xpRequired
        let span = Double(next) - Double(current.xpRequired)
        let progress = span > 0 ? (Double(totalXP) - Double(current.xpRequired)) / span : 0
        return LevelStatus(number: index + 1, title: current.title, xpRequired: current.xpRequired, nextLevelXP: next,
                           progress: min(1, max(0, progress)), xpToNextLevel: max(0, next.saturatingSubtract(totalXP)))
    }
}
