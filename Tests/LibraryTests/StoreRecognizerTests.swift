import Library
import Testing

/// Stores are told from what a folder holds, caches and trashes from the names their programs give.
@Suite struct StoreRecognizerTests {
    static func folder(_ name: String, files: [String] = [], folders: [String] = []) -> StoreKind? {
        StoreRecognizer.folder(named: Array(name.utf8), files: files.map { Array($0.utf8) }, subfolders: folders.map { Array($0.utf8) })
    }

    @Test func anIPhoneBackupIsItsManifestWithInfoOrManifestPlistWhateverTheFolderIsCalled() {
        #expect(Self.folder("00008030-001A2B3C4D5E6F70", files: ["Info.plist", "Manifest.db", "Manifest.plist", "Status.plist"],
                            folders: ["00", "3f", "ff"]) == .iosBackup)
        #expect(Self.folder("My old phone", files: ["Manifest.db", "Manifest.plist"]) == .iosBackup)
        #expect(Self.folder("x", files: ["Manifest.db", "Info.plist"]) == .iosBackup)
        // Half a backup is not one: a manifest alone, or the plists alone.
        #expect(Self.folder("00008030-001A2B3C4D5E6F70", files: ["Manifest.db"]) == nil)
        #expect(Self.folder("00008030-001A2B3C4D5E6F70", files: ["Info.plist", "Manifest.plist"]) == nil)
        #expect(Self.folder("Backup", files: ["manifest.db", "info.plist"]) == nil)
    }

    @Test func photoLibrariesAreTheirPackageWithItsDatabase() {
        #expect(Self.folder("Photos Library.photoslibrary", folders: ["database", "originals", "resources"]) == .applePhotosLibrary)
        #expect(Self.folder("Photos Library.PHOTOSLIBRARY", folders: ["database"]) == .applePhotosLibrary)
        #expect(Self.folder("Trip.photoslibrary", folders: ["originals"]) == nil)  // a folder merely named so
        #expect(Self.folder("iPhoto Library.photolibrary", files: ["AlbumData.xml"], folders: ["Masters"]) == .iPhotoLibrary)
        #expect(Self.folder("Aperture Library.aplibrary", folders: ["Database", "Masters"]) == .iPhotoLibrary)
        #expect(Self.folder("Lightroom Catalog Previews.lrdata", files: ["previews.db", "root-pixels.db"], folders: ["0", "A"]) == .lightroomPreviews)
        #expect(Self.folder("Lightroom Catalog Smart Previews.lrdata", folders: ["0", "1", "F"]) == .lightroomPreviews)
        #expect(Self.folder("notes.lrdata", folders: ["misc"]) == nil)
    }

    @Test func cachesAndTrashesAreKnownByTheirProgramsNames() {
        for name in ["@eaDir", ".thumbnails", ".AppleDouble", ".@__thumb", "thumbs128", "mipmaps-0123abcd.d"] {
            #expect(Self.folder(name) == .thumbnailCache, "\(name)")
        }
        for name in [".Trash-1000", ".Trash-0", ".Trashes", ".Trash", "$RECYCLE.BIN", ".dtrash"] {
            #expect(Self.folder(name) == .otherTrash, "\(name)")
        }
        // Picasa's originals are the originals, not a cache; an ordinary folder is nothing.
        for name in [".picasaoriginals", "thumbnails", "Trash", "DCIM", "Camera"] { #expect(Self.folder(name) == nil, "\(name)") }
    }

    @Test func cacheAndTrashFilesAreKnownByTheirNames() {
        func file(_ name: String) -> StoreKind? { StoreRecognizer.file(named: Array(name.utf8)) }
        #expect(file("Thumbs.db") == .thumbnailCache)
        #expect(file("ehthumbs_vista.db") == .thumbnailCache)
        #expect(file("._IMG_0001.JPG") == .thumbnailCache)
        #expect(file(".trashed-1700000000-IMG_0007.jpg") == .otherTrash)
        #expect(file(".pending-1700000001-VID_0001.mp4") == .otherTrash)
        for name in ["IMG_0001.JPG", "thumbs.db.jpg", "._", "IMG.trashed-1.jpg", ".trashed-", "trashed-1-x.jpg", "desktop.ini"] {
            #expect(file(name) == nil, "\(name)")
        }
    }
}
