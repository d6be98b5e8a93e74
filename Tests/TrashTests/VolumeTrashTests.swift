#if canImport(Glibc)
import Glibc
#endif
import FileSystem
import Foundation
import Testing
@testable import Trash

/// A desktop trash (rename only) and a file on another volume (issue 15): the file is renamed into
/// that volume's `$topdir/.Trash-$UID` (or `$topdir/.Trash/$UID` beside a sticky `.Trash`), the
/// FreeDesktop.org way, journaled and recovered like any move; restore and purge find it there.
/// The other volume is a real tmpfs mounted for the test (the suite runs as root, as `make test` does).
@Suite(.serialized) struct VolumeTrashTests {
    /// A tmpfs mounted at a new folder, unmounted by `unmount`.
    final class Volume {
        let point: TemporaryDirectory
        init() throws {
            point = try TemporaryDirectory()
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/bin/mount")
            process.arguments = ["-t", "tmpfs", "-o", "size=4m", "none", point.path.description]
            try process.run()
            process.waitUntilExit()
            try #require(process.terminationStatus == 0, "mounting a tmpfs needs root (run the suite as root, as make test in CI does)")
        }
        func callAsFunction(_ relative: String) -> RawPath { point(relative) }
        func unmount() {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/bin/umount")
            process.arguments = ["-l", point.path.description]
            try? process.run()
            process.waitUntilExit()
        }
    }

    let uid = getuid()

    /// The desktop-style trash: rename only, other volumes' trashes in use.
    func desktopTrash(_ root: RawPath) throws -> Trash {
        let trash = try makeTrash(root)
        trash.renameOnly = true
        trash.usesVolumeTrashes = true
        return trash
    }

    func moved(_ trash: Trash, _ path: RawPath, journal: TrashJournal = InMemoryTrashJournal()) throws -> MoveResult {
        try #require(trash.moveIn([try request(1, path)], batch: BatchID(1), journal: journal).first)
    }

