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
