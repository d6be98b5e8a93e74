import Foundation

/// The card queue a boss deals from: one kind of candidate the index knows.
public enum BossQueue: String, Codable, Sendable, CaseIterable {
    /// Screenshots.
    case screenshots
    /// Videos over the big-video size.
    case videos
    /// Photos captured before the old-photo line.
    case old
    /// Extra copies of identical files (never the kept copy).
    case duplicates
    /// Near-duplicates and burst frames (never the photo a group keeps).
    case similar
    /// Blurry, dark, overexposed and accidental photos.
    case badShots = "bad-shots"
}

/// One boss: a queue of files to confirm deletions of, defeated once when `target` is reached.
public struct BossDefinition: Codable, Sendable, Equatable {
    /// The name on the command line (`clean boss NAME`): "screenshots", "videos", "old", "duplicates", "similar", or any other.
    public var name: String
    public var title: String
    /// What the boss's cards are, in a few words.
    public var summary: String
    /// The queue its battles deal. A config written before this key existed names the queue by the boss's name.
    public var category: BossQueue
    /// Confirmed deletions that defeat the boss.
    public var target: Int
    /// XP added to the round that defeats it (before the streak multiplier).
    public var xpReward: Int

    public init(name: String, title: String, summary: String, category: BossQueue, target: Int, xpReward: Int) {
        self.name = name
        self.title = title
        self.summary = summary
        self.category = category
        self.target = target
        self.xpReward = xpReward
    }

    private enum CodingKeys: String, CodingKey { case name, title, summary, category, target, xpReward }

    /// Decodes `category` when given; without it, the boss's name must be a queue's (as in configs before the key).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        name = try container.decode(String.self, forKey: .name)
        title = try container.decode(String.self, forKey: .title)
        summary = try container.decode(String.self, forKey: .summary)
        target = try container.decode(Int.self, forKey: .target)
        xpReward = try container.decode(Int.self, forKey: .xpReward)
        if let category = try container.decodeIfPresent(String.self, forKey: .category) {
            guard let queue = BossQueue(rawValue: category) else {
                throw DecodingError.dataCorruptedError(forKey: .category, in: container, debugDescription:
                    "'\(category)' is not a card queue; choose \(BossQueue.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            self.category = queue
        } else if let queue = BossQueue(rawValue: name) {
            category = queue
        } else {
            throw DecodingError.keyNotFound(CodingKeys.category, .init(codingPath: container.codingPath, debugDescription:
                "boss '\(name)' needs a category: \(BossQueue.allCases.map(\.rawValue).joined(separator: ", "))"))
        }
    }
}

extension Rules {
    /// The boss fought with `clean boss NAME`, or nil.
    public func boss(named name: String) -> BossDefinition? {
        bosses.first { $0.name == name }
    }
}

/// A boss as `clean boss list` shows it (without `available`, which only the library knows).
public struct BossStatus: Codable, Sendable, Equatable {
    public var name: String
    public var title: String
    public var category: BossQueue
    public var target: Int
    public var progress: Int
    public var defeated: Bool
    public var defeatedAt: Date?
    public var xpReward: Int
}

/// Boss progress kept across sessions, and the moment a boss falls.
public enum Bosses {
    /// Progress and defeats after `confirmed` deletions toward the boss `name` at `now`; the boss that fell
    /// (only the first time progress reaches the target), or nil. Unknown names and non-positive counts change nothing.
    public static func record(confirmed: Int, toward name: String, at now: Date, progress: [String: Int],
                              defeats: [String: Date], rules: Rules) -> BossRecord {
        guard let boss = rules.boss(named: name), confirmed > 0 else {
            return BossRecord(progress: progress, defeats: defeats, defeated: nil)
        }
        var progress = progress
        var defeats = defeats
        let total = (progress[name] ?? 0).saturatingAdd(confirmed)
        progress[name] = total
        guard defeats[name] == nil, total >= boss.target else {
            return BossRecord(progress: progress, defeats: defeats, defeated: nil)
        }
        defeats[name] = now
        return BossRecord(progress: progress, defeats: defeats, defeated: boss)
    }

    /// Every boss in rules order with the profile's progress (capped at the target) and defeat.
    public static func list(for profile: Profile, rules: Rules) -> [BossStatus] {
        rules.bosses.map { boss in
            BossStatus(name: boss.name, title: boss.title, category: boss.category, target: boss.target,
                       progress: min(profile.bossProgress[boss.name] ?? 0, boss.target),
                       defeated: profile.bossDefeats[boss.name] != nil, defeatedAt: profile.bossDefeats[boss.name],
                       xpReward: boss.xpReward)
        }
    }
}

/// Boss progress and defeats after a battle.
public struct BossRecord: Sendable, Equatable {
    public let progress: [String: Int]
    public let defeats: [String: Date]
    /// The boss defeated by this battle, if any.
    public let defeated: BossDefinition?
}
