import Play
import Foundation
import Game
import Glibc
import Library
import Scanning

/// `clean report --html FILE`: the storage report as one self-contained page (inline CSS and
/// SVG, no script, nothing fetched), written atomically next to where it will live.
package enum ReportHTML {
    package static let trashColor = "#2ea66f", purgedColor = "#1f6f4a"

    // MARK: - The page

    /// The page; `inApp` draws it in the web app's dark theme and points to its Trash page, not to a command.
    /// `categories`: the rows "By kind" lists (every category; a test adds one).
    package static func page(_ r: StorageReport, today: Day, since: Day?, first: ScanRunRecord?, now: IndexTotals?, calendar: Calendar,
                             inApp: Bool = false, categories: [CategoryRow] = CategoryRow.all) -> String {
        let scope = since.map { "Since \(longDate($0))" } ?? "All time"
        let footer = inApp ? "Sizes in decimal units (1 MB = 1,000,000 bytes); hover or tap a bar for its exact numbers."
            : "Made by <code>clean report --html</code>. Sizes in decimal units (1 MB = 1,000,000 bytes); hover a bar for its exact numbers. This page loads nothing from anywhere."
        return """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <meta name="generator" content="SwipeClean \(inApp ? "web app" : "clean report --html")">
            <title>SwipeClean — your cleanup</title>
            <style>\(css)\(inApp ? appTheme : "")</style>
            </head>
            <body>
            <main>
            <header><h1>Your cleanup</h1><p class="scope">\(escapeHTML(scope)) · report of \(escapeHTML(longDate(today)))</p></header>
            \(headline(r, restoreHint: inApp ? "the Trash page brings them back" : "clean restore brings them back"))
            <section id="categories"><h2>By kind</h2>
            \(byKind(r, categories))
            </section>
            <section id="days"><h2>Last 30 days</h2>
            \(days(r, today: today, since: since))
            </section>
            <section id="biggest"><h2>Biggest wins</h2>
            \(biggest(r, calendar: calendar, categories: categories))
            </section>
            <section id="library"><h2>Your library, then and now</h2>
            \(library(first: first, now: now, calendar: calendar))
            </section>
            <footer>\(footer)</footer>
            </main>
            </body>
            </html>

            """
    }

    private static func headline(_ r: StorageReport, restoreHint: String) -> String {
        let purgedFiles = r.filesDeleted - r.filesRestored - r.filesInTrash
        let tiles = [
            // Only what left the trash is space given back: a file in the trash still takes its room on the disk.
            tile("bytesFreed", r.bytesFreed, "Moved out of your library", ByteCount.human(r.bytesFreed), "\(files(r.filesDeleted - r.filesRestored)), net of restores", main: true),
            tile("bytesInTrash", r.bytesInTrash, "In the trash, still on the disk", ByteCount.human(r.bytesInTrash), "\(files(r.filesInTrash)) · \(restoreHint); emptying it frees the space"),
            tile("bytesPurged", r.bytesPurged, "Space freed for good", ByteCount.human(r.bytesPurged), "\(files(purgedFiles)) emptied from the trash"),
            tile("filesRestored", Int64(r.filesRestored), "Restored", files(r.filesRestored), "\(ByteCount.human(r.bytesRestored)) put back"),
        ]
        let split = SVGChart.split([("In the trash: \(ByteCount.human(r.bytesInTrash))", r.bytesInTrash, trashColor),
                                    ("Deleted for good: \(ByteCount.human(r.bytesPurged))", r.bytesPurged, purgedColor)],
                                   title: "Moved out: in the trash vs deleted for good")
        let legend = "<p class=\"legend\"><span class=\"swatch\" style=\"background:\(trashColor)\"></span>in the trash, recoverable <span class=\"swatch\" style=\"background:\(purgedColor)\"></span>deleted for good</p>"
        // A heading for screen readers between the page's h1 and the tiles' h3 (headings step one level at a time).
        return "<section id=\"headline\"><h2 class=\"sr\">At a glance</h2><div class=\"tiles\">\(tiles.joined())</div>\(split)\(legend)</section>"
    }

    private static func tile(_ metric: String, _ value: Int64, _ title: String, _ figure: String, _ note: String, main: Bool = false) -> String {
        "<div class=\"tile\(main ? " main" : "")\" data-metric=\"\(metric)\" data-value=\"\(value)\"><h3>\(escapeHTML(title))</h3>"
            + "<p class=\"figure\" title=\"\(Words.grouped(Int(value)))\(metric.hasPrefix("bytes") ? " bytes" : " files")\">\(escapeHTML(figure))</p>"
            + "<p class=\"note\">\(escapeHTML(note))</p></div>"
    }

    private static func byKind(_ r: StorageReport, _ categories: [CategoryRow]) -> String {
        let rows = categories.map { row in
            let tally = r.byCategory[row.key] ?? .init()
            return SVGChart.Row(label: row.title, value: tally.bytes, valueText: "\(files(tally.files)) · \(ByteCount.human(tally.bytes))",
                                color: row.color, data: [("category", row.key), ("files", String(tally.files)), ("bytes", String(tally.bytes))])
        }
        return SVGChart.rows(rows, title: "Moved out of your library, by kind")
    }

    private static func days(_ r: StorageReport, today: Day, since: Day?) -> String {
        let columns = (0..<30).map { offset -> SVGChart.Column in
            let day = today.adding(days: offset - 29)
            let tally = r.byDay[day] ?? .init()
            let labelled = offset % 5 == 4   // every fifth day, ending today
            return SVGChart.Column(value: tally.bytes, label: labelled ? shortDate(day) : nil,
                                   title: "\(day): \(files(tally.files)), \(ByteCount.human(tally.bytes))",
                                   highlighted: day == today, outside: since.map { day < $0 } ?? false,
                                   data: [("date", day.description), ("files", String(tally.files)), ("bytes", String(tally.bytes))])
        }
        let earlier = r.byDay.keys.filter { $0 < today.adding(days: -29) }.reduce(Int64(0)) { $0 + r.byDay[$1]!.bytes }
        let note = earlier > 0 ? "<p class=\"note\">Plus \(escapeHTML(ByteCount.human(earlier))) recovered before \(escapeHTML(longDate(today.adding(days: -29)))).</p>" : ""
        let shaded = since.map { $0 > today.adding(days: -29) ? "<p class=\"note\">Shaded days are before \(escapeHTML(longDate($0))), outside this report.</p>" : "" } ?? ""
        return SVGChart.columns(columns, title: "Bytes recovered per day over the last 30 days", empty: "Nothing deleted in these 30 days",
                                valueText: { ByteCount.human($0) }) + note + shaded
    }

    private static func biggest(_ r: StorageReport, calendar: Calendar, categories: [CategoryRow]) -> String {
        guard !r.biggest.isEmpty else { return "<p class=\"empty\">Nothing deleted yet: play a round with <code>clean round</code>.</p>" }
        let rows = r.biggest.enumerated().map { index, file in
            let kind = CategoryRow.row(file.category, among: categories)
            return "<tr><td class=\"rank\">\(index + 1)</td><td class=\"size\" title=\"\(Words.grouped(Int(file.size))) bytes\">\(escapeHTML(ByteCount.human(file.size)))</td>"
                + "<td class=\"kind\"><span class=\"swatch\" style=\"background:\(kind.color)\"></span>\(escapeHTML(kind.title))</td>"
                + "<td class=\"day\">\(Day(file.deletedAt, in: calendar))</td>"
                + "<td class=\"path\">\(escapeHTML(file.rawOriginalPath.description))\(file.purgedAt == nil ? "" : " <span class=\"tag\">deleted for good</span>")</td></tr>"
        }
        return "<table><thead><tr><th>#</th><th>Size</th><th>Kind</th><th>Deleted</th><th>Was at</th></tr></thead><tbody>\n"
            + rows.joined(separator: "\n") + "\n</tbody></table>"
    }

    private static func library(first: ScanRunRecord?, now: IndexTotals?, calendar: Calendar) -> String {
        guard let first, let now else { return "<p class=\"empty\">No scan yet: start with <code>clean scan DIR</code>.</p>" }
        let rows = [
            SVGChart.Row(label: "First scan", value: first.bytes, valueText: "\(files(first.files)) · \(ByteCount.human(first.bytes))", color: "#8a94a6",
                         data: [("when", "first"), ("files", String(first.files)), ("bytes", String(first.bytes))]),
            SVGChart.Row(label: "Now", value: now.bytes, valueText: "\(files(now.files)) · \(ByteCount.human(now.bytes))", color: trashColor,
                         data: [("when", "now"), ("files", String(now.files)), ("bytes", String(now.bytes))]),
        ]
        return SVGChart.rows(rows, title: "The library at the first scan and now")
            + "<p class=\"note\">First scanned on \(escapeHTML(longDate(Day(first.startedAt, in: calendar)))); now is what the index holds today.</p>"
    }

    private static func files(_ count: Int) -> String { "\(Words.grouped(count)) \(count == 1 ? "file" : "files")" }

    private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
    private static func shortDate(_ day: Day) -> String { "\(day.day) \(months[day.month - 1])" }
    private static func longDate(_ day: Day) -> String { "\(day.day) \(months[day.month - 1]) \(day.year)" }

    private static let css = """
        :root{--ink:#1d2330;--muted:#667085;--line:#e4e7ec;--card:#fff;--bg:#f5f6f8;--accent:#2ea66f}
        *{box-sizing:border-box}
        body{margin:0;background:var(--bg);color:var(--ink);font:15px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,"DejaVu Sans","Liberation Sans",sans-serif}
        main{max-width:940px;margin:0 auto;padding:28px 20px 40px}
        h1{font-size:30px;margin:0}h2{font-size:18px;margin:0 0 12px}h3{font-size:13px;font-weight:600;margin:0;color:var(--muted);text-transform:uppercase;letter-spacing:.04em}
        .scope{color:var(--muted);margin:4px 0 20px}
        section{background:var(--card);border:1px solid var(--line);border-radius:12px;padding:18px 20px;margin:0 0 18px}
        .tiles{display:grid;grid-template-columns:repeat(4,1fr);gap:12px;margin-bottom:14px}
        .tile{border:1px solid var(--line);border-radius:10px;padding:12px}
        .tile.main{background:#eaf7f0;border-color:#bfe6d0}
        .figure{font-size:26px;font-weight:700;margin:4px 0 2px;font-variant-numeric:tabular-nums}.tile.main .figure{color:#16794a}
        .note,.legend,footer{color:var(--muted);font-size:13px;margin:8px 0 0}
        .swatch{display:inline-block;width:10px;height:10px;border-radius:2px;margin:0 6px 0 10px;vertical-align:baseline}
        td .swatch{margin-left:0}
        svg.chart{display:block;width:100%;height:auto;font-family:inherit}
        svg .label{font-size:15px;fill:var(--ink)}svg .value{font-size:14px;fill:var(--muted)}
        svg .track{fill:#eef0f3}svg .grid{stroke:var(--line)}svg .tick{stroke:#98a2b3}
        svg .axis,svg .date{font-size:12px;fill:var(--muted)}svg .empty{font-size:15px;fill:var(--muted)}
        svg .column .bar{fill:var(--accent)}svg .column.today .bar{fill:#16794a}svg .column.today .date{fill:var(--ink);font-weight:600}
        svg .outside{fill:#f2f4f7}
        table{width:100%;border-collapse:collapse;font-size:14px}
        th{text-align:left;color:var(--muted);font-weight:600;border-bottom:1px solid var(--line);padding:6px 8px}
        td{border-bottom:1px solid var(--line);padding:6px 8px;vertical-align:top}
        td.rank{color:var(--muted)}td.size{font-weight:600;white-space:nowrap;font-variant-numeric:tabular-nums}td.day,td.kind{white-space:nowrap}
        td.path{font-family:ui-monospace,"DejaVu Sans Mono",monospace;font-size:13px;word-break:break-all}
        .tag{font-family:system-ui,sans-serif;font-size:11px;background:#fde8e8;color:#9b1c1c;border-radius:4px;padding:1px 5px}
        p.empty{color:var(--muted)}
        .sr{position:absolute;width:1px;height:1px;overflow:hidden;clip-path:inset(50%);white-space:nowrap}
        footer{text-align:center}
        @media (max-width:700px){.tiles{grid-template-columns:repeat(2,1fr)}section{overflow-x:auto}svg.chart.rows,svg.chart.columns{min-width:600px}}
        """

    /// The web app's themes over the same page (its palette: Sources/Web/Resources/app.css): light or dark as the
    /// device is, or as the Settings page fixed it (the page's `data-theme`).
    private static let appTheme = """
        :root{color-scheme:light dark}:root[data-theme=light]{color-scheme:light}:root[data-theme=dark]{color-scheme:dark}
        :root{--ink:light-dark(#1d2330,#e9edf5);--muted:light-dark(#5b6476,#9aa3b5);--line:light-dark(#e4e7ec,#2a2f3b);--card:light-dark(#fff,#181b23);--bg:light-dark(#f3f4f8,#0f1116);--accent:light-dark(#2ea66f,#2fd18b)}
        body{font-size:16px}
        .tile.main{background:light-dark(#eaf7f0,#14291f);border-color:light-dark(#bfe6d0,#24553b)}.tile.main .figure{color:light-dark(#16794a,#2fd18b)}
        svg .track{fill:light-dark(#eef0f3,#20242e)}svg .tick{stroke:light-dark(#98a2b3,#5b6477)}svg .outside{fill:light-dark(#f2f4f7,#1b1f28)}svg .column.today .bar{fill:light-dark(#16794a,#7c6cf0)}
        .tag{background:light-dark(#fde8e8,#3b1d22);color:light-dark(#9b1c1c,#ff8a98)}
        """

    // MARK: - Writing

    /// Writes `page` to `file` through a temporary file in the same folder and a rename, so a reader
    /// sees the old page or the new one, never half of one.
    package static func write(_ page: String, to file: String) throws {
        let folder = (file as NSString).deletingLastPathComponent.isEmpty ? "." : (file as NSString).deletingLastPathComponent
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder) else {
            throw CleanError("cannot write the HTML report \(file): the folder \(folder) does not exist")
        }
        guard isFolder.boolValue else { throw CleanError("cannot write the HTML report \(file): \(folder) is not a folder") }
        let temporary = folder + "/.\((file as NSString).lastPathComponent).\(getpid())-\(UInt32.random(in: 0...UInt32.max)).tmp"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            throw CleanError("cannot write the HTML report \(file): the folder \(folder) is not writable (\(String(cString: strerror(errno))))")
        }
        var failure: Int32 = 0
        Array(page.utf8).withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = Glibc.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    failure = errno
                    return
                }
                offset += written
            }
        }
        if failure == 0, fsync(descriptor) != 0 { failure = errno }
        if close(descriptor) != 0, failure == 0 { failure = errno }
        if failure == 0, rename(temporary, file) != 0 { failure = errno }
        if failure != 0 {
            unlink(temporary)
            let reason = failure == EISDIR ? "it is a folder" : String(cString: strerror(failure))
            throw CleanError("cannot write the HTML report \(file): \(reason)")
        }
    }
}
