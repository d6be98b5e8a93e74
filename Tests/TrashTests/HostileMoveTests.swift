#if canImport(Glibc)
import Glibc
#endif
import FileSystem
import Foundation
import Testing
@testable import Trash

/// Links and swaps planted between the deal and the confirmation: nothing moves through a link,
/// and a duplicate's kept twin is never the file that moves (invariant 3).
@Suite struct HostileMoveTests {
    let dir: TemporaryDirectory
    let bytes = (0..<5_000).map { UInt8(truncatingIfNeeded: $0 &* 7) }

    init() throws { dir = try TemporaryDirectory() }

    func moveOne(_ request: MoveRequest) throws -> (MoveResult, Trash) {
        let trash = try makeTrash(dir("Trash"))
        let results = trash.moveIn([request], batch: BatchID(1), journal: InMemoryTrashJournal())
        return (try #require(results.first), trash)
    }

    @Test func aKeptTwinReachedThroughALinkedFolderIsTheCopyItselfAndNothingMoves() throws {
        try write(dir("lib/DCIM2/y.jpg"), bytes)
        try write(dir("lib/Backup2/y.jpg"), bytes)
        let dealt = try request(1, dir("lib/Backup2/y.jpg"), twin: dir("lib/DCIM2/y.jpg"))
        try FileManager.default.removeItem(atPath: dir("lib/DCIM2").description)
        try FileManager.default.createSymbolicLink(atPath: dir("lib/DCIM2").description, withDestinationPath: dir("lib/Backup2").description)
        let (result, trash) = try moveOne(dealt)
        #expect(result.skipReason?.contains("might be the last copy") == true, "\(String(describing: result.skipReason))")
        #expect(contents(dir("lib/Backup2/y.jpg")) == bytes)
        #expect(trash.list().entries.isEmpty)
    }

    @Test func aKeptTwinThatIsAHardLinkOfTheCopyIsTheSameFile() throws {
        try write(dir("lib/Backup2/y.jpg"), bytes)
        try FileManager.default.createDirectory(atPath: dir("lib/DCIM2").description, withIntermediateDirectories: true)
        #expect(link(dir("lib/Backup2/y.jpg").description, dir("lib/DCIM2/y.jpg").description) == 0)
        let (result, _) = try moveOne(try request(1, dir("lib/Backup2/y.jpg"), twin: dir("lib/DCIM2/y.jpg")))
        #expect(result.skipReason?.contains("is the same file as") == true, "\(String(describing: result.skipReason))")
        #expect(contents(dir("lib/Backup2/y.jpg")) == bytes)
    }

    @Test func aKeptTwinReplacedByALinkToAnIdenticalFileElsewhereIsRefused() throws {
        try write(dir("lib/DCIM2/y.jpg"), bytes)
        try write(dir("lib/Backup2/y.jpg"), bytes)
        try write(dir("elsewhere/y.jpg"), bytes)
        let dealt = try request(1, dir("lib/Backup2/y.jpg"), twin: dir("lib/DCIM2/y.jpg"))
        try FileManager.default.removeItem(atPath: dir("lib/DCIM2").description)
        try FileManager.default.createSymbolicLink(atPath: dir("lib/DCIM2").description, withDestinationPath: dir("elsewhere").description)
        let (result, _) = try moveOne(dealt)
        #expect(result.skipReason?.contains("symbolic link") == true, "\(String(describing: result.skipReason))")
        #expect(contents(dir("lib/Backup2/y.jpg")) == bytes)
    }

    @Test(arguments: [false, true])
    func aFolderOnTheWayReplacedByALinkMovesNothing(forceCopy: Bool) throws {
        try write(dir("lib/a/x.jpg"), bytes)
        let dealt = try request(1, dir("lib/a/x.jpg"))
        // The same file (same inode, size and mtime) is now reached through a link.
        #expect(rename(dir("lib/a").description, dir("lib/real").description) == 0)
        try FileManager.default.createSymbolicLink(atPath: dir("lib/a").description, withDestinationPath: dir("lib/real").description)
        let trash = try makeTrash(dir("Trash"), forceCopy: forceCopy)
        let result = try #require(trash.moveIn([dealt], batch: BatchID(1), journal: InMemoryTrashJournal()).first)
        #expect(result.skipReason?.contains("symbolic link") == true, "\(String(describing: result.skipReason))")
        #expect(contents(dir("lib/real/x.jpg")) == bytes)
        #expect(trash.list().entries.isEmpty && trash.list().problems.isEmpty)
    }

    enum Replacement: String, CaseIterable, Sendable { case linkToTheSameFile, folder }

    @Test(arguments: Replacement.allCases)
    func aFileReplacedByALinkOrAFolderMovesNothing(_ replacement: Replacement) throws {
        try write(dir("lib/x.jpg"), bytes)
        let dealt = try request(1, dir("lib/x.jpg"))
        #expect(rename(dir("lib/x.jpg").description, dir("lib/moved.jpg").description) == 0)
        switch replacement {
        case .linkToTheSameFile:
            try FileManager.default.createSymbolicLink(atPath: dir("lib/x.jpg").description, withDestinationPath: "moved.jpg")
        case .folder:
            try FileManager.default.createDirectory(atPath: dir("lib/x.jpg").description, withIntermediateDirectories: false)
        }
        let (result, trash) = try moveOne(dealt)
        #expect(result.skipReason?.contains("no longer a regular file") == true, "\(String(describing: result.skipReason))")
        #expect(contents(dir("lib/moved.jpg")) == bytes)
        #expect(trash.list().entries.isEmpty)
    }

    @Test func noLinksRefusesALinkInAnyComponentAndNamesIt() throws {
        try write(dir("real/x.jpg"), bytes)
        try FileManager.default.createSymbolicLink(atPath: dir("link").description, withDestinationPath: dir("real").description)
        #expect(try NoLinks.status(dir("real/x.jpg")).size == Int64(bytes.count))
        #expect(try linkStatus(dir("link/x.jpg")).size == Int64(bytes.count))  // lstat walks through the folder link
        #expect(throws: FileSystemError("stat", dir("link/x.jpg"), code: ELOOP)) { try NoLinks.status(dir("link/x.jpg")) }
        #expect(throws: FileSystemError.self) { try ReadableFile(reachedWithoutLinks: dir("link/x.jpg")) }
        #expect(throws: FileSystemError("stat", dir("real/../real/x.jpg"), code: EINVAL)) { try NoLinks.status(dir("real/../real/x.jpg")) }
    }
}

/// The re-check's change time: what size, mtime and inode cannot see.
@Suite struct ChangeTimeRecheckTests {
    @Test func aSameSizeRewriteThatPutsTheModificationTimeBackIsSkipped() throws {
        let dir = try TemporaryDirectory()
        try write(dir("a.jpg"), "before")
        let dealt = try request(1, dir("a.jpg"))
        usleep(20_000)  // past the kernel's coarse clock tick, so the new change time differs
        try write(dir("a.jpg"), "AFTER!")
        var times = [timespec(tv_sec: 0, tv_nsec: (1 << 30) - 2),
                     timespec(tv_sec: Int(dealt.expected.mtimeNanoseconds / 1_000_000_000), tv_nsec: Int(dealt.expected.mtimeNanoseconds % 1_000_000_000))]
        #expect(utimensat(AT_FDCWD, dir("a.jpg").description, &times, AT_SYMLINK_NOFOLLOW) == 0)
        let now = try linkStatus(dir("a.jpg"))
        #expect(now.size == dealt.expected.size && now.mtimeNanoseconds == dealt.expected.mtimeNanoseconds && now.inode == dealt.expected.inode)
        let trash = try makeTrash(dir("Trash"))
        let result = try #require(trash.moveIn([dealt], batch: BatchID(1), journal: InMemoryTrashJournal()).first)
        #expect(result.skipReason?.contains("changed since it was dealt") == true, "\(String(describing: result.skipReason))")
        #expect(contents(dir("a.jpg")) == Array("AFTER!".utf8))
    }

    @Test func anUnknownChangeTimeIsNotComparedAndAKnownOneIs() {
        let indexed = FileStatus(kind: .regular, size: 5, mtimeNanoseconds: 7, inode: 9, device: 1, ctimeNanoseconds: 100)
        var now = indexed
        #expect(now.isSameVersion(as: indexed))
        now.ctimeNanoseconds = 101
        #expect(!now.isSameVersion(as: indexed))
        var old = indexed
        old.ctimeNanoseconds = 0
        #expect(now.isSameVersion(as: old))
    }
}
