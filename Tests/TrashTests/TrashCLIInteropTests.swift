import FileSystem
import Foundation
import Testing
@testable import Trash

/// Debian's trash-cli reads our trash as its own. Version 0.17 has no `--trash-dir`, so the
/// trash root is named `Trash` and `XDG_DATA_HOME` points at its parent (its home trash).
@Suite struct TrashCLIInteropTests {
    static let installed = FileManager.default.isExecutableFile(atPath: "/usr/bin/trash-list")
        && FileManager.default.isExecutableFile(atPath: "/usr/bin/trash-restore")

    func run(_ tool: String, in directory: RawPath, dataHome: RawPath, input: String = "") throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/\(tool)")
        process.currentDirectoryURL = URL(fileURLWithPath: directory.description)
        var environment = ProcessInfo.processInfo.environment
        environment["XDG_DATA_HOME"] = dataHome.description
        process.environment = environment
        let output = Pipe()
        let stdin = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        process.standardInput = stdin
        try process.run()
        stdin.fileHandleForWriting.write(Data(input.utf8))
        try stdin.fileHandleForWriting.close()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }

    @Test func trashCLIListsOurEntriesAndRestoresOne() throws {
        try #require(Self.installed, "trash-cli is not installed: run `make setup` (it installs trash-cli)")
        let dir = try TemporaryDirectory()
        try write(dir("lib/a b.jpg"), "first")
        try write(dir("lib/sub/100%.png"), "second")
        let trash = try makeTrash(dir("data/Trash"))
        let moved = trash.moveIn([try request(1, dir("lib/a b.jpg")), try request(2, dir("lib/sub/100%.png"))],
                                 batch: BatchID(1), journal: InMemoryTrashJournal())
        #expect(moved.flatMap(\.entries).count == 2)

        let listed = try run("trash-list", in: dir.path, dataHome: dir("data"))
            .split(separator: "\n").filter { $0.contains(dir.path.description) }
        #expect(listed.sorted() == ["2026-03-02 18:30:00 \(dir("lib/a b.jpg"))", "2026-03-02 18:30:00 \(dir("lib/sub/100%.png"))"])

        let restoreOutput = try run("trash-restore", in: dir("lib/sub"), dataHome: dir("data"), input: "0\n")
        #expect(restoreOutput.contains("100%.png"))
        #expect(contents(dir("lib/sub/100%.png")) == Array("second".utf8))
        #expect(trash.list().entries.map(\.originalPath) == [dir("lib/a b.jpg")])
        #expect(trash.list().problems.isEmpty)
    }
}
