import Foundation

/// What a file is, as the index records it.
public enum FileKind: String, Codable, Sendable, CaseIterable {
    case photo, video, other
}

/// Which files a weekly boss deals: every condition given must hold (an absent one holds for every file).
///
/// Each condition is one the index can answer in SQL, so a queue is never built by loading every item.
public struct BossFilter: Codable, Sendable, Equatable {
    public var kind: FileKind?
    /// True: screenshots only; false: no screenshots.
    public var screenshot: Bool?
    /// The file's size in bytes, at least / at most.
    public var minBytes: Int?
    public var maxBytes: Int?
    /// Captured on or after this local day.
    public var capturedFrom: Day?
    /// Captured before this local day.
    public var capturedBefore: Day?
    /// Captured during this week's seven days in an earlier year, at least this many years ago (up to 30).
    public var thisWeekYearsAgo: Int?
    /// Folder names or paths (`WhatsApp/Media`, `Telegram`, `Download`) the file lies under, at any depth: any of them.
    public var folders: [String]?
    /// True: an extra copy of a duplicate group (never the copy kept); false: not one.
    public var duplicate: Bool?
    /// True: a similar photo its group does not keep; false: not one.
    public var similar: Bool?
    /// Both sides at most this many pixels (stickers, memes, thumbnails).
    public var maxSide: Int?
    /// The shorter side at least this many pixels.
    public var minSide: Int?

    public init(kind: FileKind? = nil, screenshot: Bool? = nil, minBytes: Int? = nil, maxBytes: Int? = nil,
                capturedFrom: Day? = nil, capturedBefore: Day? = nil, thisWeekYearsAgo: Int? = nil, folders: [String]? = nil,
                duplicate: Bool? = nil, similar: Bool? = nil, maxSide: Int? = nil, minSide: Int? = nil) {
        self.kind = kind
        self.screenshot = screenshot
        self.minBytes = minBytes
        self.maxBytes = maxBytes
        self.capturedFrom = capturedFrom
        self.capturedBefore = capturedBefore
        self.thisWeekYearsAgo = thisWeekYearsAgo
        self.folders = folders
        self.duplicate = duplicate
        self.similar = similar
        self.maxSide = maxSide
        self.minSide = minSide
    }

    /// Whether the files it takes change with the week ("this week N years ago").
    public var dependsOnWeek: Bool { thisWeekYearsAgo != nil }

    /// The most years "this week N years ago" looks back.
    public static let yearsBack = 30

    /// The filter with its dates turned into instants for `week` in the calendar's time zone.
    public func resolved(for week: BossWeek, in calendar: Calendar) -> ResolvedBossFilter {
        let from = capturedFrom.map { BossWeek.startOf($0, in: calendar).timeIntervalSince1970 } ?? -Double.infinity
        let before = capturedBefore.map { BossWeek.startOf($0, in: calendar).timeIntervalSince1970 } ?? Double.infinity
        var windows: [Range<Double>]
        if let years = thisWeekYearsAgo {
            windows = (max(1, years)...max(1, years, Self.yearsBack)).map { back in
                let first = Self.sameDay(week.monday, yearsBack: back)
                return BossWeek.startOf(first, in: calendar).timeIntervalSince1970
                    ..< BossWeek.startOf(first.adding(days: 7), in: calendar).timeIntervalSince1970
            }
        } else {
            windows = [-Double.infinity ..< Double.infinity]
        }
        let clipped = windows.compactMap { window -> Range<Double>? in
            let lower = max(window.lowerBound, from), upper = min(window.upperBound, before)
            return lower < upper ? lower ..< upper : nil
        }
        let anyTime = thisWeekYearsAgo == nil && capturedFrom == nil && capturedBefore == nil
        return ResolvedBossFilter(kind: kind, screenshot: screenshot, minBytes: minBytes, maxBytes: maxBytes,
                                  captured: anyTime ? nil : clipped, folders: folders ?? [], duplicate: duplicate,
                                  similar: similar, maxSide: maxSide, minSide: minSide)
    }

    /// The same month and day `years` years earlier (29 February becomes the 28th).
    static func sameDay(_ day: Day, yearsBack years: Int) -> Day {
        Day(year: day.year - years, month: day.month, day: day.day) ?? Day(year: day.year - years, month: day.month, day: day.day - 1)!
    }
}

/// A filter ready for the index: capture dates as Unix-time windows.
public struct ResolvedBossFilter: Sendable, Equatable {
    public var kind: FileKind?
    public var screenshot: Bool?
    public var minBytes: Int?
    public var maxBytes: Int?
    /// The capture must fall in one of these windows (seconds since 1970, lower bound included); nil: any or no date.
    public var captured: [Range<Double>]?
    public var folders: [String]
    public var duplicate: Bool?
    public var similar: Bool?
    public var maxSide: Int?
    public var minSide: Int?
}
