import App
import FileSystem
import Game
import Library
import Scanning

/// How a scan report is shown: a short human summary, or the JSON DESIGN.md specifies.
enum ScanOutput {
    /// `similarChecked`: false for `--no-similar`, whose summary does not say how many similar photos there are.
    static func human(_ report: ScanReport, roots: [some CustomStringConvertible], bosses: [BossDefinition], similarChecked: Bool = true) -> String {
        let s = report.summary
        var lines = [
            "Scanned \(roots.map(\.description).joined(separator: ", ")) in \(String(format: "%.1f", report.elapsedSeconds)) s",
            "  \(plural(s.files, "file")), \(humanBytes(s.bytes)): \(plural(s.photos, "photo")), \(plural(s.videos, "video")), \(grouped(s.other)) other",
            "  (\(grouped(report.inspected)) read, \(grouped(report.unchanged)) unchanged, \(grouped(report.removed)) gone since the last scan)",
            "",
            "Candidates:",
            "  screenshots      \(grouped(s.screenshots))",
            "  big videos       \(grouped(s.bigVideos.count)) (\(humanBytes(s.bigVideos.bytes)))",
            "  old photos       \(grouped(s.oldPhotos.count)) (\(humanBytes(s.oldPhotos.bytes)))",
            "  duplicates       \(grouped(s.duplicates.groups)) groups, \(grouped(s.duplicates.files)) files, \(humanBytes(s.duplicates.reclaimableBytes)) reclaimable",
            similarChecked ? "  similar          \(grouped(s.similar.groups)) groups, \(grouped(s.similar.files)) files, \(humanBytes(s.similar.reclaimableBytes)) reclaimable"
                : "  similar          not checked (--no-similar)",
            "  bad shots        \(grouped(s.badShots.count)) (\(humanBytes(s.badShots.bytes))): blurry, dark, overexposed or taken by accident",
        ]
        if let videos = videoLine(report.videos) { lines.append(videos) }
        let protected = ProtectedOutput.lines(s.protected)
        if !protected.isEmpty { lines += [""] + protected }
        lines.append("")
        lines.append(next(s, bosses: bosses))
        return lines.joined(separator: "\n")
    }

    /// One line when videos were left out of similar videos: ffmpeg missing, or videos it could not sample.
    static func videoLine(_ videos: VideoComparison) -> String? {
        if videos.notCompared > 0 {
            return "  Videos were not compared: ffmpeg is not installed (apt-get install ffmpeg)."
        }
        if videos.withoutFingerprint > 0 {
            return "  \(plural(videos.withoutFingerprint, "video")) not compared: no frame could be decoded in time."
        }
        return nil
    }

    /// What to do next, fitted to what was found: the biggest pile's listing and the boss of `bosses` that deals it,
    /// or that there is nothing to clean.
    static func next(_ s: LibrarySummary, bosses: [BossDefinition]) -> String {
        let piles: [(filter: ItemFilter, queue: BossQueue, bytes: Int64, count: Int)] = [
            (.bigVideos, .videos, s.bigVideos.bytes, s.bigVideos.count),
            (.duplicates, .duplicates, s.duplicates.reclaimableBytes, s.duplicates.files),
            (.similar, .similar, s.similar.reclaimableBytes, s.similar.files),
            (.old, .old, s.oldPhotos.bytes, s.oldPhotos.count),
            (.screenshots, .screenshots, 0, s.screenshots),
            (.badShots, .badShots, s.badShots.bytes, s.badShots.count),
        ]
        guard s.files > 0 else { return "Nothing to clean here." }
        guard let best = piles.filter({ $0.count > 0 }).max(by: { ($0.bytes, $0.count) < ($1.bytes, $1.count) }) else {
            return "Nothing to clean here yet: no screenshots, big videos, old photos or copies."
        }
        let look = "`clean items --filter \(best.filter.rawValue)` to look"
        guard let boss = bosses.first(where: { $0.category == best.queue }) else { return "Next: \(look)." }
        return "Next: \(look), or `clean boss \(boss.name)` to play."
    }

    /// What could not be read, for stderr: the folders and the files apart, each with why (ten of each shown).
    static func problems(_ errors: [ScanIssue]) -> [String] {
        let folders = errors.filter { (try? NoLinks.status($0.path))?.kind == .directory }
        let files = errors.filter { issue in !folders.contains { $0.path == issue.path } }
        var lines: [String] = []
        for (issues, noun) in [(folders, "folder"), (files, "file")] where !issues.isEmpty {
            lines.append("clean: \(plural(issues.count, noun)) could not be read:")
            for issue in issues.prefix(10) { lines.append("  \(issue.path): \(issue.reason)") }
            if issues.count > 10 { lines.append("  … and \(issues.count - 10) more (clean scan --json lists them all)") }
        }
        return lines
    }
}
