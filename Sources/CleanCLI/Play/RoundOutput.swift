import App
import Foundation
import Game
import Play

/// How a round's result is shown to a person: a few lines of celebration (`RoundDocument` is its JSON).
enum RoundOutput {
    static func human(_ r: RoundReport) -> String {
        if r.dryRun {
            return "Dry run: \(plural(r.deleted, "card")) (\(humanBytes(r.bytesFreed))) would move to the trash. Nothing moved, nothing recorded."
        }
        if r.pending, let round = r.roundID {
            return """
                Nothing moved. The batch is waiting as round \(round):
                `clean pending confirm` moves it, `clean pending discard` drops it.
                """
        }
        // Cards and files apart when a group card made them differ ("reviewed 6 cards (12 files)").
        let reviewed = r.cards > 0 && r.cards != r.reviewed ? "\(plural(r.cards, "card")) (\(plural(r.reviewed, "file")))" : "\(r.reviewed)"
        var lines = ["Round over: reviewed \(reviewed) · kept \(r.kept) · deleted \(r.deleted)"]
        if r.deleted > 0 { lines.append("\(humanBytes(r.bytesFreed)) moved to the trash (recoverable)") }
        let bonuses = (r.multiplier == 1 ? [] : ["×\(r.multiplier.formatted()) streak bonus"])
            + (r.event.map { ["×\(r.eventMultiplier.formatted()) \($0)"] } ?? [])
        let multiplier = bonuses.isEmpty ? "" : " (" + bonuses.joined(separator: ", ") + ")"
        lines.append("+\(grouped(r.xpEarned)) XP\(multiplier) · level \(r.level) \(r.levelTitle)")
        if r.levelUp { lines.append("★ Level up! You are now level \(r.level): \(r.levelTitle)") }
        if r.currentStreak > 0 { lines.append("Streak: \(plural(r.currentStreak, "day"))") }
        if r.freezeUsed { lines.append("Streak saved! \(plural(r.freezesLeft, "freeze")) left") }
        for title in r.achievementsUnlocked { lines.append("🏆 Achievement unlocked: \(title)") }
        if r.bossDefeated { lines.append("👑 Boss defeated!") }
        for title in r.challengesCompleted { lines.append("✔ Challenge complete: \(title)") }
        if r.recycled > 0 { lines.append("(\(r.recycled) of these had been deleted and restored before: no XP again)") }
        if r.deleted > 0 { lines.append("Changed your mind? `clean restore --round \(r.roundID ?? 0)` puts them back.") }
        return lines.joined(separator: "\n")
    }
}

extension RoundOutput {
    /// What did not go as asked, for stderr: the files not moved and why, the linked files left behind.
    static func problems(_ r: RoundReport) -> [String] {
        var lines: [String] = []
        if !r.skipped.isEmpty {
            lines.append("clean: not moved (\(plural(r.skipped.count, "file"))):")
            for skip in r.skipped { lines.append("  \(skip.path): \(skip.reason)") }
        }
        for left in r.leftBehind { lines.append("clean: left behind \(left.path): \(left.reason)") }
        return lines
    }
}

private extension Double {
    func formatted() -> String { self == rounded() ? String(Int(self)) : String(self) }
}
