import App
import Game

/// How the profile is shown: the JSON DESIGN.md specifies, or a short card of text.
enum ProfileOutput {
    /// Level badge and XP bar, streak and the last seven days, then the totals, in 80 columns.
    static func human(_ view: PlayerView, today: Day, style: Style = .plain) -> String {
        let p = view.profile
        let level = view.level
        let standing = p.standingStreak(on: today)
        let xp = level.isMaxLevel ? "\(grouped(p.totalXP)) XP · top level"
            : "\(grouped(p.totalXP)) XP · \(grouped(level.xpToNextLevel)) to go to level \(level.number + 1)"
        let achievements = "\(p.achievementsUnlocked.count) of \(view.rules.achievements.count)"
        var lines = [
            style.bold(style.cyan("Level \(level.number)")) + " · " + style.bold(level.title) + style.dim("  (tier \(view.tier.rawValue))"),
            style.bar(level.progress, width: 24) + " " + padLeft("\(Int((level.progress * 100).rounded(.down)))%", 4) + "  " + xp,
            "",
            style.bold("Streak") + " \(Home.days(standing)) · longest \(Home.days(p.longestStreak)) · freezes left \(p.freezesRemaining)",
            "  " + view.calendar.map { padRight(DayText.weekdays[$0.date.weekday - 1], 5) }.joined(),
            "  " + view.calendar.map { padRight(" " + Home.cell($0.state, style: style), 5) }.joined(),
            "",
        ]
        let rows: [(String, String, String, String)] = [
            ("Reviewed", plural(p.photosReviewed, "file"), "Rounds", grouped(p.roundsCompleted)),
            ("Deleted", plural(p.photosDeleted, "file"), "Bosses defeated",
             "\(p.bossDefeats.count) of \(view.rules.bosses.count)" + (p.weeklyBossDefeats.isEmpty ? "" : " + \(p.weeklyBossDefeats.count) weekly")),
            ("Freed", humanBytes(Int64(p.bytesFreed)), "Achievements", achievements),
        ]
        lines += rows.map { padRight($0.0, 10) + padRight($0.1, 20) + padRight($0.2, 17) + $0.3 }
        return lines.map(trimmedRight).joined(separator: "\n")
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
