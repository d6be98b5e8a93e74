import Foundation
import Game
import Play

/// One boss of `clean boss list --json` and `GET /api/v1/bosses`: the configured bosses, then this
/// week's (with `weeklyName`, `story`, `week` and `endsAt`).
package struct BossDocument: Encodable {
    let name: String
    let title: String
    let target: Int
    let progress: Int
    let defeated: Bool
    let xpReward: Int
    let available: Int
    let weekly: Bool
    let category: String?
    let weeklyName: String?
    let story: String?
    let difficulty: String
    let week: String?
    let endsAt: String?

    private enum Keys: String, CodingKey {
        case name, title, target, progress, defeated, xpReward, available, weekly, category, weeklyName, story, difficulty, week, endsAt
    }

    /// The configured bosses have `category`; the weekly one has its own four fields instead.
    package func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: Keys.self)
        try c.encode(name, forKey: .name)
        try c.encode(title, forKey: .title)
        try c.encode(target, forKey: .target)
        try c.encode(progress, forKey: .progress)
        try c.encode(defeated, forKey: .defeated)
        try c.encode(xpReward, forKey: .xpReward)
        try c.encode(available, forKey: .available)
        try c.encode(weekly, forKey: .weekly)
        if let category { try c.encode(category, forKey: .category) }
        if let weeklyName, let story {
            try c.encode(weeklyName, forKey: .weeklyName)
            try c.encode(story, forKey: .story)
        }
        try c.encode(difficulty, forKey: .difficulty)
        if let week, let endsAt {
            try c.encode(week, forKey: .week)
            try c.encode(endsAt, forKey: .endsAt)
        }
    }

    package static func list(_ bosses: [BossStatus], available: [String: Int], weekly: WeeklyBossView?, calendar: Calendar) -> [BossDocument] {
        var list = bosses.map { boss in
            BossDocument(name: boss.name, title: boss.title, target: boss.target, progress: boss.progress, defeated: boss.defeated,
                         xpReward: boss.xpReward, available: available[boss.name] ?? 0, weekly: false, category: boss.category.rawValue,
                         weeklyName: nil, story: nil,
                         difficulty: BossDifficulty.of(target: boss.target, progress: boss.progress, dealable: available[boss.name] ?? 0).rawValue,
                         week: nil, endsAt: nil)
        }
        if let weekly {
            let status = weekly.status
            list.append(BossDocument(name: "weekly", title: status.boss.title, target: status.target, progress: status.progress,
                                     defeated: status.defeated, xpReward: status.boss.xpReward, available: weekly.cards, weekly: true,
                                     category: nil, weeklyName: status.boss.name, story: status.boss.story,
                                     difficulty: BossDifficulty.of(target: status.target, progress: status.progress, dealable: weekly.cards).rawValue,
                                     week: status.week.description, endsAt: ISO8601.string(weekly.endsAt, timeZone: calendar.timeZone)))
        }
        return list
    }
}
