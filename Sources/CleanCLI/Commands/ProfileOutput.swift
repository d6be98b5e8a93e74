import Game

/// How the profile is shown: the JSON DESIGN.md specifies, or a short card of text.
enum ProfileOutput {
    static func json(_ view: PlayerView) -> JSON {
        let p = view.profile
        return .object([
            ("totalXP", .int(p.totalXP)), ("level", .int(view.level.number)), ("levelTitle", .string(view.level.title)),
            ("levelProgress", .double(view.level.progress)), ("xpToNextLevel", .int(view.level.xpToNextLevel)),
            ("currentStreak", .int(p.currentStreak)), ("longestStreak", .int(p.longestStreak)),
            ("streakFreezesRemaining", .int(p.freezesRemaining)), ("tier", .string(view.tier.rawValue)),
            ("photosReviewed", .int(p.photosReviewed)), ("photosDeleted", .int(p.photosDeleted)),
            ("bytesFreed", .int(p.bytesFreed)), ("roundsCompleted", .int(p.roundsCompleted)),
            ("bossesDefeated", .int(p.bossesDefeated)), ("achievementsUnlocked", .int(p.achievementsUnlocked.count)),
            ("calendar", .array(view.calendar.map { .object([("date", .string($0.date.description)), ("state", .string($0.state.rawValue))]) })),
        ])
    }

    static func human(_ view: PlayerView) -> String {
        let p = view.profile
        let next = view.level.isMaxLevel ? "max level" : "\(grouped(view.level.xpToNextLevel)) XP to level \(view.level.number + 1)"
        return [
            "Level \(view.level.number) · \(view.level.title)",
            "\(progressBar(view.level.progress, width: 30)) \(grouped(p.totalXP)) XP (\(next))",
            "Streak: \(p.currentStreak) day\(p.currentStreak == 1 ? "" : "s") (longest \(p.longestStreak)) · freezes left: \(p.freezesRemaining) · tier: \(view.tier.rawValue)",
            "Last 7 days: " + view.calendar.map { symbol($0.state) }.joined(separator: " "),
            "Reviewed \(grouped(p.photosReviewed)) · deleted \(grouped(p.photosDeleted)) · freed \(humanBytes(Int64(p.bytesFreed)))",
            "Rounds \(grouped(p.roundsCompleted)) · bosses defeated \(p.bossesDefeated) · achievements \(p.achievementsUnlocked.count)",
        ].joined(separator: "\n")
    }

    static func symbol(_ state: CalendarDayState) -> String {
        switch state {
        case .completed: return "■"
        case .frozen: return "❄"
        case .missed: return "·"
        case .rest: return "r"
        case .vacation: return "v"
        case .today: return "□"
        }
    }
}

/// A text bar, e.g. `[██████░░░░]` for 0.6.
func progressBar(_ fraction: Double, width: Int) -> String {
    let filled = max(0, min(width, Int((fraction * Double(width)).rounded(.down))))
    return "[" + String(repeating: "█", count: filled) + String(repeating: "░", count: width - filled) + "]"
}
