import FileSystem
import Foundation
import GRDB
import Imaging
import Media

/// One indexed file: a row of `item`.
public struct ItemRecord: Codable, Sendable, Equatable, FetchableRecord, MutablePersistableRecord {
    public static let databaseTableName = "item"

    public var id: Int64?
    /// The exact path bytes (absolute).
    public var path: Data
    public var size: Int64
    public var mtimeNs: Int64
    /// `st_ino` and `st_dev`, stored by bit pattern (SQLite integers are signed).
    public var inode: Int64
    public var device: Int64
    /// `st_ctim` in nanoseconds (migration v5-trash); nil in rows indexed before it was recorded.
    public var ctimeNs: Int64?
    public var mime: String
    public var kind: MediaKind
    /// ISO 8601 as DESIGN.md renders it (offset, `Z`, or none for a local time of unknown offset).
    public var capturedAt: String?
    /// The capture instant in seconds since 1970, for "older than" queries.
    public var capturedEpoch: Double?
    public var dateSource: DateSource
    public var width: Int?
    public var height: Int?
    public var cameraMake: String?
    public var cameraModel: String?
    /// Why this image is a screenshot; nil when it is not one.
    public var screenshotEvidence: String?
    public var partialHash: String?
    public var contentHash: String?
    public var duplicateGroup: Int64?
    /// The item this one belongs to (a Live Photo's movie, a sidecar), if any.
    public var linkedTo: Int64?
    public var linkKind: LinkKind?
    /// The 64-bit perceptual hash of a photo (by bit pattern), once computed; nil for other files.
    public var perceptualHash: Int64?
    /// Variance of the Laplacian at the hash's decoded size: the keep rule's tie-breaker.
    public var sharpness: Double?
    /// The photo's 32×32 gray thumbnail (`Imaging.Thumbnail`), for the second look at similar photos;
    /// nil for a photo with too little detail to be grouped (never looked at). Carried from reading to
    /// `IndexWriter`, which keeps it in `photoThumbnail` (migration v17), not in the row: 1,024 bytes in
    /// each row would make the table four times the pages every rescan and listing reads. Never read back
    /// with the row (nil in a record fetched from the index).
    public var thumbnail: Data?
    /// The perceptual hash of the photo's centre (`PhotoFingerprint.centreHash`), by bit pattern.
    public var centreHash: Int64?
    /// How much detail the thumbnail holds (`Thumbnail.detail`): below `SimilarGrouping.minimumDetail`
    /// a photo is never grouped as similar.
    public var detail: Double?
    /// The id of the photo kept in this photo's similar group (its own id for the kept one); nil outside a group.
    public var similarGroup: Int64?
    /// Whether nothing is left to fingerprint in this version of the file: a photo's fingerprint
    /// was taken (one that cannot be decoded is fingerprinted too, without a hash), or the file
    /// never gets one (`takesPartInSimilar`). False for a photo until its fingerprint is taken.
    public var fingerprinted: Bool
    /// The `store` row of the store another program owns that this file lies in (never a card,
    /// never moved, never a kept copy); nil for a library file.
    public var store: Int64?
    /// The file's own name and folder inside its store, where the store records it (an iPhone
    /// backup's `Manifest.db`: `Media/DCIM/100APPLE/IMG_0001.HEIC`).
    public var storeName: String?
    /// Why this photo is a bad shot (`Imaging.BadShot`, migration v18-badShots); nil for a photo to keep or another file.
    public var badShot: BadShot?
    /// The measures it was judged by (`Imaging.ShotQuality`), nil before a photo's fingerprint.
    public var shotFocus: Double?
    public var shotDark: Double?
    public var shotBright: Double?
    public var shotMedian: Int?
    public var shotHighlight: Int?
    /// The brightest 1 % (`ShotQuality.brightest`, migration v28): nil where not measured.
    public var shotBrightest: Int?
    public var shotFaintFocus: Double?
    public var shotAnisotropy: Double?
    public var shotTextured: Double?
    /// How smeared the whole frame is (`ShotQuality.smear`, migration v22): nil where not measured.
    public var shotSmear: Double?
    /// The smear of the frame at 192 px (`ShotQuality.fineSmear`, migration v23): nil where not measured.
    public var shotFineSmear: Double?
    /// The share of lights in a dark frame (`ShotQuality.lights`, migration v28): nil where not measured.
    public var shotLights: Double?
    /// Set when the photo is blurry beside its similar group rather than on its own measures: the focus of the
    /// sharpest photo of the group (migration v21; `SofterThanNeighbours`).
    public var shotSofterThan: Double?
    /// A JPEG photo's quality estimated from its quantization table (`Imaging.JPEGQuality`), taken with its
    /// fingerprint (migration v18-keeperSignals); nil for another format or before it is fingerprinted.
    public var jpegQuality: Int?
    /// Whether the file's EXIF names where it was taken (nil: indexed before v19 read it).
    public var hasLocation: Bool?
    /// How much fine detail the photo holds (`Imaging.CopyDetail`, migration v26): at the frame copies of other sizes
    /// are brought to, at its decode, and that decode's short side; nil where not measured.
    public var fineDetail: Double?
    public var fineDetailDecode: Double?
    public var fineDetailSide: Int?
    /// Set when the photo's bad-shot verdict is that of a fuller copy of its capture, not its own measures': that copy's
    /// id (migration v26; `OneVerdictPerCapture`).
    public var shotAsCopyOf: Int64?

