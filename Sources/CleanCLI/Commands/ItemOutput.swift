import App
import Library

/// How one indexed item is shown: a JSON Lines object per DESIGN.md, or a line of text.
enum ItemOutput {
    /// "   338.0 KB  2011-03-04  photo, duplicate #3 (kept)  /path": size, capture day, what it is
    /// (the copy a duplicate or similar group keeps says so), then the path. `width`: the terminal's
    /// columns, to which the path is shortened in the middle (keeping its file name); nil: the whole path.
    static func line(_ item: ItemRecord, thresholds: Thresholds, keptDuplicates: Set<Int64>, width: Int?,
                     stores: [Int64: StoreKind] = [:]) -> String {
        var tags: [String] = [item.kind.rawValue]
        if let kind = item.store.flatMap({ stores[$0] }) {
            tags.append("protected \(kind.rawValue)" + (item.storeName.map { " (\($0))" } ?? ""))
        }
        if item.isScreenshot { tags.append("screenshot") }
        if item.isBigVideo(thresholds) { tags.append("big video") }
        if item.isOld(thresholds) { tags.append("old") }
        if let group = item.duplicateGroup {
            tags.append("duplicate #\(group)" + (item.id.map(keptDuplicates.contains) == true ? " (kept)" : ""))
        }
        if let bad = item.shownBadShot { tags.append(bad.rawValue) }
        if let group = item.similarGroup { tags.append("similar #\(group)" + (group == item.id ? " (kept)" : "")) }
        let date = item.capturedAt.map { String($0.prefix(10)) } ?? "no date"
        let what = tags.joined(separator: ", ")
        let path = item.rawPath.description
        let start = padLeft(humanBytes(item.size), 9) + "  " + padRight(date, 10) + "  "
        guard let width else { return start + what + "  " + path }
        // The path keeps at least 24 columns (or all of it); what the file is gives way first.
        let room = width - 1 - start.count - 2
        let whatWidth = min(what.count, max(8, room - min(path.count, 24)))
        let shownWhat = truncated(what, whatWidth)
        return start + shownWhat + "  " + middleTruncated(path, max(8, room - shownWhat.count))
    }

    /// `text` cut to `width` characters by an ellipsis in the middle, keeping more of the end (the file name).
    static func middleTruncated(_ text: String, _ width: Int) -> String {
        guard text.count > width, width > 3 else { return text }
        let tail = (width - 1) * 2 / 3
        return String(text.prefix(width - 1 - tail)) + "…" + String(text.suffix(tail))
    }
}
