#if canImport(Glibc)
import Glibc
#endif
import FileSystem
import Foundation
import Testing
@testable import Trash

/// The failure paths on real file systems rather than at the seam: a full tmpfs (ENOSPC) and a
/// read-only remount (EROFS). Needs root and `mount`; skipped with a message otherwise.
@Suite(.serialized) struct RealFileSystemTests {
    /// Mounts a tmpfs of `size` at a new directory; nil (with a message) when not possible.
    func mountTmpfs(size: String, test: String) throws -> TemporaryDirectory? {
        let point = try TemporaryDirectory()
        guard run("/bin/mount", ["-t", "tmpfs", "-o", "size=\(size)", "none", point.path.description]) else {
            print("\(test): skipped, cannot mount a tmpfs here (needs root)")
            return nil
        }
        return point
    }

    @discardableResult
    func run(_ tool: String, _ arguments: [String]) -> Bool {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return false }
        process.waitUntilExit()
        return process.terminationStatus == 0
    }

    @Test func fullTrashDiskLeavesTheSourceIntactAndNoPartialCopy() throws {
        guard let small = try mountTmpfs(size: "1m", test: "fullTrashDiskLeavesTheSourceIntactAndNoPartialCopy") else { return }
        defer { run("/bin/umount", [small.path.description]) }
        let dir = try TemporaryDirectory()
        let bytes = (0..<(3 << 20)).map { UInt8(truncatingIfNeeded: $0 >> 5) }
        try write(dir("big.MOV"), bytes)
        let trash = try makeTrash(small("Trash"))
        let results = trash.moveIn([try request(1, dir("big.MOV"))], batch: BatchID(1), journal: InMemoryTrashJournal())
        let reason = try #require(results.first?.skipReason)
        #expect(reason.contains("No space left on device"))
        #expect(contents(dir("big.MOV")) == bytes)
        #expect(try listDirectory(small("Trash/files")).isEmpty && listDirectory(small("Trash/info")).isEmpty)
    }

    @Test func readOnlySourceFileSystemReportsWhyAndChangesNothing() throws {
        guard let phone = try mountTmpfs(size: "4m", test: "readOnlySourceFileSystemReportsWhyAndChangesNothing") else { return }
        defer { run("/bin/umount", [phone.path.description]) }
        try write(phone("DCIM/a.jpg"), "on a read-only card")
        guard run("/bin/mount", ["-o", "remount,ro", phone.path.description]) else {
            print("readOnlySourceFileSystemReportsWhyAndChangesNothing: skipped, cannot remount read-only")
            return
        }
        let dir = try TemporaryDirectory()
        let trash = try makeTrash(dir("Trash"))
        let results = trash.moveIn([try request(1, phone("DCIM/a.jpg"))], batch: BatchID(1), journal: InMemoryTrashJournal())
        let reason = try #require(results.first?.skipReason)
        #expect(reason.contains(phone("DCIM/a.jpg").description) && reason.contains("read-only"))
        #expect(contents(phone("DCIM/a.jpg")) == Array("on a read-only card".utf8))
        #expect(trash.list().entries.isEmpty && trash.list().problems.isEmpty)
    }
}
