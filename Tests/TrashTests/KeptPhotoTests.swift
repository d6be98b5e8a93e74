#if canImport(Glibc)
import Glibc
#endif
import FileSystem
import Foundation
import Testing
@testable import Trash

/// A similar photo moves only while the photo kept in its place exists unchanged (size and
/// modification time), is another file, and is not reached through a link.
@Suite struct KeptPhotoTests {
    let dir: TemporaryDirectory
    init() throws { dir = try TemporaryDirectory() }

    enum KeptCase: String, CaseIterable, Sendable {
        case unchanged, gone, longer, touched, hardLinkOfTheCopy, symbolicLink, linkedFolder, folder
    }

    @Test(arguments: KeptCase.allCases)
    func aSimilarCopyMovesOnlyWhileItsKeptPhotoIsUnchanged(_ keptCase: KeptCase) throws {
        try write(dir("lib/Backup/IMG_1 (small).jpg"), "the copy")
        try write(dir("lib/DCIM/IMG_1.jpg"), "the kept photo, other bytes")
        let copy = dir("lib/Backup/IMG_1 (small).jpg"), kept = dir("lib/DCIM/IMG_1.jpg")
        var dealt = MoveRequest(itemID: 1, path: copy, expected: try linkStatus(copy),
                                keptPhoto: KeptPhoto(path: kept, expected: try linkStatus(kept)))
        switch keptCase {
        case .unchanged: break
        case .gone: unlink(kept.description)
        case .longer: try write(kept, "the kept photo, other bytes, edited")
        case .touched:
            var times = [timespec(tv_sec: 1_000_000, tv_nsec: 0), timespec(tv_sec: 1_000_000, tv_nsec: 0)]
            #expect(utimensat(AT_FDCWD, kept.description, &times, 0) == 0)
        case .hardLinkOfTheCopy:
            // The kept photo is the copy under a second name, and was when dealt (a new link changes
            // the copy's ctime, which its own re-check would catch first).
            unlink(kept.description)
            #expect(link(copy.description, kept.description) == 0)
            dealt = MoveRequest(itemID: 1, path: copy, expected: try linkStatus(copy),
                                keptPhoto: KeptPhoto(path: kept, expected: try linkStatus(kept)))
        case .symbolicLink:
            try write(dir("elsewhere.jpg"), "the kept photo, other bytes")
            unlink(kept.description)
            #expect(symlink(dir("elsewhere.jpg").description, kept.description) == 0)
        case .linkedFolder:
            try FileManager.default.moveItem(atPath: dir("lib/DCIM").description, toPath: dir("lib/DCIM.real").description)
            #expect(symlink(dir("lib/DCIM.real").description, dir("lib/DCIM").description) == 0)
        case .folder:
            unlink(kept.description)
            try FileManager.default.createDirectory(atPath: kept.description, withIntermediateDirectories: false)
        }
        let trash = try makeTrash(dir("Trash"))
        let result = try #require(trash.moveIn([dealt], batch: BatchID(1), journal: InMemoryTrashJournal()).first)
        if keptCase == .unchanged {
            #expect(result.entries.count == 1)
            #expect(contents(copy) == nil)
        } else {
            let reason = try #require(result.skipReason, "\(keptCase) moved the copy")
            let expected = ["gone": "is gone", "longer": "changed since it was dealt", "touched": "changed since it was dealt",
                            "hardLinkOfTheCopy": "is the same file as", "symbolicLink": "symbolic link",
                            "linkedFolder": "symbolic link", "folder": "no longer a regular file"][keptCase.rawValue]!
            #expect(reason.contains(expected), "\(reason)")
            #expect(contents(copy) == Array("the copy".utf8))
            #expect(trash.list().entries.isEmpty)
        }
    }

    @Test func aCopyNamingItselfAsItsKeptPhotoStays() throws {
        try write(dir("a.jpg"), "x")
        let dealt = MoveRequest(itemID: 1, path: dir("a.jpg"), expected: try linkStatus(dir("a.jpg")),
                                keptPhoto: KeptPhoto(path: dir("a.jpg"), expected: try linkStatus(dir("a.jpg"))))
        let result = try #require(try makeTrash(dir("Trash")).moveIn([dealt], batch: BatchID(1), journal: InMemoryTrashJournal()).first)
        #expect(result.skipReason?.contains("names itself") == true)
        #expect(contents(dir("a.jpg")) == Array("x".utf8))
    }
}
