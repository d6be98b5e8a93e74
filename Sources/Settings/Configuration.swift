import Game

/// Every setting of SwipeClean: the compiled-in defaults, overridden key by key by the user's file.
///
/// Its sections are the `[player]`, `[scan]`, `[trash]`, `[play]`, `[media]`, `[game]`, `[similar]`, `[quality]`, `[keep]` and `[web]` tables
/// of `Config/swipeclean.toml`. Settings is a leaf: it imports only the pure `Game` (whose `Rules`
/// are the `[game]` section), so reading a config links no database and no C library. The command
/// layer turns `[scan]` and `[media]` into the scanner's `ScanOptions` and `ScreenshotRules`.
public struct Configuration: Codable, Sendable, Equatable {
    public var player: PlayerSettings
    public var scan: ScanSettings
    public var trash: TrashSettings
    public var play: PlaySettings
    public var media: MediaSettings
    public var game: Rules
    public var similar: SimilarSettings
    public var quality: QualitySettings
    public var keep: KeepSettings
    public var web: WebSettings

    public static let defaults = Configuration(
        player: PlayerSettings(tier: .pro),
        scan: ScanSettings(
            skipNames: [".Spotlight-V100", ".fseventsd", ".swipeclean"],
            skipPrefixes: [], oneFileSystem: true, bigVideoBytes: 100_000_000, oldPhotoYears: 2, jobs: 0),
        trash: TrashSettings(directory: "", retentionDays: 30, autoEmptyDays: 0),
        play: PlaySettings(roundSeconds: 60, keptCooldownDays: 30, bell: false),
        media: MediaSettings(
            screenshotNamePatterns: [
                #"^Screenshot_.+"#,
                #"^Screen ?[Ss]hot \d{4}-\d{2}-\d{2} at .+"#,
                #"^Screenshot \(\d+\)\.[A-Za-z0-9]+$"#,
                #"^Screenshot \d{4}-\d{2}-\d{2} \d{6}\.[A-Za-z0-9]+$"#,
                #"^Screenshot from \d{4}-\d{2}-\d{2} .+"#,
            ],
            screenshotFolders: ["Pictures/Screenshots", "DCIM/Screenshots"],
            screenshotUserComment: "Screenshot", screenshotAndroidSoftware: "Android"),
        game: .defaults,
        similar: SimilarSettings(maxDistance: 14, turned: true),
        quality: QualitySettings(badShots: true, strictness: 1.0),
        keep: KeepSettings(order: [.softness, .length, .resolution, .metadata, .bitrate, .view, .original, .format, .quality, .edit, .sharpness,
                                   .folder, .oldest, .filetime],
                           formats: [.raw, .heic, .jpeg, .png, .webp], preferFolders: ["DCIM", "Camera"], avoidFolders: []),
        web: WebSettings(theme: .system)
    )
}

/// The `[player]` section.
public struct PlayerSettings: Codable, Sendable, Equatable {
    /// pro (the default: no limits) or free (the seeds' daily limits): the limits of `game.tiers` that apply.
    public var tier: Tier
}

/// The `[scan]` section: what a scan skips and how it sorts (the scanner's `ScanOptions`).
public struct ScanSettings: Codable, Sendable, Equatable {
    /// Directory (or file) names never entered.
    public var skipNames: [String]
    /// Names starting with one of these are skipped.
    public var skipPrefixes: [String]
    /// Stay on the file system of each root.
    public var oneFileSystem: Bool
    /// A video larger than this many bytes is a big video.
    public var bigVideoBytes: Int64
    /// A photo captured more than this many years before now is old.
    public var oldPhotoYears: Int
    /// Worker threads; 0 means one per core.
    public var jobs: Int
}

