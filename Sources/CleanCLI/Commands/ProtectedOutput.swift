import FileSystem
import Library

/// How the stores other programs own are shown: `protected` in `scan --json` and `report --json`,
/// and one line each in the human summaries ("…/00008030-…: an iPhone backup, 4 photos, read, never changed").
enum ProtectedOutput {
    /// One line a store, at most `limit` (the rest counted by kind); nothing when there is none.
    static func lines(_ stores: [ProtectedStore], limit: Int = 10) -> [String] {
        guard !stores.isEmpty else { return [] }
        var lines = ["Read, never changed (another program's files; never a card, never moved):"]
        for store in stores.prefix(limit) { lines.append("  " + line(store)) }
        if stores.count > limit {
            let rest = stores.dropFirst(limit)
            let files = rest.reduce(0) { $0 + $1.files }, bytes = rest.reduce(Int64(0)) { $0 + $1.bytes }
            lines.append("  … and \(plural(rest.count, "more store")), \(plural(files, "file")), \(humanBytes(bytes)) (clean scan --json lists them all)")
        }
        return lines
    }

    static func line(_ store: ProtectedStore) -> String {
        let what: String
        switch store.kind {
        case .iosBackup: what = store.encrypted ? "an encrypted iPhone or iPad backup (left alone)" : store.kind.phrase
        case .otherTrash: what = "already in another program's trash"
        default: what = store.kind.phrase
        }
        var held: [String] = []
        if store.photos > 0 { held.append(plural(store.photos, "photo")) }
        if store.videos > 0 { held.append(plural(store.videos, "video")) }
        let others = store.files - store.photos - store.videos
        if others > 0 { held.append(plural(others, held.isEmpty ? "file" : "other file")) }
        return "\(store.path): \(what), \(held.joined(separator: ", ")), \(humanBytes(store.bytes)), read, never changed"
    }
}
