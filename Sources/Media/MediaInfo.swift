import Foundation

/// What a file is, for the game: a photo, a video, or anything else.
public enum MediaKind: String, Codable, Sendable {
    case photo, video, other

    /// `photo` for `image/*`, `video` for `video/*`, `other` otherwise.
    public init(mime: String) {
        if mime.hasPrefix("image/") { self = .photo } else if mime.hasPrefix("video/") { self = .video } else { self = .other }
    }
}

/// Where a capture date came from, best first.
public enum DateSource: String, Codable, Sendable {
    case exif, xmp, quicktime, sidecar, filename, mtime
}

/// Everything `Media` learns about one file from its bytes (and its name and folder).
public struct MediaInfo: Sendable, Equatable, Codable {
    public var mime: String
    public var kind: MediaKind
    /// nil only when even the modification time is unusable (in the future).
    public var capturedAt: CaptureDate?
    /// Never nil: the modification time is the last resort.
    public var dateSource: DateSource
    public var width: Int?
    public var height: Int?
    public var cameraMake: String?
    public var cameraModel: String?
    /// Why this is a screenshot, e.g. "EXIF UserComment: Screenshot"; nil when it is not one.
    public var screenshotEvidence: String?
    /// `ContentHash.partial` of the file when its first read held all of it (a small file), so
    /// finding duplicates need not open it again; nil otherwise.
    public var partialHash: String?
    /// `ContentHash.full` of such a small file, from the same bytes: a duplicate's confirming hash
    /// then needs no second read either; nil otherwise.
    public var contentHash: String?
    /// Whether the file's EXIF names where it was taken (GPS latitude and longitude).
    public var hasLocation = false

    public var isScreenshot: Bool { screenshotEvidence != nil }

    public init(mime: String, kind: MediaKind, capturedAt: CaptureDate?, dateSource: DateSource,
                width: Int? = nil, height: Int? = nil, cameraMake: String? = nil, cameraModel: String? = nil,
                screenshotEvidence: String? = nil) {
        self.mime = mime
        self.kind = kind
        self.capturedAt = capturedAt
        self.dateSource = dateSource
        self.width = width
        self.height = height
        self.cameraMake = cameraMake
        self.cameraModel = cameraModel
        self.screenshotEvidence = screenshotEvidence
    }
}

/// What can go wrong in `Media` apart from the file system.
public enum MediaError: Error, Equatable, Sendable, CustomStringConvertible {
    /// libmagic could not open or load its database.
    case magicUnavailable(String)
    /// A regular expression in the screenshot rules does not compile.
    case badPattern(String)

    public var description: String {
        switch self {
        case .magicUnavailable(let reason): "cannot load the libmagic database: \(reason)"
        case .badPattern(let pattern): "screenshot rule is not a valid regular expression: \(pattern)"
        }
    }
}
