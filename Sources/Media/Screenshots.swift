import FileSystem
import Foundation

/// How to tell a screenshot from a photo: configurable, with defaults for Android, iOS, macOS, Windows and GNOME.
///
/// Coded with the key names of the `[media]` section of `Config/swipeclean.toml`.
public struct ScreenshotRules: Codable, Sendable, Equatable {
    /// Regular expressions (ICU syntax) matched against the whole file name.
    public var namePatterns: [String]
    /// Folder paths whose files are screenshots, matched as a suffix of the file's folder,
    /// component-wise and case-insensitively ("Pictures/Screenshots" matches ".../Pictures/Screenshots").
    public var folderSuffixes: [String]
    /// Text that, found in an EXIF or XMP UserComment, marks a screenshot (iOS and macOS write "Screenshot").
    public var userCommentMarker: String
    /// EXIF Software prefix Android writes on screenshots; reported with the folder evidence.
    public var androidSoftwarePrefix: String

    public init(namePatterns: [String], folderSuffixes: [String], userCommentMarker: String, androidSoftwarePrefix: String) {
        self.namePatterns = namePatterns
        self.folderSuffixes = folderSuffixes
        self.userCommentMarker = userCommentMarker
        self.androidSoftwarePrefix = androidSoftwarePrefix
    }

    public static let defaults = ScreenshotRules(
        namePatterns: [
            #"^Screenshot_.+"#,                                          // Android: Screenshot_20240105-101010.png
            #"^Screen ?[Ss]hot \d{4}-\d{2}-\d{2} at .+"#,                // macOS: Screenshot 2024-01-05 at 10.10.10.png, Screen Shot … AM.png
            #"^Screenshot \(\d+\)\.[A-Za-z0-9]+$"#,                      // Windows: Screenshot (12).png
            #"^Screenshot \d{4}-\d{2}-\d{2} \d{6}\.[A-Za-z0-9]+$"#,      // Windows 11: Screenshot 2024-01-05 101010.png
            #"^Screenshot from \d{4}-\d{2}-\d{2} .+"#,                   // GNOME: Screenshot from 2024-01-05 10-10-10.png
        ],
        folderSuffixes: ["Pictures/Screenshots", "DCIM/Screenshots"],
        userCommentMarker: "Screenshot",
        androidSoftwarePrefix: "Android"
    )

    /// Spelled in camelCase here; the configuration's coders turn them into the file's snake_case.
    enum CodingKeys: String, CodingKey {
        case namePatterns = "screenshotNamePatterns"
        case folderSuffixes = "screenshotFolders"
        case userCommentMarker = "screenshotUserComment"
        case androidSoftwarePrefix = "screenshotAndroidSoftware"
    }
}

/// What the inspector learned that bears on "is this a screenshot?".
struct ScreenshotClues {
    var path: RawPath
    var kind: MediaKind
    var make: String?
    var software: String?
    var exifUserComment: String?
    var xmpUserComment: String?
}

/// The screenshot rules, compiled once (per `Inspector`), applied to many files.
struct ScreenshotDetector {
    let rules: ScreenshotRules
    private let patterns: [NSRegularExpression]
    private let folders: [(bytes: [UInt8], text: String)]

    init(_ rules: ScreenshotRules) throws(MediaError) {
        self.rules = rules
        var compiled: [NSRegularExpression] = []
        for pattern in rules.namePatterns {
            guard let regex = try? NSRegularExpression(pattern: pattern) else { throw MediaError.badPattern(pattern) }
            compiled.append(regex)
        }
        patterns = compiled
        folders = rules.folderSuffixes.map { (Array($0.utf8).map(\.asciiLowercased).trimmingSlashes, $0) }.filter { !$0.bytes.isEmpty }
    }

    /// The evidence that the file is a screenshot, or nil.
    ///
    /// Order: a UserComment marker wins (iOS/macOS screenshots carry no Make); then a camera Make
    /// rules it out (a camera photo is never a screenshot, whatever its name or folder); then the
    /// file name patterns; then the folders. Only images can be screenshots.
    func evidence(_ clues: ScreenshotClues) -> String? {
        guard clues.kind == .photo else { return nil }
        let marker = rules.userCommentMarker
        if !marker.isEmpty {
            if let comment = clues.exifUserComment, comment.range(of: marker, options: .caseInsensitive) != nil {
                return "EXIF UserComment: \(comment.prefix(64))"
            }
            if let comment = clues.xmpUserComment, comment.range(of: marker, options: .caseInsensitive) != nil {
                return "XMP UserComment: \(comment.prefix(64))"
            }
        }
        if let make = clues.make, !make.isEmpty { return nil }
        let name = String(decoding: clues.path.lastComponent, as: UTF8.self)
        let range = NSRange(name.startIndex..., in: name)
        if patterns.contains(where: { $0.firstMatch(in: name, range: range) != nil }) {
            return "file name: \(name)"
        }
        let folder = clues.path.parent.bytes.map(\.asciiLowercased).trimmingSlashes
        for suffix in folders where folder == suffix.bytes || folder.hasSuffix([UInt8(ascii: "/")] + suffix.bytes) {
            var evidence = "folder: \(suffix.text)"
            if let software = clues.software, !rules.androidSoftwarePrefix.isEmpty, software.hasPrefix(rules.androidSoftwarePrefix) {
                evidence += " (Software: \(software.prefix(64)))"
            }
            return evidence
        }
        return nil
    }
}

private extension Array<UInt8> {
    var trimmingSlashes: [UInt8] {
        var slice = self[...]
        while slice.first == UInt8(ascii: "/") { slice = slice.dropFirst() }
        while slice.last == UInt8(ascii: "/") { slice = slice.dropLast() }
        return Array(slice)
    }

    func hasSuffix(_ suffix: [UInt8]) -> Bool { count >= suffix.count && self[(count - suffix.count)...].elementsEqual(suffix) }
}
