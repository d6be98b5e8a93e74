import Foundation
import Game

/// One boss of `clean boss list --json`, `GET /api/v1/bosses` and the home's `bosses`: a `BossStanding` as JSON. The
/// configured bosses have `category`; this week's (named `weekly`) has `weeklyName`, `story`, `week` and `endsAt`.
package struct BossDocument: Encodable {
    let standing: BossStanding
    let calendar: Calendar

    private enum Keys: String, CodingKey {
        case name, title, target, progress, defeated, xpReward, available, availableCounted, bytes, weekly, category, weeklyName, story
        case difficulty, week, endsAt
    }

    package init(_ standing: BossStanding, calendar: Calendar) {
        self.standing = standing
        self.calendar = calendar
    }

    package static func list(_ board: BossBoard, calendar: Calendar) -> [BossDocument] {
        board.bosses.map { BossDocument($0, calendar: calendar) }
    }

    package func encode(to encoder: any Encoder) throws {
        let s = standing
        var c = encoder.container(keyedBy: Keys.self)
        try c.encode(s.name, forKey: .name)
        try c.encode(s.title, forKey: .title)
        try c.encode(s.target, forKey: .target)
        try c.encode(s.progress, forKey: .progress)
        try c.encode(s.defeated, forKey: .defeated)
        try c.encode(s.xpReward, forKey: .xpReward)
        try c.encode(s.cards, forKey: .available)
        try c.encode(s.cardsCounted, forKey: .availableCounted)
        try c.encodeIfPresent(s.bytes, forKey: .bytes)
        try c.encode(s.weekly != nil, forKey: .weekly)
        if let queue = s.queue { try c.encode(queue.rawValue, forKey: .category) }
        if let weekly = s.weekly {
            try c.encode(weekly.name, forKey: .weeklyName)
            try c.encode(weekly.story, forKey: .story)
        }
        try c.encode(s.difficulty.rawValue, forKey: .difficulty)
        if let weekly = s.weekly {
            try c.encode(weekly.week.description, forKey: .week)
            try c.encode(ISO8601.string(weekly.endsAt, timeZone: calendar.timeZone), forKey: .endsAt)
        }
    }
}
