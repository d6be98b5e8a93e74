/// A store another program owns inside a scanned tree: its files are indexed (the report says
/// what it holds) and read-only for SwipeClean: never a card, never moved, never restored into,
/// never the copy that lets a library photo go. The raw values are the contract's `protected`
/// kinds (extend, never rename).
public enum StoreKind: String, Sendable, CaseIterable, Codable {
    /// A Finder/iTunes backup of an iPhone or iPad: `Manifest.db` with `Info.plist` or `Manifest.plist`.
    case iosBackup = "ios-backup"
    /// An Apple Photos library package: `NAME.photoslibrary` holding `database/`.
    case applePhotosLibrary = "apple-photos-library"
    /// An iPhoto or Aperture library package (`.photolibrary`, `.aplibrary`) with its database.
    case iPhotoLibrary = "iphoto-aperture-library"
    /// A Lightroom catalog's previews (`NAME.lrdata` beside the catalog or holding its previews database).
    case lightroomPreviews = "lightroom-previews"
    /// Thumbnails a NAS, a phone, an OS or a photo manager made: `@eaDir`, `.thumbnails`, `Thumbs.db`,
    /// `.AppleDouble`, `._NAME`, Shotwell's and darktable's caches.
    case thumbnailCache = "thumbnail-cache"
    /// Files already in another program's trash: Android's `.trashed-…`/`.pending-…`, `.Trash-UID`,
    /// `.Trashes`, `$RECYCLE.BIN`, digiKam's `.dtrash`.
    case otherTrash = "other-trash"

    /// Whether its files are counted without being read (type, date, hashes): a cache's thumbnails and another
    /// trash's files are never cards nor copies of anything, and a NAS keeps five thumbnails a photo.
    public var leftUnread: Bool { self == .thumbnailCache || self == .otherTrash }

    /// What the scan's line calls it.
    public var phrase: String {
        switch self {
        case .iosBackup: "an iPhone or iPad backup"
        case .applePhotosLibrary: "an Apple Photos library"
        case .iPhotoLibrary: "an iPhoto or Aperture library"
        case .lightroomPreviews: "Lightroom previews"
        case .thumbnailCache: "a thumbnail cache"
        case .otherTrash: "another program's trash"
        }
    }
}
