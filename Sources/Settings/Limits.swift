import Game

/// The range every number of the configuration must lie in: checked when a file is read (so a
/// round end never meets a number it cannot add up), shown by `clean config` beside each key.
///
/// Keys are dotted as in the file; `[]` stands for each element of an array.
enum Limits {
    struct Limit: Sendable {
        let key: String
        let range: Range
        /// The setting's values: one for a plain key, one per element for `[]`, none for an absent optional.
        let values: @Sendable (Configuration) -> [Number]
    }

    enum Range: Sendable {
        case integer(ClosedRange<Int>)
        case real(ClosedRange<Double>)
        /// How many elements an array may have.
        case count(ClosedRange<Int>)

        var text: String {
            switch self {
            case .integer(let range): "\(range.lowerBound)…\(range.upperBound)"
            case .real(let range): "\(range.lowerBound)…\(range.upperBound)"
            case .count(let range): "\(range.lowerBound)…\(range.upperBound) entries"
            }
        }

        func contains(_ number: Number) -> Bool {
            switch (self, number) {
            case let (.integer(range), .integer(value)), let (.count(range), .integer(value)): range.contains(value)
            case let (.real(range), .real(value)): range.contains(value)
            default: false
            }
        }
    }

    enum Number: Sendable, CustomStringConvertible {
        case integer(Int)
        case real(Double)
        var description: String {
            switch self {
            case .integer(let value): "\(value)"
            case .real(let value): "\(value)"
            }
        }
    }

    private static func integer(_ key: String, _ range: ClosedRange<Int>, _ values: @escaping @Sendable (Configuration) -> [Int?]) -> Limit {
        Limit(key: key, range: .integer(range)) { values($0).compactMap { $0.map(Number.integer) } }
    }

    static let all: [Limit] = [
        integer("scan.big_video_bytes", 1...(1 << 50), { [Int($0.scan.bigVideoBytes)] }),
        integer("scan.old_photo_years", 0...200, { [$0.scan.oldPhotoYears] }),
        integer("scan.jobs", 0...256, { [$0.scan.jobs] }),
        integer("trash.retention_days", 0...3650, { [$0.trash.retentionDays] }),
        integer("trash.auto_empty_days", 0...3650, { [$0.trash.autoEmptyDays] }),
        integer("play.round_seconds", 1...3600, { [$0.play.roundSeconds] }),
        integer("play.kept_cooldown_days", 0...3650, { [$0.play.keptCooldownDays] }),
        Limit(key: "game.multiplier_ladder", range: .count(1...20)) { [.integer($0.game.multiplierLadder.count)] },
        Limit(key: "game.multiplier_ladder[]", range: .real(1.0...10.0)) { $0.game.multiplierLadder.map(Number.real) },
        integer("game.evening_nudge_hour", 0...23, { [$0.game.eveningNudgeHour] }),
        integer("game.early_round_hour", 0...24, { [$0.game.earlyRoundHour] }),
        integer("game.late_round_hour", 0...24, { [$0.game.lateRoundHour] }),
        integer("game.daily_challenges", 0...10, { [$0.game.dailyChallenges] }),
        integer("game.weekly_challenges", 0...10, { [$0.game.weeklyChallenges] }),
        integer("game.xp.per_photo_deleted", 0...1000, { [$0.game.xp.perPhotoDeleted] }),
        integer("game.xp.per_round", 0...10_000, { [$0.game.xp.perRound] }),
        integer("game.xp.bonus_bytes_step", 1...(1 << 40), { [$0.game.xp.bonusBytesStep] }),
        integer("game.xp.per_bonus_step", 0...10_000, { [$0.game.xp.perBonusStep] }),
        integer("game.tiers.free.freezes_per_week", 0...7, { [$0.game.tiers.free.freezesPerWeek] }),
        integer("game.tiers.free.swipe_seconds_per_day", 1...86_400, { [$0.game.tiers.free.swipeSecondsPerDay] }),
        integer("game.tiers.free.undos_per_day", 0...1000, { [$0.game.tiers.free.undosPerDay] }),
        integer("game.tiers.pro.freezes_per_week", 0...7, { [$0.game.tiers.pro.freezesPerWeek] }),
        Limit(key: "game.levels", range: .count(1...100)) { [.integer($0.game.levels.count)] },
        integer("game.levels[].xp_required", 0...1_000_000_000, { $0.game.levels.map(\.xpRequired) }),
        integer("game.achievements[].required", 1...(1 << 50), { $0.game.achievements.map(\.required) }),
        integer("game.bosses[].target", 1...100_000, { $0.game.bosses.map(\.target) }),
        integer("game.bosses[].xp_reward", 0...100_000, { $0.game.bosses.map(\.xpReward) }),
        integer("game.weekly_bosses[].target", 1...100_000, { $0.game.weeklyBosses.map(\.target) }),
        integer("game.weekly_bosses[].xp_reward", 0...100_000, { $0.game.weeklyBosses.map(\.xpReward) }),
        Limit(key: "game.events[].multiplier", range: .real(1.0...10.0)) { $0.game.events.map { Number.real($0.multiplier) } },
        integer("game.challenges[].target", 1...(1 << 50), { $0.game.challenges.map(\.target) }),
        integer("game.challenges[].xp_reward", 0...100_000, { $0.game.challenges.map(\.xpReward) }),
        integer("similar.max_distance", 0...20, { [$0.similar.maxDistance] }),
        Limit(key: "quality.strictness", range: .real(0.5...2.0)) { [Number.real($0.quality.strictness)] },
    ]

    /// The first number outside its range, as an error naming the key (with the element's index) and the file.
    static func check(_ configuration: Configuration, file: String) throws(ConfigError) {
        for limit in all {
            for (index, value) in limit.values(configuration).enumerated() where !limit.range.contains(value) {
                let key = limit.key.replacingOccurrences(of: "[]", with: "[\(index)]")
                throw .outOfRange(file: file, key: key, range: limit.range.text, value: value.description)
            }
        }
    }

    /// What `clean config` writes beside `key` (dotted, `[]` for elements of an array of tables).
    static func note(for key: String) -> String? {
        let notes = all.filter { $0.key == key || $0.key == key + "[]" }.map { limit in
            limit.key.hasSuffix("[]") && limit.key != key ? "each \(limit.range.text)" : limit.range.text
        }
        return notes.isEmpty ? nil : notes.joined(separator: ", ")
    }
}
