import Foundation
import Game

/// One entry of `clean achievements --json`.
package struct AchievementDocument: Encodable {
    let id: String
    let title: String
    let category: String
    let tier: String
    let metric: String
    let required: Int
    let progress: Int
    let unlocked: Bool
    let unlockedAt: String?
    /// Unlocked since the achievements were last shown.
    let new: Bool

    package init(_ a: AchievementStatus, new: Bool) {
        id = a.id
        title = a.title
        category = a.category.rawValue
        tier = a.tier.rawValue
        metric = a.metric.rawValue
        required = a.required
        progress = a.progress
        unlocked = a.unlocked
        unlockedAt = a.unlockedAt.map { ISO8601.string($0) }
        self.new = new
    }

    package static func list(_ list: [AchievementStatus], new: Set<String> = []) -> [AchievementDocument] {
        list.map { AchievementDocument($0, new: new.contains($0.id)) }
    }
}
