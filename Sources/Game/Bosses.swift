import Foundation

/// One boss: a category of files to confirm deletions of, defeated once when `target` is reached.
public struct BossDefinition: Codable, Sendable, Equatable {
    /// The name on the command line: "screenshots", "videos", "old", "duplicates".
    public var name: String
    public var title: String
    /// What the boss's cards are, in a few words.
    public var summary: String
    /// Confirmed deletions that defeat the boss.
    public var target: Int
    /// XP added to the round that defeats it (before the streak multiplier).
    public var xpReward: Int

    public init(name: String, title: String, summary: String, target: Int, xpReward: Int) {
        self.name = name
        self.title = title
        self.summary = summary
        self.target = target
        self.xpReward = xpReward
    }
}

/// A boss as `clean boss list` shows it (without `available`, which only the library knows).
public struct BossStatus: Codable, Sendable, Equatable {
    public var name: String
    public var title: String
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
        guard let boss = rules.bosses.first(where: { $0.name == name }), confirmed > 0 else {
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
            BossStatus(name: boss.name, title: boss.title, target: boss.target,
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
