import App
import ArgumentParser
import Foundation
import Game
import Library
import Scanning

extension Clean {
    /// `clean report`: the storage recovered.
    struct Report: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Show the storage you have recovered: net of restores, by kind and by day.")

        @Option(help: "Only what was deleted on or after this day (YYYY-MM-DD).")
        var since: String?

        @Flag(help: "One JSON document on stdout.")
        var json = false

        @Option(help: ArgumentHelp("Also write the report as one self-contained HTML page with charts.", valueName: "file"))
        var html: String?

        /// A value that does not fit is a usage error (64), as a parse error is.
        func validate() throws {
            if let since, Day(string: since) == nil { throw ValidationError("--since '\(since)' is not a date like 2026-03-01") }
        }

        func run() throws {
            let day = since.flatMap(Day.init(string:))
            let view = try AppService(environment: ProcessInfo.processInfo.environment).storage(since: day, libraryTotals: !json || html != nil)
            if let html { try ReportHTML.write(view.html(inApp: false), to: html) }
            if json {
                try printDocument(view.document)
                if let html { Terminal.warn("Wrote \(html)") }
            } else if let html {
                print("Wrote \(html)")
            } else {
                print(ReportOutput.human(view))
            }
        }
    }
}

/// How the storage report is shown: DESIGN.md's JSON, or text with a 30-day bar chart.
enum ReportOutput {
    static func human(_ view: StorageView) -> String {
        human(view.report, today: view.today, first: view.first, now: view.now, protected: view.protected)
    }

    /// `categories`: the rows "By kind" lists (every category; a test adds one).
    static func human(_ r: StorageReport, today: Day, first: ScanRunRecord?, now: IndexTotals?, protected: [ProtectedStore] = [],
                      categories: [CategoryRow] = CategoryRow.all) -> String {
        var lines = [
            "Storage recovered: \(humanBytes(r.bytesFreed)) (\(plural(r.filesDeleted - r.filesRestored, "file")))",
            "  in the trash, recoverable: \(humanBytes(r.bytesInTrash)) · freed for good: \(humanBytes(r.bytesPurged))",
            "  restored: \(plural(r.filesRestored, "file")) (\(humanBytes(r.bytesRestored)))",
            "",
            "By kind:",
        ]
        for row in categories {
            let tally = r.byCategory[row.key] ?? .init()
            lines.append("  \(padRight(truncated(row.label, 16), 16)) \(String(tally.files).leftPadded(6)) files  \(humanBytes(tally.bytes).leftPadded(10))")
        }
        lines.append("")
        lines.append("Last 30 days:")
        let days = (0..<30).map { today.adding(days: $0 - 29) }
        let peak = max(1, days.map { r.byDay[$0]?.bytes ?? 0 }.max() ?? 1)
        for day in days where r.byDay[day] != nil || day == today {
            let bytes = r.byDay[day]?.bytes ?? 0
            let width = Int((Double(bytes) / Double(peak) * 40).rounded(.up))
            lines.append("  \(day) \(String(repeating: "█", count: width))\(bytes > 0 ? " " : "")\(humanBytes(bytes))")
        }
        if !r.biggest.isEmpty {
            lines.append("")
            lines.append("Biggest wins:")
            for file in r.biggest { lines.append("  \(humanBytes(file.size).leftPadded(10))  \(file.rawOriginalPath)") }
        }
        if let first, let now {
            lines.append("")
            lines.append("Library: \(grouped(first.files)) files, \(humanBytes(first.bytes)) at the first scan; \(grouped(now.files)) files, \(humanBytes(now.bytes)) indexed now")
        }
        let stores = ProtectedOutput.lines(protected)
        if !stores.isEmpty { lines += [""] + stores }
        return lines.joined(separator: "\n")
    }
}

extension String {
    func leftPadded(_ width: Int) -> String { count >= width ? self : String(repeating: " ", count: width - count) + self }
}