    public enum LinkKind: String, Codable, Sendable { case livePhoto = "live-photo", raw, sidecar }

    /// The row's columns: every stored property but `thumbnail` (StoredFormatTests holds them to the schema).
    enum CodingKeys: String, CodingKey {
        case id, path, size, mtimeNs, inode, device, ctimeNs, mime, kind, capturedAt, capturedEpoch, dateSource, width, height
        case cameraMake, cameraModel, screenshotEvidence, partialHash, contentHash, duplicateGroup, linkedTo, linkKind
        case perceptualHash, sharpness, centreHash, detail, similarGroup, fingerprinted, store, storeName
        case badShot, shotFocus, shotDark, shotBright, shotMedian, shotHighlight, shotFaintFocus, shotAnisotropy, shotTextured, shotSmear, shotFineSmear, shotSofterThan, jpegQuality
        case shotBrightest, shotLights
        case hasLocation, fineDetail, fineDetailDecode, fineDetailSide, shotAsCopyOf
    }

    public var rawPath: RawPath { RawPath(bytes: Array(path)) }
    public var isScreenshot: Bool { screenshotEvidence != nil }
    /// The perceptual hash as 16 hex digits (as `Imaging.PerceptualHash.hex` writes it), if there is one.
    public var perceptualHashHex: String? { perceptualHash.map { PerceptualHash(bits: UInt64(bitPattern: $0)).hex } }

    /// The indexed facts a re-check compares with `lstat`.
    public var status: FileStatus {
        FileStatus(kind: .regular, size: size, mtimeNanoseconds: mtimeNs,
                   inode: UInt64(bitPattern: inode), device: UInt64(bitPattern: device), ctimeNanoseconds: ctimeNs ?? 0)
    }

    public mutating func didInsert(_ inserted: InsertionSuccess) { id = inserted.rowID }

    package init(path: RawPath, status: FileStatus, info: MediaInfo, timeZone: TimeZone) {
        self.path = Data(path.bytes)
        size = status.size
        mtimeNs = status.mtimeNanoseconds
        inode = Int64(bitPattern: status.inode)
        device = Int64(bitPattern: status.device)
        ctimeNs = status.ctimeNanoseconds
        mime = info.mime
        kind = info.kind
        capturedAt = info.capturedAt?.iso8601
        capturedEpoch = info.capturedAt.map { $0.date(assuming: timeZone).timeIntervalSince1970 }
        dateSource = info.dateSource
        width = info.width
        height = info.height
        cameraMake = info.cameraMake
        cameraModel = info.cameraModel
        screenshotEvidence = info.screenshotEvidence
        partialHash = info.partialHash
        contentHash = info.contentHash
        hasLocation = info.hasLocation
        // Set as it is read, not by a later pass over the whole index (`SimilarFinder.pending`).
        fingerprinted = !Self.takesPartInSimilar(kind: info.kind, screenshotEvidence: info.screenshotEvidence, store: nil)
    }

    /// Whether a file gets a fingerprint: photos but screenshots, outside the stores other programs
    /// own (a photo there is never similar to a library photo: it is not the player's to keep or
    /// delete). A new record of another file is fingerprinted (nothing to take) from the start;
    /// the scan's `SimilarFinder.pending` marks older rows by the same condition.
    package var takesPartInSimilar: Bool {
        Self.takesPartInSimilar(kind: kind, screenshotEvidence: screenshotEvidence, store: store)
    }

    package static func takesPartInSimilar(kind: MediaKind, screenshotEvidence: String?, store: Int64?) -> Bool {
        kind == .photo && screenshotEvidence == nil && store == nil
    }
}
