#if canImport(Glibc)
import Glibc
#endif
import FileSystem
import Foundation
import Testing
@testable import Trash

@Suite struct MoveInTests {
    @Test func movedFileLeavesItsPathAndGetsAFreeDesktopEntry() throws {
        let dir = try TemporaryDirectory()
        try write(dir("lib/IMG_1.jpg"), "photo")
        let trash = try makeTrash(dir("Trash"))
        let journal = InMemoryTrashJournal()
        let results = trash.moveIn([try request(1, dir("lib/IMG_1.jpg"))], batch: BatchID(7), journal: journal)
        #expect(results == [.moved(itemID: 1, entries: [MovedEntry(trashName: Array("IMG_1.jpg".utf8), originalPath: dir("lib/IMG_1.jpg"), size: 5)], leftBehind: [])])
        #expect(!pathExists(dir("lib/IMG_1.jpg")))
        #expect(contents(dir("Trash/files/IMG_1.jpg")) == Array("photo".utf8))
        #expect(contents(dir("Trash/info/IMG_1.jpg.trashinfo")) == Array("[Trash Info]\nPath=\(dir("lib/IMG_1.jpg"))\nDeletionDate=2026-03-02T18:30:00\n".utf8))
        #expect(journal.history[MoveKey(batch: BatchID(7), itemID: 1, part: 0)] == [.planned, .planned, .infoWritten, .done])
    }

    @Test func deletionDateIsLocalTimeOfTheGivenTimeZone() throws {
        let dir = try TemporaryDirectory()
        try write(dir("a.jpg"), "x")
        let paris = try Trash(root: dir("Trash"), timeZone: TimeZone(identifier: "Europe/Paris")!, now: { fixedNow })
        _ = paris.moveIn([try request(1, dir("a.jpg"))], batch: BatchID(1), journal: InMemoryTrashJournal())
        #expect(paris.list().entries.first?.deletionDate == "2026-03-02T19:30:00")
        #expect(paris.list().entries.first?.deletedAt == fixedNow)
    }

    @Test func fileChangedSinceDealtIsSkippedAndStays() throws {
        let dir = try TemporaryDirectory()
        try write(dir("a.jpg"), "before")
        let dealt = try request(1, dir("a.jpg"))
        try write(dir("a.jpg"), "after, longer")
        let trash = try makeTrash(dir("Trash"))
        let results = trash.moveIn([dealt], batch: BatchID(1), journal: InMemoryTrashJournal())
        #expect(results.first?.skipReason?.contains("changed since it was dealt") == true)
        #expect(contents(dir("a.jpg")) == Array("after, longer".utf8))
        #expect(trash.list().entries.isEmpty && trash.list().problems.isEmpty)
    }

    @Test func fileVanishedSinceDealtIsSkipped() throws {
        let dir = try TemporaryDirectory()
        try write(dir("a.jpg"), "x")
        let dealt = try request(1, dir("a.jpg"))
        unlink(dir("a.jpg").description)
        let trash = try makeTrash(dir("Trash"))
        let results = trash.moveIn([dealt], batch: BatchID(1), journal: InMemoryTrashJournal())
        #expect(results.first?.skipReason?.contains("is gone") == true)
        #expect(trash.list().entries.isEmpty)
    }

    enum TwinCase: String, CaseIterable, Sendable { case missing, differsByOneByte, identical }

    @Test(arguments: TwinCase.allCases)
    func duplicateMovesOnlyWhileItsKeptTwinHasTheSameBytes(_ twinCase: TwinCase) throws {
        let dir = try TemporaryDirectory()
        let bytes = (0..<10_000).map { UInt8(truncatingIfNeeded: $0) }
        try write(dir("copy.jpg"), bytes)
        switch twinCase {
        case .missing: break
        case .differsByOneByte: var other = bytes; other[9_999] ^= 1; try write(dir("kept.jpg"), other)
        case .identical: try write(dir("kept.jpg"), bytes)
        }
        let trash = try makeTrash(dir("Trash"))
        let result = trash.moveIn([try request(1, dir("copy.jpg"), twin: dir("kept.jpg"))], batch: BatchID(1), journal: InMemoryTrashJournal())
        if twinCase == .identical {
            #expect(result.first?.entries.count == 1)
            #expect(!pathExists(dir("copy.jpg")))
        } else {
            #expect(result.first?.skipReason?.contains("last copy") == true)
            #expect(contents(dir("copy.jpg")) == bytes)
        }
    }

    @Test func sameNameFromTwoFoldersGetsANumberedTrashName() throws {
        let dir = try TemporaryDirectory()
        try write(dir("a/IMG.jpg"), "one")
        try write(dir("b/IMG.jpg"), "two")
        try write(dir("c/IMG.jpg"), "three")
        let trash = try makeTrash(dir("Trash"))
        let results = trash.moveIn([try request(1, dir("a/IMG.jpg")), try request(2, dir("b/IMG.jpg")), try request(3, dir("c/IMG.jpg"))],
                                   batch: BatchID(1), journal: InMemoryTrashJournal())
        #expect(results.flatMap(\.entries).map { String(decoding: $0.trashName, as: UTF8.self) } == ["IMG.jpg", "IMG.2.jpg", "IMG.3.jpg"])
        // Listed by trash name: IMG.2.jpg, IMG.3.jpg, IMG.jpg.
        #expect(trash.list().entries.map(\.originalPath) == [dir("b/IMG.jpg"), dir("c/IMG.jpg"), dir("a/IMG.jpg")])
    }

