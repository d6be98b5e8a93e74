import FileSystem
import Foundation
import Testing
@testable import Trash

/// The trash module's own kill points for files leaving the trash: `TrashCrashHarness restore`
/// (to the original path, or beside a file that took it) and `empty` are killed before every change
/// to disk of theirs, then `settle` runs the module's settleRestore / finishPurge from the harness's
/// leaving log (the app keeps that log in its database; PlayTests cover that path). After each:
/// every file in exactly one place, nothing half-copied, no stray entry, files in the way untouched.
extension CrashHarnessTests {
    enum Leaving: String, CaseIterable, Sendable { case restore, restoreBeside, empty }

    /// A library whose batch was moved into the trash without a crash; for `restoreBeside`, a new file
    /// now stands at each moved file's original path. Returns the moved paths and the planted files.
    func movedLibrary(_ layout: Layout, _ leaving: Leaving, scratch: TemporaryDirectory) throws
        -> (library: Library, moved: Set<RawPath>, planted: [RawPath: [UInt8]]) {
        let library = try makeLibrary(layout, trashBase: scratch)
        let run = try runHarness(runArguments(library, layout, extra: []))
        try #require(run.status == 0, "the move failed: \(run.lines)")
        let moved = Set(library.originals.keys.filter { contents($0) == nil })
        var planted: [RawPath: [UInt8]] = [:]
        if leaving == .restoreBeside {
            for path in moved {
                planted[path] = Array("planted at \(path)".utf8)
                try write(path, planted[path]!)
            }
        }
        return (library, moved, planted)
    }

    func leavingArguments(_ library: Library, _ layout: Layout, _ leaving: Leaving, log: RawPath, extra: [String]) -> [String] {
        [leaving == .empty ? "empty" : "restore", library.trashRoot.description, library.journal.description, log.description]
            + (layout == .forcedCopy ? ["--force-copy"] : []) + (leaving == .restoreBeside ? ["--rename"] : []) + extra
    }

    /// `NAME (restored).EXT` beside `path`, where a restore goes when something took the path.
    func restoredBeside(_ path: RawPath) -> RawPath {
        let name = String(decoding: path.lastComponent, as: UTF8.self)
        let dot = name.lastIndex(of: ".").flatMap { $0 > name.startIndex ? $0 : nil }
        let stem = dot.map { String(name[..<$0]) } ?? name
        let suffix = dot.map { String(name[$0...]) } ?? ""
        return path.parent.appending(stem + " (restored)" + suffix)
    }

    func checkLeaving(_ library: Library, _ leaving: Leaving, moved: Set<RawPath>, planted: [RawPath: [UInt8]], context: String) throws {
        let trash = try makeTrash(library.trashRoot)
        let listing = trash.list()
        #expect(listing.problems.isEmpty, "trash problems \(context): \(listing.problems)")
        var inTrash = 0
        for (path, bytes) in library.originals {
            let entries = listing.entries.filter { $0.originalPath == path }
            #expect(entries.count <= 1, "\(path) has \(entries.count) trash entries \(context)")
            let trashed = entries.first.map { contents(trash.filePath($0.trashName)) } ?? nil
            if trashed != nil { inTrash += 1 }
            guard moved.contains(path) else {
                #expect(contents(path) == bytes && trashed == nil, "\(path) was not moved, yet it changed \(context)")
                continue
            }
            if let mine = planted[path] { #expect(contents(path) == mine, "the file that took \(path) was touched \(context)") }
            let target = planted[path] == nil ? path : restoredBeside(path)
            let back = contents(target)
            let leftovers = (try? FileManager.default.contentsOfDirectory(atPath: path.parent.description)) ?? []
            #expect(!leftovers.contains { $0.hasPrefix(".swipeclean-restoring-") }, "a half-written copy beside \(path) \(context)")
            #expect(trashed == nil || trashed == bytes, "the trashed copy of \(path) changed \(context)")
            switch leaving {
            case .restore, .restoreBeside:
                #expect(back == nil || back == bytes, "\(target) holds other bytes \(context)")
                #expect((back == bytes) != (trashed == bytes), "\(path) is not in exactly one place \(context)")
            case .empty:
                #expect(back == nil, "\(path) came back from an empty \(context)")
            }
        }
        #expect(listing.entries.count == inTrash, "stray entries \(context)")
    }

    @Test(.enabled(if: harness != nil, "TrashCrashHarness is not built: run `swift build` first (make test does)"),
          arguments: Leaving.allCases)
    func restoreAndEmptyKilledAtEveryChangeAreSettledWithEveryFileInOnePlace(_ leaving: Leaving) throws {
        var killPoints = 0
        // Restore in every layout; beside a file in the way by copy (the temporary name beside the
        // target); empty by rename (purging is the same whatever the layout).
        let chosen: [Layout] = switch leaving {
        case .restore: layouts()
        case .restoreBeside: [.forcedCopy]
        case .empty: [.rename]
        }
        for layout in chosen {
            let scratch = try makeScratch(layout)
            let (clean, moved, planted) = try movedLibrary(layout, leaving, scratch: scratch)
            try #require(moved.count == 5, "the batch should move 5 files: \(moved)")
            let baseline = try runHarness(leavingArguments(clean, layout, leaving, log: scratch("leaving.log"), extra: []))
            try #require(baseline.status == 0 && !baseline.lines.contains { $0.hasPrefix("problem") }, "\(baseline.lines)")
            try checkLeaving(clean, leaving, moved: moved, planted: planted, context: "(\(leaving), \(layout), no crash)")
            let changes = try #require(baseline.lines.first { $0.hasPrefix("changes ") }.flatMap { Int($0.dropFirst(8)) })
            for point in 1...changes {
                let scratch = try makeScratch(layout)
                let (library, moved, planted) = try movedLibrary(layout, leaving, scratch: scratch)
                let log = scratch("leaving.log")
                let run = try runHarness(leavingArguments(library, layout, leaving, log: log, extra: ["--kill-at", "\(point)"]))
                #expect(run.killed, "\(leaving), \(layout): not killed before change \(point)")
                let settled = try runHarness(["settle", library.trashRoot.description, library.journal.description, log.description])
                #expect(settled.status == 0 && !settled.lines.contains { $0.hasPrefix("problem") }, "\(leaving) kill \(point): \(settled.lines)")
                let context = "(\(leaving), \(layout), killed before change \(point))"
                try checkLeaving(library, leaving, moved: moved, planted: planted, context: context)
                killPoints += 1
            }
        }
        print("CrashHarnessTests: \(leaving): \(killPoints) kill points, each settled")
        #expect(killPoints >= (leaving == .empty ? 15 : 50))
    }
}
