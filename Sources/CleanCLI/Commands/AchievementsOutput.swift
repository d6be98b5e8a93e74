import App
import Foundation
import Game

/// How achievements are shown: the JSON DESIGN.md specifies, or a summary and three shelves of text.
enum AchievementsOutput {
    /// Summary (unlocked of total, by tier), then Unlocked with dates, In progress with bars, Locked.
    static func human(_ list: [AchievementStatus], new: Set<String> = [], rules: Rules, style: Style) -> String {
        guard !list.isEmpty else { return "No achievements in this category." }
        let unlocked = list.filter(\.unlocked)
        let inProgress = list.filter { !$0.unlocked && $0.progress > 0 }
        let locked = list.filter { !$0.unlocked && $0.progress == 0 }
        let tiers = AchievementTier.allCases.compactMap { tier -> String? in
            let all = list.filter { $0.tier == tier }
            return all.isEmpty ? nil : "\(tier.rawValue) \(all.filter(\.unlocked).count)/\(all.count)"
        }
        var lines = [style.bold("Achievements: \(unlocked.count) of \(list.count) unlocked") + " · " + tiers.joined(separator: " ")]
        if !unlocked.isEmpty {
            lines += ["", style.bold("Unlocked")]
            lines += unlocked.map { a in
                row(a, mark: style.green("✓"), rules: rules, style: style)
                    + (a.unlockedAt.map { style.dim(ISO8601.string($0).prefix(10).description) } ?? "")
                    + (new.contains(a.id) ? " " + style.bold(style.yellow("NEW")) : "")
            }
        }
        if !inProgress.isEmpty {
            lines += ["", style.bold("In progress")]
            lines += inProgress.map { a in
                row(a, mark: " ", rules: rules, style: style) + style.bar(Double(a.progress) / Double(max(1, a.required)), width: 8) + " "
                    + amount(a.progress, of: a)
            }
        }
        if !locked.isEmpty {
            lines += ["", style.bold("Locked")]
            lines += locked.map { row($0, mark: style.dim("·"), rules: rules, style: style) }
        }
        return lines.map(trimmedRight).joined(separator: "\n")
    }

    /// "  ✓ First Steps       bronze   Delete 1 file               " (59 columns: a bar of 10,
    /// a space and an amount of up to 10 still fit 80). Cut to its columns on a terminal only (`fitted`).
    private static func row(_ a: AchievementStatus, mark: String, rules: Rules, style: Style) -> String {
        "  " + mark + " " + padRight(fitted(a.title, 17), 17) + " " + padRight(tierText(a.tier, style: style), 9)
            + padRight(fitted(goal(a, rules: rules), 27), 27) + " "
    }

    private static func tierText(_ tier: AchievementTier, style: Style) -> String {
        switch tier {
        case .bronze: return style.yellow(tier.rawValue)
        case .silver: return tier.rawValue
        case .gold: return style.bold(style.yellow(tier.rawValue))
        case .platinum: return style.cyan(tier.rawValue)
        }
    }

    /// What unlocks it, in words: "Delete 100 photos", "Free 1.1 GB", "Reach a 7-day streak".
    static func goal(_ a: AchievementStatus, rules: Rules) -> String {
        let n = a.required
        let s = n == 1 ? "" : "s"
        switch a.metric {
        case .photosDeleted: return "Delete \(plural(n, "file"))"
        case .bytesFreed: return "Free \(humanBytes(Int64(n)))"
        case .streak: return "Reach a \(n)-day streak"
        case .bossesDefeated: return "Defeat \(grouped(n)) boss\(n == 1 ? "" : "es")"
        case .weeklyBossesDefeated: return "Defeat \(grouped(n)) weekly boss\(n == 1 ? "" : "es")"
        case .level: return "Reach level \(n)"
        case .roundsCompleted: return "Complete \(grouped(n)) round\(s)"
        case .bossKindsFought: return "Fight \(n) different boss\(n == 1 ? "" : "es")"
        case .earlyRounds: return "Finish \(n == 1 ? "a" : grouped(n)) round\(s) before \(rules.earlyRoundHour):00"
        case .lateRounds: return "Finish \(n == 1 ? "a" : grouped(n)) round\(s) after \(rules.lateRoundHour):00"
        case .daysCompletedInOneWeek: return "Play \(n) day\(s) in one week"
        case .roundsInOneDay: return "Complete \(n) round\(s) in a day"
        }
    }

    /// "42/100", or "312.5 MB" for bytes (the goal beside it says "Free 1.1 GB").
    private static func amount(_ value: Int, of a: AchievementStatus) -> String {
        a.metric == .bytesFreed ? humanBytes(Int64(value)) : "\(grouped(value))/\(grouped(a.required))"
    }
}
