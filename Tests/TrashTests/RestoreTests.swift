#if canImport(Glibc)
import Glibc
#endif
import FileSystem
import Foundation
import Testing
@testable import Trash

@Suite struct RestoreTests {
    func trashed(_ dir: TemporaryDirectory, _ relative: String, _ text: String = "photo") throws -> (Trash, [UInt8]) {
        try write(dir(relative), text)
        let trash = try makeTrash(dir("Trash"))
        let result = trash.moveIn([try request(1, dir(relative))], batch: BatchID(1), journal: InMemoryTrashJournal())
        return (trash, try #require(result.first?.entries.first?.trashName))
    }

    @Test func nonUTF8NameRoundTripsByExactBytes() throws {
        let dir = try TemporaryDirectory()
        let path = dir.path.appending([0x43, 0x61, 0x66, 0xE9, 0x20, 0x0A, 0xFF, 0x2E, 0x6A, 0x70, 0x67])  // "Caf\xE9 \n\xFF.jpg" in Latin-1
        try write(path, "bytes")
        let trash = try makeTrash(dir("Trash"))
        let moved = trash.moveIn([try request(1, path)], batch: BatchID(1), journal: InMemoryTrashJournal())
        let name = try #require(moved.first?.entries.first?.trashName)
        #expect(name == path.lastComponent)
        #expect(trash.list().entries.first?.originalPath == path)
        let info = try #require(contents(trash.infoPath(name)))
        #expect(String(decoding: info, as: UTF8.self).contains("/Caf%E9%20%0A%FF.jpg\n"))
        #expect(try trash.restore(name, to: path, renameIfTaken: false) == path)
        #expect(contents(path) == Array("bytes".utf8))
        #expect(trash.list().entries.isEmpty && trash.list().problems.isEmpty)
    }

    @Test func restoreRefusesToOverwrite() throws {
        let dir = try TemporaryDirectory()
        let (trash, name) = try trashed(dir, "lib/a.jpg", "old")
        try write(dir("lib/a.jpg"), "new")
        #expect(throws: RestoreError.taken(dir("lib/a.jpg"))) { try trash.restore(name, to: dir("lib/a.jpg"), renameIfTaken: false) }
        #expect(contents(dir("lib/a.jpg")) == Array("new".utf8))
        #expect(trash.list().entries.count == 1)
    }

    @Test func restoreWithRenameKeepsBothAsRestoredThenRestored2() throws {
        let dir = try TemporaryDirectory()
        try write(dir("lib/a.jpg"), "one")
        try write(dir("other/a.jpg"), "two")
        let trash = try makeTrash(dir("Trash"))
        let moved = trash.moveIn([try request(1, dir("lib/a.jpg")), try request(2, dir("other/a.jpg"))],
                                 batch: BatchID(1), journal: InMemoryTrashJournal()).flatMap(\.entries)
        try write(dir("lib/a.jpg"), "newcomer")
        #expect(try trash.restore(moved[0].trashName, to: dir("lib/a.jpg"), renameIfTaken: true) == dir("lib/a (restored).jpg"))
        #expect(try trash.restore(moved[1].trashName, to: dir("lib/a.jpg"), renameIfTaken: true) == dir("lib/a (restored 2).jpg"))
        #expect(contents(dir("lib/a.jpg")) == Array("newcomer".utf8))
        #expect(contents(dir("lib/a (restored).jpg")) == Array("one".utf8))
        #expect(contents(dir("lib/a (restored 2).jpg")) == Array("two".utf8))
    }

    @Test func restoreRecreatesMissingParentFolders() throws {
        let dir = try TemporaryDirectory()
        let (trash, name) = try trashed(dir, "lib/2019/summer/a.jpg")
        try FileManager.default.removeItem(atPath: dir("lib/2019").description)
        try trash.restore(name, to: dir("lib/2019/summer/a.jpg"), renameIfTaken: false)
        #expect(contents(dir("lib/2019/summer/a.jpg")) == Array("photo".utf8))
        #expect(!pathExists(trash.infoPath(name)))
    }

    @Test(arguments: ["relative/a.jpg", "/lib/../etc/a.jpg", "/lib/./a.jpg", "/lib/..", "/"])
    func restoreRefusesAPathThatIsRelativeOrClimbs(_ target: String) throws {
        let dir = try TemporaryDirectory()
        let (trash, name) = try trashed(dir, "lib/a.jpg")
        #expect(throws: RestoreError.unsafePath(RawPath(target))) { try trash.restore(name, to: RawPath(target), renameIfTaken: true) }
        #expect(trash.list().entries.count == 1)
    }

    @Test func restoreOfANameNotInTheTrashFails() throws {
        let dir = try TemporaryDirectory()
        let trash = try makeTrash(dir("Trash"))
        #expect(throws: RestoreError.notInTrash(Array("nope.jpg".utf8))) {
            try trash.restore(Array("nope.jpg".utf8), to: dir("nope.jpg"), renameIfTaken: false)
        }
        #expect(throws: RestoreError.notInTrash(Array("../x".utf8))) {
            try trash.restore(Array("../x".utf8), to: dir("x"), renameIfTaken: false)
        }
    }
}
