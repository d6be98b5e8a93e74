import FileSystem
import Foundation
import Imaging
import Keeping
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
    /// What samples videos' frames for similar videos: ffmpeg from PATH, nil when it is not installed (the
    /// videos are then not compared, and the report says so); tests put a decoder that hangs or fails here.
    public var videoFrames: VideoFrames? = VideoFrames.installed
    /// The keep rule (`[keep]`): the copy a duplicate group and the photo a similar group keep are the ones their
    /// cards suggest under the player's own order.
    public var keeper: KeeperRule = .defaults

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
    /// Sampling videos' frames (beside the photos' fingerprints).
    case comparingVideos = "comparing videos"
    /// Similar photos: candidate pairs looked at (`done`), then the photo each group keeps (`choosing`, of `total` groups).
    case grouping, choosing

    /// What `ScanProgress.done` counts in this phase, for a progress line.
    public var unit: String {
        switch self {
        case .walking, .reading, .hashing, .indexing, .fingerprinting, .comparingVideos: "files"
        case .grouping: "pairs"
        case .choosing: "groups"
        }
    }
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
    /// Whether a file or folder the player asked to scan went unread (the scan did that much less: exit 3). A store's
    /// own record that cannot be read (a damaged iPhone backup manifest) is said, but every file was read: false.
    public let unread: Bool

    public init(path: RawPath, reason: String, unread: Bool = true) {
        self.path = path
        self.reason = reason
        self.unread = unread
    }
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
    /// Of those, files clean moved to the trash: gone by the player's own choice.
    public var removedToTrash = 0
    /// Photos whose perceptual hash was computed this run (new or changed since the last one).
    public var fingerprinted = 0
    /// What became of the videos' fingerprints this run.
    public var videos = VideoComparison()
    public var elapsedSeconds: Double
    /// Seconds per stage (walk, compare, read, index, duplicates, summary).
    public var timings: [(name: String, seconds: Double)] = []
}

/// The videos a scan fingerprinted for similar videos, those it could not, and those it left uncompared.
public struct VideoComparison: Sendable, Equatable {
    /// Videos whose frames were sampled this run (new or changed since the last one).
    public var fingerprinted = 0
    /// Videos this run tried and got no fingerprint of (a decoder past its time limit, no frame it could
    /// decode, ffmpeg failing): they are never similar to another, and not tried again while unchanged.
    public var withoutFingerprint = 0
    /// Videos not compared because ffmpeg is not installed (0 when it is).
    public var notCompared = 0

    public init(fingerprinted: Int = 0, withoutFingerprint: Int = 0, notCompared: Int = 0) {
        self.fingerprinted = fingerprinted
        self.withoutFingerprint = withoutFingerprint
        self.notCompared = notCompared
    }
}
