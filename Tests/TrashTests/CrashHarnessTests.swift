#if canImport(Glibc)
import Glibc
#endif
import FileSystem
import Foundation
import Testing
@testable import Trash

/// Kills `TrashCrashHarness` before every change to disk of a real batch (rename path, forced
/// copy path, and a real cross-device copy), recovers, and checks that every file is in
/// exactly one place and credited at most once. `SWIPECLEAN_CRASH_LONG=1` adds more files,
/// bigger ones, and an injected ENOSPC/EIO/EROFS at every call.
@Suite(.serialized) struct CrashHarnessTests {
    static let harness: URL? = {
        let candidates = [
            URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent(),
            URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../.build/debug").standardized,
        ]
        for directory in candidates {
            var search = directory
            for _ in 0..<4 {
                let candidate = search.appendingPathComponent("TrashCrashHarness")
                if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
                search = search.deletingLastPathComponent()
            }
        }
        return nil
    }()
    static let long = ProcessInfo.processInfo.environment["SWIPECLEAN_CRASH_LONG"] == "1"
    /// Pattern bytes every library file is a slice of (generated once: debug builds are slow).
    static let pattern: [UInt8] = (0..<(4 << 20)).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ $0 >> 9) }

    /// A tmpfs when there is one: thousands of fsyncs cost nothing there, and a kill is not a power cut.
    static let fastBase = otherFileSystemBase() ?? NSTemporaryDirectory()
    /// The trash and journal: on the disk for the cross-device layout, else beside the library.
    func makeScratch(_ layout: Layout) throws -> TemporaryDirectory {
        try TemporaryDirectory(in: layout == .crossDevice ? NSTemporaryDirectory() : Self.fastBase)
    }

    enum Layout: String, CaseIterable, Sendable { case rename, forcedCopy, crossDevice }

    /// The files of one scenario and the bytes each must keep.
    struct Library {
        let directory: TemporaryDirectory
        let trashRoot: RawPath
        let journal: RawPath
        let manifest: RawPath
        var originals: [RawPath: [UInt8]] = [:]
        var twins: [RawPath] = []
    }

    func makeLibrary(_ layout: Layout, trashBase: TemporaryDirectory) throws -> Library {
        let base = layout == .crossDevice ? otherFileSystemBase()! : Self.fastBase
        let directory = try TemporaryDirectory(in: base)
        var library = Library(directory: directory, trashRoot: trashBase("Trash"), journal: trashBase("journal.log"),
                              manifest: trashBase("manifest.tsv"))
        try? FileManager.default.removeItem(atPath: library.trashRoot.description)
        try? FileManager.default.removeItem(atPath: library.journal.description)
        let big = Self.long ? 3 << 20 : (1 << 20) + 100
        func file(_ name: String, _ size: Int, seed: UInt8) throws -> RawPath {
            let path = directory(name)
            let bytes = Array(Self.pattern[Int(seed) * 7..<Int(seed) * 7 + size])
            try write(path, bytes)
            library.originals[path] = bytes
            return path
        }
        func hex(_ path: RawPath) -> String { path.bytes.map { String(format: "%02x", $0) }.joined() }
        var lines: [String] = []
        let live = try file("DCIM/IMG_0001.HEIC", 3000, seed: 1)
        let movie = try file("DCIM/IMG_0001.MOV", big, seed: 2)
        lines.append("1\t\(hex(live))\t-\t\(hex(movie))")
        let shot = try file("Screenshots/shot.png", 5000, seed: 3)
        let sidecar = try file("Screenshots/shot.png.json", 40, seed: 4)
        lines.append("2\t\(hex(shot))\t-\t\(hex(sidecar))")
        let copy = try file("Backup/IMG_0001.HEIC", 3000, seed: 1)
        let kept = try file("DCIM/kept.HEIC", 3000, seed: 1)
        library.twins.append(kept)
        lines.append("3\t\(hex(copy))\t\(hex(kept))\t-")
        let falseCopy = try file("Backup/other.jpg", 900, seed: 5)
        let falseTwin = try file("DCIM/other.jpg", 900, seed: 6)
        library.twins.append(falseTwin)
        lines.append("4\t\(hex(falseCopy))\t\(hex(falseTwin))\t-")
        if Self.long {
            for index in 5...8 {
                let extra = try file("More/photo \(index).jpg", 20_000 * index, seed: UInt8(index))
                lines.append("\(index)\t\(hex(extra))\t-\t-")
            }
        }
        try write(library.manifest, lines.joined(separator: "\n") + "\n")
        return library
    }

    struct Run {
        let status: Int32
        let killed: Bool
        let lines: [String]
    }

    func runHarness(_ arguments: [String]) throws -> Run {
        let process = Process()
        process.executableURL = Self.harness!
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Run(status: process.terminationStatus, killed: process.terminationReason == .uncaughtSignal,
                   lines: String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init))
    }

    func runArguments(_ library: Library, _ layout: Layout, extra: [String]) -> [String] {
        ["run", library.trashRoot.description, library.journal.description, library.manifest.description]
            + (layout == .forcedCopy ? ["--force-copy"] : []) + extra
    }

    /// The invariants after a (possibly killed) run and a recovery.
    func checkInvariants(_ library: Library, context: String) throws {
        let journal = try FileTrashJournal(path: library.journal)
        #expect(try journal.unfinishedMoves().isEmpty, "unfinished moves after recovery \(context)")
        for (key, count) in journal.doneCount { #expect(count <= 1, "\(key) credited \(count) times \(context)") }
        let trash = try makeTrash(library.trashRoot)
        let listing = trash.list()
        #expect(listing.problems.isEmpty, "trash problems \(context): \(listing.problems)")
        let states = Dictionary(journal.allMoves.map { ($0.originalPath, $0) }, uniquingKeysWith: { $1 })
        var inTrash = 0
        for (path, bytes) in library.originals {
            let atHome = contents(path)
            let entries = listing.entries.filter { $0.originalPath == path }
            #expect(entries.count <= 1, "\(path) has \(entries.count) trash entries \(context)")
            let trashed = entries.first.map { contents(trash.filePath($0.trashName)) } ?? nil
            if library.twins.contains(path) {
                #expect(atHome == bytes && trashed == nil, "kept twin \(path) touched \(context)")
                continue
            }
            #expect((atHome == bytes) != (trashed == bytes), "\(path) is not in exactly one place \(context)")
            #expect(atHome == nil || atHome == bytes, "\(path) changed \(context)")
            if trashed != nil {
                inTrash += 1
                #expect(states[path]?.state == .done, "\(path) in trash but journal says \(String(describing: states[path]?.state)) \(context)")
            } else if let state = states[path]?.state {
                #expect(state == .rolledBack, "\(path) at home but journal says \(state) \(context)")
            }
        }
        #expect(listing.entries.count == inTrash, "stray entries \(context)")
        #expect(trash.recover(journal).finished.isEmpty, "a second recovery changed something \(context)")
    }

    func layouts() -> [Layout] {
        Layout.allCases.filter { $0 != .crossDevice || otherFileSystemBase() != nil }
    }

    @Test(.enabled(if: harness != nil, "TrashCrashHarness is not built: run `swift build` first (make test does)"))
    func killedAtEveryChangeRecoveryLeavesEveryFileInExactlyOnePlace() throws {
        if otherFileSystemBase() == nil {
            print("CrashHarnessTests: no second file system (/dev/shm is not a separate tmpfs); the real cross-device layout is skipped, the forced copy path still runs")
        }
        var killPoints = 0
        let started = Date()
        for layout in layouts() {
            let scratch = try makeScratch(layout)
            let clean = try makeLibrary(layout, trashBase: scratch)
            let baseline = try runHarness(runArguments(clean, layout, extra: []))
            try #require(baseline.status == 0, "baseline run failed: \(baseline.lines)")
            #expect(baseline.lines.contains("moved 1 2") && baseline.lines.contains("moved 3 1"), "\(baseline.lines)")
            #expect(baseline.lines.contains { $0.hasPrefix("skipped 4 ") }, "\(baseline.lines)")
            try checkInvariants(clean, context: "\(layout) without a crash")
            let changes = try #require(baseline.lines.first { $0.hasPrefix("changes ") }.flatMap { Int($0.dropFirst(8)) })
            print("CrashHarnessTests: \(layout): \(changes) kill points")
            for point in 1...changes {
                let scratch = try makeScratch(layout)
                let library = try makeLibrary(layout, trashBase: scratch)
                let run = try runHarness(runArguments(library, layout, extra: ["--kill-at", "\(point)"]))
                #expect(run.killed, "\(layout): not killed at change \(point)")
                let recovery = try runHarness(["recover", library.trashRoot.description, library.journal.description])
                #expect(recovery.status == 0)
                #expect(!recovery.lines.contains { $0.hasPrefix("problem") }, "\(layout) kill \(point): \(recovery.lines)")
                let movedByRun = Set(run.lines.filter { $0.hasPrefix("moved ") }.compactMap { $0.split(separator: " ").dropFirst().first })
                let finishedByRecovery = Set(recovery.lines.filter { $0.hasPrefix("finished ") }.compactMap { $0.split(separator: " ").dropFirst().first })
                #expect(movedByRun.isDisjoint(with: finishedByRecovery), "\(layout) kill \(point): reported moved twice")
                try checkInvariants(library, context: "(\(layout), killed before change \(point))")
                killPoints += 1
            }
        }
        print("CrashHarnessTests: \(killPoints) kill points in \(Int(Date().timeIntervalSince(started))) s")
        #expect(killPoints >= 200)
    }

    @Test(.enabled(if: harness != nil, "TrashCrashHarness is not built: run `swift build` first (make test does)"),
          arguments: ["ENOSPC", "EIO", "EROFS", "EACCES"])
    func injectedFailureAtAnyCallLeavesEveryFileInExactlyOnePlace(_ errno: String) throws {
        for layout in [Layout.rename, .forcedCopy] {
            let scratch = try makeScratch(layout)
            let clean = try makeLibrary(layout, trashBase: scratch)
            let baseline = try runHarness(runArguments(clean, layout, extra: []))
            let calls = try #require(baseline.lines.first { $0.hasPrefix("calls ") }.flatMap { Int($0.dropFirst(6)) })
            let step = Self.long ? 1 : 3
            for call in stride(from: 1, through: calls, by: step) {
                let scratch = try makeScratch(layout)
                let library = try makeLibrary(layout, trashBase: scratch)
                let run = try runHarness(runArguments(library, layout, extra: ["--fail-at", "\(call)", "--errno", errno]))
                #expect(run.status == 0, "\(layout) \(errno) at call \(call): \(run.lines)")
                let recovery = try runHarness(["recover", library.trashRoot.description, library.journal.description])
                #expect(recovery.status == 0)
                try checkInvariants(library, context: "(\(layout), \(errno) at call \(call))")
            }
        }
    }
}