/// The `[media]` section: how a screenshot is told from a photo (the inspector's `ScreenshotRules`).
public struct MediaSettings: Codable, Sendable, Equatable {
    /// Regular expressions (ICU syntax) matched against the whole file name.
    public var screenshotNamePatterns: [String]
    /// Folder paths whose files are screenshots, matched as a suffix of the file's folder.
    public var screenshotFolders: [String]
    /// Text that, in an EXIF or XMP UserComment, marks a screenshot.
    public var screenshotUserComment: String
    /// EXIF Software prefix Android writes on screenshots.
    public var screenshotAndroidSoftware: String
}

/// The `[trash]` section.
public struct TrashSettings: Codable, Sendable, Equatable {
    /// The trash directory; empty means `$SWIPECLEAN_HOME/Trash`.
    public var directory: String
    /// Days an item stays in the trash before `clean trash empty` purges it by default.
    public var retentionDays: Int
    /// Days after which every command first purges a trashed file, and reports it; 0: never (the default).
    public var autoEmptyDays: Int
}

/// The `[similar]` section: how near two photos' perceptual hashes must be to be similar photos.
public struct SimilarSettings: Codable, Sendable, Equatable {
    /// The most bits in which the 64-bit hashes of two similar photos may differ.
    public var maxDistance: Int
    /// Whether a copy turned or mirrored in its pixels is found as similar to its original.
    public var turned: Bool
}

/// The `[quality]` section: bad shots (blurry, dark, overexposed, accidental photos).
public struct QualitySettings: Codable, Sendable, Equatable {
    /// Whether a scan looks for bad shots at all.
    public var badShots: Bool
    /// 1: the measured limits; above 1 flags more (stricter about quality), below fewer.
    public var strictness: Double
}

/// The `[keep]` section: which member of a group card (duplicates, similar photos) is suggested to stay.
public struct KeepSettings: Codable, Sendable, Equatable {
    /// The criteria in the order they decide; the first that tells two members apart wins.
    public var order: [KeepCriterion]
    /// Formats preferred first (`format`).
    public var formats: [KeepFormat]
    /// Folder names (path fragments) whose copy is preferred (`folder`).
    public var preferFolders: [String]
    /// Folder names whose copy goes first (`folder`).
    public var avoidFolders: [String]
}

/// The `[web]` section: how the web app looks.
public struct WebSettings: Codable, Sendable, Equatable {
    /// `system` follows the device's light or dark mode (`prefers-color-scheme`); `light` or `dark` holds.
    public var theme: Theme
}

/// The web app's colours.
public enum Theme: String, Codable, Sendable, CaseIterable {
    case system, light, dark

    public init(from decoder: any Decoder) throws { self = try oneOf(Self.allCases, decoder) }
}

/// A criterion of `[keep] order`.
public enum KeepCriterion: String, Codable, Sendable, CaseIterable {
    case softness, resolution, sharpness, original, format, folder, oldest, newest, quality, edit, filetime, view, metadata
    /// A video's whole length before a trimmed copy; its highest bitrate before a re-encode.
    case length, bitrate

    public init(from decoder: any Decoder) throws { self = try oneOf(Self.allCases, decoder) }
}

/// A format of `[keep] formats`.
public enum KeepFormat: String, Codable, Sendable, CaseIterable {
    case raw, heic, jpeg, png, webp, tiff, gif, avif

    public init(from decoder: any Decoder) throws { self = try oneOf(Self.allCases, decoder) }
}

/// A string that must be one of `cases`: refused with the words allowed.
private func oneOf<T: RawRepresentable<String>>(_ cases: [T], _ decoder: any Decoder) throws -> T {
    let container = try decoder.singleValueContainer()
    let text = try container.decode(String.self)
    guard let value = cases.first(where: { $0.rawValue == text }) else {
        throw DecodingError.dataCorruptedError(in: container, debugDescription:
            "'\(text)' is not one of \(cases.map(\.rawValue).joined(separator: ", "))")
    }
    return value
}

/// The `[play]` section.
public struct PlaySettings: Codable, Sendable, Equatable {
    public var roundSeconds: Int
    public var keptCooldownDays: Int
    public var bell: Bool
}