    func entry(_ journal: InMemoryTrashJournal, root: RawPath?) throws -> RecordedEntry {
        let move = try #require(journal.moves.values.first)
        return RecordedEntry(trashName: try #require(move.trashName), originalPath: move.originalPath, size: move.expected.size,
                             mtimeNanoseconds: move.expected.mtimeNanoseconds, inode: move.trashedInode,
                             deletionDate: try #require(move.deletionDate), trashRoot: root)
    }

    @Test func aFileOnAnotherVolumeIsRenamedIntoThatVolumesOwnTrashAndComesBack() throws {
        let home = try TemporaryDirectory()
        let volume = try Volume()
        defer { volume.unmount() }
        try write(volume("DCIM/a.jpg"), "on the card")
        let inode = try linkStatus(volume("DCIM/a.jpg")).inode
        let trash = try desktopTrash(home("data/Trash"))
        let journal = InMemoryTrashJournal()
        let result = try moved(trash, volume("DCIM/a.jpg"), journal: journal)
        #expect(result.entries.map(\.trashName) == [Array("a.jpg".utf8)], "\(result)")
        let root = volume(".Trash-\(uid)")
        // Renamed (same inode), never copied; the folders are 0700 and the user's.
        #expect(try linkStatus(root.appending("files/a.jpg")).inode == inode)
        #expect(!pathExists(volume("DCIM/a.jpg")))
        for folder in [root, root.appending("files"), root.appending("info")] {
            let status = try linkStatus(folder)
            #expect(status.kind == .directory && status.permissions == 0o700 && status.owner == uid, "\(folder)")
        }
        #expect(try listDirectory(home("data/Trash/files")).isEmpty, "nothing in the home trash")
        let info = String(decoding: contents(root.appending("info/a.jpg.trashinfo")) ?? [], as: UTF8.self)
        #expect(info.contains("Path=\(volume("DCIM/a.jpg"))"), "\(info)")
        let move = try #require(journal.moves.values.first)
        #expect(move.state == .done && move.trashRoot == root && move.trashedInode == inode)

        // A fresh trash (the next command) checks, restores and purges it through the record.
        let recorded = try entry(journal, root: root)
        let later = try desktopTrash(home("data/Trash"))
        #expect(later.condition(of: recorded) == .intact)
        #expect(try later.restore(recorded, renameIfTaken: false) == volume("DCIM/a.jpg"))
        #expect(contents(volume("DCIM/a.jpg")) == Array("on the card".utf8))
        #expect(try linkStatus(volume("DCIM/a.jpg")).inode == inode, "restored by a rename")
        #expect(try listDirectory(root.appending("info")).isEmpty && listDirectory(root.appending("files")).isEmpty)

        let again = InMemoryTrashJournal()
        _ = try moved(later, volume("DCIM/a.jpg"), journal: again)
        #expect(try later.purge(try entry(again, root: root)) == Int64("on the card".utf8.count))
        #expect(try listDirectory(root.appending("info")).isEmpty && listDirectory(root.appending("files")).isEmpty)
    }

    @Test func aStickyTrashFolderIsUsedPerUserAndALinkOrANonStickyOneNever() throws {
        let home = try TemporaryDirectory()
        for (setup, expected) in [("sticky", ".Trash/\(uid)"), ("plain", ".Trash-\(uid)"), ("link", ".Trash-\(uid)")] {
            let volume = try Volume()
            defer { volume.unmount() }
            let elsewhere = try TemporaryDirectory()
            switch setup {
            case "sticky": #expect(mkdir(volume(".Trash").description, 0o1777) == 0 && chmod(volume(".Trash").description, 0o1777) == 0)
            case "plain": #expect(mkdir(volume(".Trash").description, 0o777) == 0)
            default: #expect(symlink(elsewhere.path.description, volume(".Trash").description) == 0)
            }
            try write(volume("a.jpg"), setup)
            let result = try moved(try desktopTrash(home("Trash")), volume("a.jpg"))
            #expect(!result.entries.isEmpty, "\(setup): \(result)")
            #expect(contents(volume(expected + "/files/a.jpg")) == Array(setup.utf8), "\(setup)")
            #expect(try listDirectory(elsewhere.path).isEmpty, "nothing went through the link")
        }
    }

    @Test func aVolumeTrashThatIsALinkOrNotTheUsersIsRefusedAndTheFileStays() throws {
        let home = try TemporaryDirectory()
        for setup in ["link", "file", "others"] {
            let volume = try Volume()
            defer { volume.unmount() }
            let elsewhere = try TemporaryDirectory()
            let root = volume(".Trash-\(uid)")
            switch setup {
            case "link": #expect(symlink(elsewhere.path.description, root.description) == 0)
            case "file": try write(root, "not a folder")
            default: #expect(mkdir(root.description, 0o700) == 0 && chown(root.description, 65534, 65534) == 0)
            }
            try write(volume("a.jpg"), "stays")
            let result = try moved(try desktopTrash(home("Trash")), volume("a.jpg"))
            let reason = try #require(result.skipReason, "\(setup): \(result)")
            #expect(reason.contains("another volume (mounted at \(volume.point.path))") && reason.contains("stays where it is"), "\(reason)")
            #expect(reason.contains(["link": "is a symbolic link", "file": "is not a folder", "others": "belongs to another user"][setup]!), "\(reason)")
            #expect(contents(volume("a.jpg")) == Array("stays".utf8))
            #expect(try listDirectory(elsewhere.path).isEmpty)
        }
    }

    /// The journal stops (as if the process died) right when a state is to be recorded: the next
    /// start's recovery, from a fresh trash, finds the move in the volume's trash by its record.
    @Test func aMoveCutOffAtEachStepIsSettledByRecoveryInTheVolumesTrash() throws {
        for stop in [MoveState.infoWritten, .done] {
            let home = try TemporaryDirectory()
            let volume = try Volume()
            defer { volume.unmount() }
            try write(volume("a.jpg"), "moving")
            let journal = InMemoryTrashJournal()
            let result = try moved(try desktopTrash(home("Trash")), volume("a.jpg"), journal: StoppingJournal(journal, at: stop))
            #expect(result.skipReason != nil, "\(stop): \(result)")
            let root = volume(".Trash-\(uid)")
            #expect(try journal.unfinishedMoves().first?.trashRoot == root)
            let report = try desktopTrash(home("Trash")).recover(journal)
            #expect(report.problems.isEmpty, "\(report.problems)")
            #expect(try journal.unfinishedMoves().isEmpty)
            if stop == .infoWritten {
                // The rename had not happened: the file never left its place (not begun), our .trashinfo removed.
                #expect(report.notStarted.count == 1 && report.rolledBack.isEmpty && contents(volume("a.jpg")) == Array("moving".utf8))
                #expect(try listDirectory(root.appending("info")).isEmpty && listDirectory(root.appending("files")).isEmpty)
            } else {
                // Renamed: finished in the volume's trash.
                #expect(report.finished.count == 1 && !pathExists(volume("a.jpg")))
                #expect(contents(root.appending("files/a.jpg")) == Array("moving".utf8))
                #expect(pathExists(root.appending("info/a.jpg.trashinfo")))
            }
        }
    }

    @Test func anEntryOnAnUnmountedVolumeIsUnavailableNeverGone() throws {
        let home = try TemporaryDirectory()
        let volume = try Volume()
        try write(volume("a.jpg"), "away")
        let journal = InMemoryTrashJournal()
        let mover = try desktopTrash(home("Trash"))
        _ = try moved(mover, volume("a.jpg"), journal: journal)
        let recorded = try entry(journal, root: volume(".Trash-\(uid)"))
        #expect(mover.condition(of: recorded) == .intact)
        volume.unmount()
        // The trash that moved it (its volume trash opened then) and a fresh one alike.
        for trash in [mover, try desktopTrash(home("Trash"))] {
            guard case .unavailable(let why) = trash.condition(of: recorded) else {
                Issue.record("an unmounted volume's entry is \(trash.condition(of: recorded))")
                return
            }
            #expect(why.contains("is not there now (is its disk mounted?)"), "\(why)")
            #expect(throws: TrashFailure.self) { try trash.purge(recorded) }
            #expect(throws: RestoreError.self) { try trash.restore(recorded, renameIfTaken: false) }
            #expect(throws: TrashFailure.self) { try trash.finishPurge(recorded) }
        }
        #expect(!pathExists(volume(".Trash-\(uid)")), "nothing is made on the folder the disk was mounted at")
    }
}

/// A journal that stops recording (throws) from the first record of `state` on, like a process
/// killed just before that step was made durable.
final class StoppingJournal: TrashJournal {
    let base: InMemoryTrashJournal
    let state: MoveState
    var stopped = false
    init(_ base: InMemoryTrashJournal, at state: MoveState) {
        self.base = base
        self.state = state
    }
    func begin(_ moves: [JournaledMove]) throws { try base.begin(moves) }
    func record(_ move: JournaledMove) throws {
        if move.state == state { stopped = true }
        if stopped { throw FileSystemError("record", RawPath("/journal"), code: EIO) }
        try base.record(move)
    }
    func unfinishedMoves() throws -> [JournaledMove] { try base.unfinishedMoves() }
}
