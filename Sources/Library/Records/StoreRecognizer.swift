/// Tells a store another program owns from what a listed folder holds (its own name, its files'
/// and subfolders' names), and a cache or trash file from its name. Pure: the walk hands it what it
/// listed; everything below a recognised folder belongs to that store.
///
/// Structure first: an iPhone backup is a folder holding `Manifest.db` with `Info.plist` or
/// `Manifest.plist`, whatever it is called; a `.photoslibrary` package counts only with its
/// `database/`. Caches and trashes are known by the names their programs give them.
public enum StoreRecognizer {
    /// The store `folder` is the root of, if any.
    public static func folder(named name: [UInt8], files: some Collection<[UInt8]>, subfolders: some Collection<[UInt8]>) -> StoreKind? {
        func hasFile(_ file: String) -> Bool { files.contains { $0.elementsEqual(file.utf8) } }
        func hasFolder(_ folder: String) -> Bool { subfolders.contains { $0.elementsEqual(folder.utf8) } }
        let lower = name.map(\.asciiLowercased)
        func endsWith(_ suffix: String) -> Bool { lower.count > suffix.utf8.count && lower.suffix(suffix.utf8.count).elementsEqual(suffix.utf8) }

        if hasFile("Manifest.db") && (hasFile("Info.plist") || hasFile("Manifest.plist")) { return .iosBackup }
        if endsWith(".photoslibrary") && hasFolder("database") { return .applePhotosLibrary }
        if (endsWith(".photolibrary") || endsWith(".aplibrary"))
            && (hasFolder("Database") || hasFolder("database") || hasFile("AlbumData.xml") || hasFile("Library.apdb")) {
            return .iPhotoLibrary
        }
        if endsWith(".lrdata") && (hasFile("previews.db") || hasFile("root-pixels.db")
                                   || subfolders.contains { $0.count == 1 && Self.isHexDigit($0[0]) }) {
            return .lightroomPreviews
        }
        if thumbnailFolders.contains(name) || isShotwellOrDarktableCache(name) { return .thumbnailCache }
        if trashFolders.contains(name) || name.starts(with: Array(".Trash-".utf8)) { return .otherTrash }
        return nil
    }

    /// The cache or trash a file outside any store belongs to by its own name, if any.
    public static func file(named name: [UInt8]) -> StoreKind? {
        // Every name below starts with ".", "T" or "e": one comparison for almost every file of a library.
        guard let first = name.first, first == UInt8(ascii: ".") || first == UInt8(ascii: "T") || first == UInt8(ascii: "e") else { return nil }
        if thumbnailFiles.contains(name) || (name.count > 2 && name.starts(with: Array("._".utf8))) { return .thumbnailCache }
        // Android's MediaStore: a file in its trash, or one still being written by an app.
        for prefix in ["trashed-", "pending-"] where name.count > prefix.utf8.count + 1
            && name[0] == UInt8(ascii: ".") && name.dropFirst().starts(with: prefix.utf8) {
            return .otherTrash
        }
        return nil
    }

    /// Folders of thumbnails: Synology (`@eaDir`), QNAP (`.@__thumb`), Android and freedesktop
    /// (`.thumbnails`), macOS on foreign volumes (`.AppleDouble`).
    static let thumbnailFolders: Set<[UInt8]> = Set(["@eaDir", ".@__thumb", ".thumbnails", ".AppleDouble"].map { Array($0.utf8) })
    /// Windows' thumbnail databases.
    static let thumbnailFiles: Set<[UInt8]> = Set(["Thumbs.db", "ehthumbs.db", "ehthumbs_vista.db"].map { Array($0.utf8) })
    /// Trashes of macOS volumes (`.Trashes`, `.Trash`), Windows (`$RECYCLE.BIN`) and digiKam (`.dtrash`);
    /// freedesktop volume trashes are `.Trash-UID`.
    static let trashFolders: Set<[UInt8]> = Set([".Trashes", ".Trash", "$RECYCLE.BIN", ".dtrash"].map { Array($0.utf8) })

    /// Shotwell's `thumbs128`/`thumbs360` and darktable's `mipmaps-HASH.d`.
    private static func isShotwellOrDarktableCache(_ name: [UInt8]) -> Bool {
        if name.elementsEqual("thumbs128".utf8) || name.elementsEqual("thumbs360".utf8) { return true }
        return name.starts(with: Array("mipmaps-".utf8)) && name.count > 10 && name.suffix(2).elementsEqual(".d".utf8)
    }

    private static func isHexDigit(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "F")).contains(byte)
            || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte)
    }
}
