import FileSystem
import Foundation
import GRDB
import Library

/// What the index holds below some roots: the counts `clean scan` reports.
public struct LibrarySummary: Sendable, Equatable {
    public struct Tally: Sendable, Equatable {
        public var count = 0
        public var bytes: Int64 = 0
    }

    public struct Duplicates: Sendable, Equatable {
        public var groups = 0
        /// Indexed paths that belong to a duplicate group (kept copies included).
        public var files = 0
        public var reclaimableBytes: Int64 = 0
    }

    public var files = 0
    public var bytes: Int64 = 0
    public var photos = 0
    public var videos = 0
    public var screenshots = 0
    public var screenshotBytes: Int64 = 0
    public var other = 0
    public var bigVideos = Tally()
    public var oldPhotos = Tally()
    public var duplicates = Duplicates()
    /// Similar photos: groups, photos in them (kept ones included), bytes of the photos not kept.
    public var similar = Duplicates()
    /// Bad shots (blurry, dark, overexposed, accidental photos): count and bytes.
    public var badShots = Tally()
    /// The stores other programs own below the roots, with the files the index holds of each.
    public var protected: [ProtectedStore] = []

    /// Counts the items below `roots` (all items when empty); `thresholds` decide big and old.
    static func fetch(_ db: Database, roots: [RawPath], thresholds: Thresholds) throws -> LibrarySummary {
        let (condition, arguments) = PathPrefix.condition(roots)
        // The categories' own conditions, as the card queues deal them, so the scan's counts and the queues agree.
        // A file in a store another program owns is never a candidate (`ProtectedStore` counts those).
        let player = SQLCondition("store IS NULL")
        let screenshot = SQLCondition.all([CardCategory.screenshots.member(thresholds), player])
        let big = SQLCondition.all([CardCategory.bigVideos.member(thresholds), player])
        let old = SQLCondition.all([CardCategory.oldPhotos.member(thresholds), player])
        // Bad shots in the same pass over the rows (a pass of its own cost a warm rescan a fifth of its time).
        let bad = SQLCondition.all([CardCategory.badShots.member(thresholds), player])
        let sql = """
            SELECT COUNT(*), COALESCE(SUM(size), 0),
                   COUNT(*) FILTER (WHERE kind = 'photo'),
                   COUNT(*) FILTER (WHERE kind = 'video'),
                   COUNT(*) FILTER (WHERE kind = 'other'),
                   COUNT(*) FILTER (WHERE \(screenshot.sql)),
                   COALESCE(SUM(size) FILTER (WHERE \(screenshot.sql)), 0),
                   COUNT(*) FILTER (WHERE \(big.sql)),
                   COALESCE(SUM(size) FILTER (WHERE \(big.sql)), 0),
                   COUNT(*) FILTER (WHERE \(old.sql)),
                   COALESCE(SUM(size) FILTER (WHERE \(old.sql)), 0),
                   COUNT(DISTINCT duplicateGroup), COUNT(duplicateGroup),
                   COUNT(*) FILTER (WHERE \(bad.sql)), COALESCE(SUM(size) FILTER (WHERE \(bad.sql)), 0)
            FROM item WHERE \(condition)
            """
        var all = StatementArguments(screenshot.arguments + screenshot.arguments + big.arguments + big.arguments
                                     + old.arguments + old.arguments + bad.arguments + bad.arguments)
        all += arguments
        guard let row = try Row.fetchOne(db, sql: sql, arguments: all) else { return LibrarySummary() }
        var summary = LibrarySummary()
        summary.files = row[0]
        summary.bytes = row[1]
        summary.photos = row[2]
        summary.videos = row[3]
        summary.other = row[4]
        summary.screenshots = row[5]
        summary.screenshotBytes = row[6]
        summary.bigVideos = Tally(count: row[7], bytes: row[8])
        summary.oldPhotos = Tally(count: row[9], bytes: row[10])
        // Reclaimable bytes belong to groups (hard links count once), summed over the groups seen here.
        let reclaimable = try Int64.fetchOne(db, sql: """
            SELECT COALESCE(SUM(reclaimableBytes), 0) FROM duplicateGroup
            WHERE id IN (SELECT duplicateGroup FROM item WHERE duplicateGroup IS NOT NULL AND \(condition))
            """, arguments: arguments) ?? 0
        summary.duplicates = Duplicates(groups: row[11], files: row[12], reclaimableBytes: reclaimable)
        summary.similar = try similar(db, condition: condition, arguments: arguments)
        summary.protected = try ProtectedStore.fetch(db, roots: roots)
        summary.badShots = Tally(count: row[13], bytes: row[14])
        return summary
    }
}

extension LibrarySummary {
    /// The similar groups with a member below the roots, counted whole (as duplicate groups are).
    private static func similar(_ db: Database, condition: String, arguments: StatementArguments) throws -> Duplicates {
        let row = try Row.fetchOne(db, sql: """
            SELECT COUNT(DISTINCT similarGroup), COUNT(*), COALESCE(SUM(size) FILTER (WHERE id != similarGroup), 0)
            FROM item WHERE similarGroup IN (SELECT similarGroup FROM item WHERE similarGroup IS NOT NULL AND \(condition))
            """, arguments: arguments)
        guard let row else { return Duplicates() }
        return Duplicates(groups: row[0], files: row[1], reclaimableBytes: row[2])
    }
}

extension LibraryDatabase {
    /// Files and bytes the index holds, leaving out what sits in the trash: `clean report`'s "now". Read from
    /// the size index alone (each file's size and content hash: a sixth of the table's bytes), so a million
    /// files answer in a fraction of a second.
    public func indexTotals() throws -> IndexTotals {
        try read { db in
            let row = try Row.fetchOne(db, sql: """
                SELECT COUNT(*), COALESCE(SUM(size), 0) FROM item INDEXED BY item_on_size
                WHERE id NOT IN (SELECT item FROM trashed WHERE state = 'done' AND restoredAt IS NULL)
                """)
            return IndexTotals(files: row?[0] ?? 0, bytes: row?[1] ?? 0)
        }
    }

    /// Counts over the whole index.
    public func summary(thresholds: Thresholds) throws -> LibrarySummary {
        try read { db in try LibrarySummary.fetch(db, roots: [], thresholds: thresholds) }
    }
}

/// Files and bytes in the index.
public struct IndexTotals: Sendable, Equatable {
    public var files: Int
    public var bytes: Int64
}
