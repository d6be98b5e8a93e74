import FileSystem
import Foundation
import Media

/// What to scan and how: the roots, the configured rules, and the clock.
public struct ScanRequest: Sendable {
    /// Absolute, canonical directory paths.
    public var roots: [RawPath]
    public var options: ScanOptions
    public var screenshotRules: ScreenshotRules
    /// Directories never entered: the app's own state and trash.
    public var excluded: [RawPath]
    public var now: Date
    /// Its time zone places capture dates of unknown offset; its years decide "old".
    public var calendar: Calendar
    /// Forget stored hashes and hash again.
    public var rehash: Bool
    /// How similar photos are found; nil: not this scan (`--no-similar`).
    public var similar: SimilarOptions?

    public init(roots: [RawPath], options: ScanOptions = .defaults, screenshotRules: ScreenshotRules = .defaults,
                excluded: [RawPath] = [], now: Date, calendar: Calendar, rehash: Bool = false,
                similar: SimilarOptions? = .defaults) {
        self.roots = roots
        self.options = options
        self.screenshotRules = screenshotRules
        self.excluded = excluded
        self.now = now
        self.calendar = calendar
        self.rehash = rehash
        self.similar = similar
    }

    var jobs: Int {
        options.jobs > 0 ? options.jobs : max(1, ProcessInfo.processInfo.activeProcessorCount)
    }
}

/// The stages of a scan, for a progress line.
public enum ScanPhase: String, Sendable {
    case walking, reading, hashing, indexing
    case fingerprinting
}

/// Where a scan is: its phase, files done in it, and how many there are when known.
public struct ScanProgress: Sendable {
    public var phase: ScanPhase
    public var done: Int
    public var total: Int?

    public init(phase: ScanPhase, done: Int, total: Int? = nil) {
        self.phase = phase
        self.done = done
        self.total = total
    }
}

/// A file the scan could not read, and why.
public struct ScanIssue: Sendable, Equatable {
    public let path: RawPath
    public let reason: String
}

/// What a scan found and did.
public struct ScanReport: Sendable {
    public var summary: LibrarySummary
    public var errors: [ScanIssue]
    /// Files read this run (new or changed since the last scan).
    public var inspected: Int
    /// Files whose size, mtime and inode matched the index, not read again.
    public var unchanged: Int
    /// Index entries dropped because their file is gone.
    public var removed: Int
    /// Photos whose perceptual hash was computed this run (new or changed since the last one).
    public var fingerprinted = 0
    public var elapsedSeconds: Double
    /// Seconds per stage (walk, compare, read, index, duplicates, summary).
    public var timings: [(name: String, seconds: Double)] = []
}
