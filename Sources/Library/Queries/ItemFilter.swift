import Foundation
import GRDB
import Imaging

/// Which indexed items a listing or a card queue takes.
public enum ItemFilter: String, CaseIterable, Sendable {
    case all, screenshots, videos
    case bigVideos = "big-videos"
    case old, duplicates, similar
    case badShots = "bad-shots"

    /// The SQL condition and its arguments for this filter at these thresholds.
    package func condition(_ thresholds: Thresholds) -> (String, StatementArguments) {
        switch self {
        case .all: return ("1", [])
        case .screenshots: return ("screenshotEvidence IS NOT NULL", [])
        case .videos: return ("kind = 'video'", [])
        case .bigVideos: return ("kind = 'video' AND size > ?", [thresholds.bigVideoBytes])
        case .old: return ("kind = 'photo' AND capturedEpoch < ?", [thresholds.oldBefore.timeIntervalSince1970])
        case .duplicates: return ("duplicateGroup IS NOT NULL", [])
        case .similar: return ("similarGroup IS NOT NULL", [])
        // The deck's condition (never a video or a screenshot, whatever an older row says), and never a file in a
        // store (the deck leaves those out for every category; a listing must say so itself).
        case .badShots:
            let condition = SQLCondition.all([CardCategory.badShots.member(thresholds), SQLCondition("item.store IS NULL")])
            return (condition.sql, StatementArguments(condition.arguments))
        }
    }
}

extension LibraryDatabase {
    /// Calls `body` with each item the filter takes, without loading them all at once: in path order, a duplicate or
    /// similar group's members together (`duplicates`, `similar`). The index follows the trash at once: a file clean moved
    /// to the trash is not listed at its old path (nor in its group) while it is there, even before the next scan drops
    /// its row, and a group left with one member listed is no group.
    public func forEachItem(_ filter: ItemFilter, thresholds: Thresholds, _ body: (ItemRecord) throws -> Void) throws {
        let (condition, arguments) = filter.condition(thresholds)
        let order = switch filter {
        case .duplicates: "duplicateGroup, path"
        case .similar: "similarGroup, path"
        default: "path"
        }
        try read { db in
            // The files in the trash now, by the path and inode they had (a new file at that path is another file).
            let trashed = "(path, inode) NOT IN (SELECT originalPath, inode FROM trashed WHERE state = 'done' AND restoredAt IS NULL)"
            let anyTrashed = try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM trashed WHERE state = 'done' AND restoredAt IS NULL)") ?? false
            guard anyTrashed else {
                let items = try ItemRecord.fetchCursor(db, sql: "SELECT * FROM item WHERE \(condition) ORDER BY \(order)", arguments: arguments)
                while let item = try items.next() { try body(item) }
                return
            }
            let groups = { (column: String) in
                try Set(Int64.fetchAll(db, sql: """
                    SELECT \(column) FROM item WHERE \(column) IS NOT NULL AND \(trashed) GROUP BY \(column) HAVING COUNT(*) > 1
                    """))
            }
            let duplicateGroups = try groups("duplicateGroup"), similarGroups = try groups("similarGroup")
            let items = try ItemRecord.fetchCursor(db, sql: "SELECT * FROM item WHERE (\(condition)) AND \(trashed) ORDER BY \(order)",
                                                   arguments: arguments)
            while var item = try items.next() {
                if let group = item.duplicateGroup, !duplicateGroups.contains(group) { item.duplicateGroup = nil }
                if let group = item.similarGroup, !similarGroups.contains(group) { item.similarGroup = nil }
                if filter == .duplicates && item.duplicateGroup == nil || filter == .similar && item.similarGroup == nil { continue }
                try body(item)
            }
        }
    }
}

extension ItemRecord {
    /// Why this photo is a bad shot, never for a video, a screenshot or a file in a store.
    public var shownBadShot: BadShot? {
        kind == .photo && screenshotEvidence == nil && store == nil ? badShot : nil
    }

    /// A video over the big-video threshold.
    public func isBigVideo(_ thresholds: Thresholds) -> Bool { kind == .video && size > thresholds.bigVideoBytes }

    /// A photo captured before the old-photo threshold.
    public func isOld(_ thresholds: Thresholds) -> Bool {
        guard kind == .photo, let epoch = capturedEpoch else { return false }
        return epoch < thresholds.oldBefore.timeIntervalSince1970
    }
}
