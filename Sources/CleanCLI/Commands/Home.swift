import Foundation
import Game
import Library

/// The home screen (`clean` with no arguments): level, XP bar, streak and its calendar,
/// freezes, the evening nudge, and one concrete suggestion of what to do next.
enum Home {
    static func render(context: AppContext) throws -> String {
        let view = try PlayerView(context: context)
        let p = view.profile
        var lines = ProfileOutput.human(view).split(separator: "\n").prefix(4).map(String.init)
        if Nudge.evening(p, now: context.now, calendar: context.calendar, rules: view.rules) {
            lines.append("")
            lines.append("Your \(p.currentStreak)-day streak ends at midnight: one round keeps it.")
        }
        lines.append("")
        lines.append(try suggestion(context: context))
        return lines.joined(separator: "\n")
    }

    /// The candidate pile with the most bytes, as a command to run.
    static func suggestion(context: AppContext) throws -> String {
        guard let library = try context.existingLibrary() else {
            return "Start with `clean scan ~/Pictures` (or a mounted phone's DCIM folder)."
        }
        let s = try library.summary(thresholds: context.thresholds)
        let piles: [(String, Int, Int64, String)] = [
            ("screenshots", s.screenshots, s.screenshotBytes, "clean boss screenshots"),
            ("big videos", s.bigVideos.count, s.bigVideos.bytes, "clean boss videos"),
            ("old photos", s.oldPhotos.count, s.oldPhotos.bytes, "clean boss old"),
            ("duplicate copies", s.duplicates.files - s.duplicates.groups, s.duplicates.reclaimableBytes, "clean boss duplicates"),
        ]
        guard let best = piles.filter({ $0.1 > 0 }).max(by: { $0.2 < $1.2 }) else {
            return "Nothing to clean in the index. Scan another folder: `clean scan DIR`."
        }
        return "\(grouped(best.1)) \(best.0), \(humanBytes(best.2)): `\(best.3)`"
    }
}
