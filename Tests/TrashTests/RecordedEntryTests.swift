#if canImport(Glibc)
import Glibc
#endif
import FileSystem
import Foundation
import Testing
@testable import Trash

/// The move's record is the truth: a planted link or a swapped file in `files/` is refused, a
/// damaged `.trashinfo` is repaired from the record, and nothing outside the trash is followed,
/// overwritten or deleted.
@Suite struct RecordedEntryTests {
    let dir: TemporaryDirectory
    let trash: Trash
    let entry: RecordedEntry

    /// `lib/a.jpg` moved into the trash, and the record a move keeps of it.
    init() throws {
        dir = try TemporaryDirectory()
        try write(dir("lib/a.jpg"), "the photo")
        try write(dir("outside/secret.txt"), "not yours")
        let dealt = try request(1, dir("lib/a.jpg"))
        let journal = InMemoryTrashJournal()
        trash = try makeTrash(dir("Trash"))
        _ = trash.moveIn([dealt], batch: BatchID(1), journal: journal)
        let move = try #require(journal.moves.values.first)
        #expect(move.trashedInode == dealt.expected.inode)  // a rename keeps the inode, and the move records it
        entry = RecordedEntry(trashName: try #require(move.trashName), originalPath: dir("lib/a.jpg"), size: dealt.expected.size,
                              mtimeNanoseconds: dealt.expected.mtimeNanoseconds, inode: move.trashedInode, deletionDate: try #require(move.deletionDate))
    }

    var stored: RawPath { dir("Trash/files/a.jpg") }
    var info: RawPath { dir("Trash/info/a.jpg.trashinfo") }

    @Test func anUntouchedEntryIsIntactAndRestoresToTheRecordedPath() throws {
        #expect(trash.condition(of: entry) == .intact)
        #expect(try trash.restore(entry, renameIfTaken: false) == dir("lib/a.jpg"))
        #expect(contents(dir("lib/a.jpg")) == Array("the photo".utf8))
        #expect(!pathExists(info))
    }

    @Test func aSymlinkPlantedInFilesIsNeverRestoredNorDeletedThrough() throws {
        #expect(unlink(stored.description) == 0)
        #expect(symlink(dir("outside/secret.txt").description, stored.description) == 0)
        guard case .changed(let why) = trash.condition(of: entry) else { Issue.record("not seen as changed"); return }
        #expect(why.contains("symbolic link"))
        #expect(throws: RestoreError.changed(dir("lib/a.jpg"), why)) { try trash.restore(entry, renameIfTaken: false) }
        #expect(RestoreError.changed(dir("lib/a.jpg"), why).description.contains("was changed outside clean"))
        #expect(!pathExists(dir("lib/a.jpg")))
        #expect(throws: TrashFailure.self) { _ = try trash.purge(entry) }
        #expect(try linkStatus(stored).kind == .symlink)
        #expect(contents(dir("outside/secret.txt")) == Array("not yours".utf8))
    }

    @Test func anotherFileOfTheSameSizeInItsPlaceIsRefused() throws {
        #expect(unlink(stored.description) == 0)
        try write(stored, "the fotoh")
        guard case .changed = trash.condition(of: entry) else { Issue.record("not seen as changed"); return }
        #expect(throws: RestoreError.self) { try trash.restore(entry, renameIfTaken: false) }
        #expect(!pathExists(dir("lib/a.jpg")))
    }

    @Test func aFolderInItsPlaceIsRefusedAndLeftWhole() throws {
        #expect(unlink(stored.description) == 0)
        try write(stored.appending("inside.txt"), "x")
        guard case .changed = trash.condition(of: entry) else { Issue.record("not seen as changed"); return }
        #expect(throws: TrashFailure.self) { _ = try trash.purge(entry) }
        #expect(contents(stored.appending("inside.txt")) == Array("x".utf8))
    }

    static let damagedPaths = [
        "Path=../../x", "Path=x.jpg", "Path=/tmp/../../etc/passwd", "Path=%2Fetc%2Fpasswd", "Path=/etc/passwd",
        "Path=%0A/x", "Path=%ZZ", "",
    ]

    @Test(arguments: damagedPaths)
    func aDamagedTrashInfoIsRepairedFromTheRecordAndTheFileRestoresWhereItCameFrom(_ line: String) throws {
        #expect(unlink(info.description) == 0)
        try write(info, "[Trash Info]\n\(line)\nDeletionDate=2026-03-02T18:30:00\n")
        guard case .damagedInfo = trash.condition(of: entry) else { Issue.record("\(line): not seen as damaged"); return }
        try trash.repairInfo(entry)
        #expect(trash.condition(of: entry) == .intact)
        #expect(contents(info) == TrashInfo(originalPath: dir("lib/a.jpg"), deletionDate: entry.deletionDate).bytes)
        #expect(trash.list().entries.map(\.originalPath) == [dir("lib/a.jpg")])
        #expect(try trash.restore(entry, renameIfTaken: false) == dir("lib/a.jpg"))
        #expect(contents(dir("lib/a.jpg")) == Array("the photo".utf8))
        #expect(contents(dir("outside/secret.txt")) == Array("not yours".utf8))
    }

    @Test func aTrashInfoReplacedByALinkIsReplacedNotFollowed() throws {
        #expect(unlink(info.description) == 0)
        #expect(symlink(dir("outside/secret.txt").description, info.description) == 0)
        guard case .damagedInfo = trash.condition(of: entry) else { Issue.record("not seen as damaged"); return }
        try trash.repairInfo(entry)
        #expect(try linkStatus(info).kind == .regular)
        #expect(contents(dir("outside/secret.txt")) == Array("not yours".utf8))
    }

    @Test func aMissingTrashInfoIsRewrittenAndADamagedEntryCanBePurged() throws {
        #expect(unlink(info.description) == 0)
        #expect(trash.condition(of: entry) == .damagedInfo("its .trashinfo is missing"))
        #expect(try trash.purge(entry) == Int64("the photo".utf8.count))
        #expect(!pathExists(stored) && !pathExists(info))
        #expect(trash.condition(of: entry) == .gone)
    }

    @Test func purgeDeletesOnlyTheRecordedEntryAndLeavesEverythingElseInASharedTrash() throws {
        // Another program's entries: a folder with its info, a file without info.
        try write(dir("Trash/files/album/1.jpg"), "11")
        try write(dir("Trash/info/album.trashinfo"), "[Trash Info]\nPath=/home/u/album\nDeletionDate=2020-01-01T00:00:00\n")
        try write(dir("Trash/files/mystery.bin"), "?")
        #expect(try trash.purge(entry) == 9)
        #expect(!pathExists(stored) && !pathExists(info))
        #expect(contents(dir("Trash/files/album/1.jpg")) == Array("11".utf8))
        #expect(pathExists(dir("Trash/info/album.trashinfo")) && pathExists(dir("Trash/files/mystery.bin")))
    }
}
