import Foundation
import Library

/// What a scan skips and how it sorts: the `[scan]` section of the configuration.
public struct ScanOptions: Codable, Sendable, Equatable {
    /// Directory (or file) names never entered.
    public var skipNames: [String]
    /// Names starting with one of these are skipped.
    public var skipPrefixes: [String]
    /// Stay on the file system of each root.
    public var oneFileSystem: Bool
    /// A video larger than this is a big video.
    public var bigVideoBytes: Int64
    /// A photo captured more than this many years before now is old.
    public var oldPhotoYears: Int
    /// Worker threads; 0 means one per core.
    public var jobs: Int

    public static let defaults = ScanOptions(
        skipNames: [".Spotlight-V100", ".fseventsd", ".swipeclean"],
        skipPrefixes: [],
        oneFileSystem: true,
        bigVideoBytes: 100_000_000,
        oldPhotoYears: 2,
        jobs: 0
    )
}

extension Thresholds {
    /// The thresholds of `options` at `now`: "older than N years" counts calendar years in `calendar`.
    public init(options: ScanOptions, now: Date, calendar: Calendar) {
        self.init(bigVideoBytes: options.bigVideoBytes,
                  oldBefore: calendar.date(byAdding: .year, value: -options.oldPhotoYears, to: now) ?? now)
    }
}