    @Test func linkedFilesMoveWithTheirPrimaryEachWithItsOwnEntry() throws {
        let dir = try TemporaryDirectory()
        try write(dir("IMG_1.HEIC"), "still")
        try write(dir("IMG_1.MOV"), "movie!")
        try write(dir("IMG_1.AAE"), "edits")
        let trash = try makeTrash(dir("Trash"))
        let results = trash.moveIn([try request(1, dir("IMG_1.HEIC"), linked: [dir("IMG_1.MOV"), dir("IMG_1.AAE")])],
                                   batch: BatchID(1), journal: InMemoryTrashJournal())
        #expect(results.first?.entries.map(\.size) == [5, 6, 5])
        #expect(trash.list().entries.count == 3)
    }

    @Test func linkedFilesStayWhenThePrimaryCannotMove() throws {
        let dir = try TemporaryDirectory()
        try write(dir("IMG_1.HEIC"), "still")
        try write(dir("IMG_1.MOV"), "movie")
        let dealt = try request(1, dir("IMG_1.HEIC"), linked: [dir("IMG_1.MOV")])
        try write(dir("IMG_1.HEIC"), "edited still")
        let trash = try makeTrash(dir("Trash"))
        let results = trash.moveIn([dealt], batch: BatchID(1), journal: InMemoryTrashJournal())
        #expect(results.first?.skipReason != nil)
        #expect(pathExists(dir("IMG_1.MOV")) && trash.list().entries.isEmpty)
    }

    @Test(arguments: [ENOSPC, EIO])
    func failedCopyLeavesTheSourceIntactAndNoPartialCopy(_ code: Int32) throws {
        let dir = try TemporaryDirectory()
        let bytes = (0..<(3 << 20)).map { UInt8(truncatingIfNeeded: $0 >> 3) }
        try write(dir("big.MOV"), bytes)
        var writes = 0
        let faulty = FaultInjectingFileOperations(rule: { call, path in
            guard call == .write, path.lastComponent.starts(with: Array(".swipeclean-partial".utf8)) else { return nil }
            writes += 1
            return writes == 2 ? code : nil
        })
        let trash = try makeTrash(dir("Trash"), operations: faulty, forceCopy: true)
        let journal = InMemoryTrashJournal()
        let results = trash.moveIn([try request(1, dir("big.MOV"))], batch: BatchID(1), journal: journal)
        #expect(results.first?.skipReason?.contains(String(cString: strerror(code))) == true)
        #expect(contents(dir("big.MOV")) == bytes)
        #expect(try listDirectory(dir("Trash/files")).isEmpty && listDirectory(dir("Trash/info")).isEmpty)
        #expect(journal.moves.values.map(\.state) == [.rolledBack])
    }

    @Test(arguments: [(EACCES, false), (EROFS, false), (EPERM, true), (EACCES, true)])
    func readOnlySourceFolderReportsWhyAndChangesNothing(_ code: Int32, copy: Bool) throws {
        let dir = try TemporaryDirectory()
        try write(dir("ro/a.jpg"), "keep me")
        // Root ignores chmod 0555, so the read-only folder is simulated at the seam.
        let faulty = FaultInjectingFileOperations(rule: { call, path in
            (call == .rename || call == .unlink) && path == dir("ro/a.jpg") ? code : nil
        })
        let trash = try makeTrash(dir("Trash"), operations: faulty, forceCopy: copy)
        let results = trash.moveIn([try request(1, dir("ro/a.jpg"))], batch: BatchID(1), journal: InMemoryTrashJournal())
        let reason = try #require(results.first?.skipReason)
        #expect(reason.contains(dir("ro/a.jpg").description) && reason.contains("read-only"))
        #expect(contents(dir("ro/a.jpg")) == Array("keep me".utf8))
        #expect(try listDirectory(dir("Trash/files")).isEmpty && listDirectory(dir("Trash/info")).isEmpty)
    }

    @Test func copyPathMovesAcrossARealSecondFileSystem() throws {
        guard let other = otherFileSystemBase() else {
            print("copyPathMovesAcrossARealSecondFileSystem: skipped, no second file system (/dev/shm) available")
            return
        }
        let phone = try TemporaryDirectory(in: other)
        let dir = try TemporaryDirectory()
        let bytes = (0..<(2 << 20)).map { UInt8(truncatingIfNeeded: $0 &* 7) }
        try write(phone("DCIM/clip.MOV"), bytes)
        let before = try linkStatus(phone("DCIM/clip.MOV"))
        let trash = try makeTrash(dir("Trash"))
        let results = trash.moveIn([try request(1, phone("DCIM/clip.MOV"))], batch: BatchID(1), journal: InMemoryTrashJournal())
        #expect(results.first?.entries.count == 1)
        #expect(!pathExists(phone("DCIM/clip.MOV")))
        #expect(contents(dir("Trash/files/clip.MOV")) == bytes)
        #expect(try linkStatus(dir("Trash/files/clip.MOV")).mtimeNanoseconds == before.mtimeNanoseconds)
        let back = try trash.restore(Array("clip.MOV".utf8), to: phone("DCIM/clip.MOV"), renameIfTaken: false)
        #expect(contents(back) == bytes && trash.list().entries.isEmpty && trash.list().problems.isEmpty)
    }
}
