import FileSystem
import Foundation
import Game
import Library
import Play
import Testing
import Trash

/// SIGKILL at every file change and between every two database transactions of each trash
/// action played through the app's real path (moves and their round end, pending confirm and
/// discard, restore one and many, by rename and across devices, with renaming, `trash empty`
/// all and by age), then the next start's recovery: every file is in exactly one place, every
/// trash entry matches one file, and bytes and XP are credited exactly once.
@Suite(.serialized) struct CrashThroughTheAppTests {
    /// How the harness stops itself: before file change N or before write transaction N.
    enum Kill: String, CaseIterable, CustomStringConvertible {
        case change = "--kill-change", write = "--kill-write"
        var description: String { self == .change ? "file change" : "write transaction" }
    }

    static let names = (1...3).map { "s\($0)/" + screenshotName }

    // MARK: - Moves and their round end

    @Test(arguments: [(Kill.change, false), (.change, true), (.write, false)])
    func killedDuringAMoveTheNextStartLeavesEveryFileInOnePlaceCreditedOnce(kill: Kill, forceCopy: Bool) throws {
        let kills = try everyKillPoint(kill, ["move"] + (forceCopy ? ["--force-copy"] : [])) { fixture throws in
            // Uninterrupted, every screenshot is in the trash.
            #expect(Self.names.allSatisfy { !fixture.world.exists($0) })
        }
        #expect(kills >= 10)
    }

    /// The desktop's trash and a library on another volume: each file is renamed into that
    /// volume's `.Trash-$UID`; a kill anywhere leaves every file in one place, credited once.
    @Test(arguments: [Kill.change, .write])
    func killedDuringAMoveIntoAnotherVolumesTrash(kill: Kill) throws {
        let kills = try everyKillPoint(kill, ["move"], prepare: Self.freshOnOwnVolume) { fixture throws in
            #expect(Self.names.allSatisfy { !fixture.world.exists($0) })
            let volumeTrash = fixture.world.trashFolders[1] + "/files"
            #expect(try FileManager.default.contentsOfDirectory(atPath: volumeTrash).count == Self.names.count)
            #expect(try FileManager.default.contentsOfDirectory(atPath: fixture.world.trashRoot + "/files").isEmpty)
        }
        #expect(kills >= (kill == .write ? 3 : 10))
    }

    @Test(arguments: [Kill.change, .write])
    func killedWhileRestoringAndEmptyingAnotherVolumesTrash(kill: Kill) throws {
        let restores = try everyKillPoint(kill, ["restore", "ALL"], prepare: Self.allInVolumeTrash) { fixture throws in
            #expect(Self.names.allSatisfy { fixture.world.exists($0) })
        }
        let purges = try everyKillPoint(kill, ["empty-all"], prepare: Self.allInVolumeTrash) { fixture throws in
            #expect(try FileManager.default.contentsOfDirectory(atPath: fixture.world.trashFolders[1] + "/files").isEmpty)
        }
        #expect(restores >= 2 && purges >= 2)
    }

    // MARK: - Pending batches

    @Test(arguments: Kill.allCases)
    func killedWhileConfirmingAPendingBatch(kill: Kill) throws {
        let kills = try everyKillPoint(kill, ["confirm", "ROUND"], prepare: Self.pendingRound) { fixture throws in
            #expect(Self.names.allSatisfy { !fixture.world.exists($0) })
        }
        #expect(kills >= 3)
    }

    @Test func killedWhileDiscardingAPendingBatch() throws {
        let kills = try everyKillPoint(.write, ["discard", "ROUND"], prepare: Self.pendingRound) { fixture throws in
            #expect(Self.names.allSatisfy { fixture.world.exists($0) })
            #expect(try fixture.world.library.rounds(.discarded).count == 1)
        }
        #expect(kills >= 1)
    }

    // MARK: - Restore

    @Test(arguments: [(Kill.change, false), (.change, true), (.write, false)])
    func killedWhileRestoringOneFile(kill: Kill, forceCopy: Bool) throws {
        let kills = try everyKillPoint(kill, ["restore", "FIRST"] + (forceCopy ? ["--force-copy"] : []), prepare: Self.allInTrash) { fixture throws in
            #expect(Self.names.filter { fixture.world.exists($0) }.count == 1)
        }
        #expect(kills >= (kill == .write ? 2 : forceCopy ? 8 : 3))
    }

    @Test(arguments: [(Kill.change, false), (.change, true), (.write, false)])
    func killedWhileRestoringManyFiles(kill: Kill, forceCopy: Bool) throws {
        let kills = try everyKillPoint(kill, ["restore", "ALL"] + (forceCopy ? ["--force-copy"] : []), prepare: Self.allInTrash) { fixture throws in
            #expect(Self.names.allSatisfy { fixture.world.exists($0) })
        }
        #expect(kills >= 6)
    }

    /// Each original path is taken by another file, so the restores go to `NAME (restored).png`.
    @Test(arguments: [(Kill.change, false), (.change, true), (.write, false)])
    func killedWhileRestoringBesideFilesThatTookTheirPlace(kill: Kill, forceCopy: Bool) throws {
        let args = ["restore", "ALL", "--rename"] + (forceCopy ? ["--force-copy"] : [])
        let kills = try everyKillPoint(kill, args, prepare: Self.allInTrashAndTaken) { fixture throws in
            #expect(Self.names.allSatisfy { FileManager.default.fileExists(atPath: fixture.world.path(Self.restoredName($0))) })
        }
        #expect(kills >= 6)
    }

    // MARK: - Emptying the trash

    @Test(arguments: Kill.allCases)
    func killedWhileEmptyingTheWholeTrash(kill: Kill) throws {
        let kills = try everyKillPoint(kill, ["empty-all"], prepare: Self.allInTrash) { fixture throws in
            #expect(try fixture.world.library.filesInTrash().isEmpty)
        }
        #expect(kills >= (kill == .write ? 2 : 9))
    }

    /// One file went to the trash 40 days ago, two 10 days ago: `--older-than 30` deletes the first only.
    @Test(arguments: Kill.allCases)
    func killedWhileEmptyingByAge(kill: Kill) throws {
        let kills = try everyKillPoint(kill, ["empty-older", "30"], prepare: Self.trashedAtTwoAges) { fixture throws in
            #expect(try fixture.world.library.filesInTrash().count == 2)
        }
        #expect(kills >= 1)
    }

    // MARK: - The harness loop

    /// A fixture prepared for one run: the world, and what the harness arguments stand for.
    struct Prepared {
        let world: PlayFixture
        var round: Int64? = nil
        var trashIDs: [Int64] = []
        /// The harness's clock (the fixture's by default).
        var now = "2026-03-02T18:30:00Z"
        /// The bytes of each file, to find every copy of it anywhere.
        var contents: [String: Data] = [:]
    }

    static func fresh() throws -> Prepared { try fresh(onOwnVolume: false) }

    static func fresh(onOwnVolume: Bool) throws -> Prepared {
        let contents = Dictionary(uniqueKeysWithValues: names.enumerated().map { ($1, pngData(2000 + 100 * $0)) })
        return Prepared(world: try PlayFixture(files: contents, onOwnVolume: onOwnVolume), contents: contents)
    }

    /// `fresh` with the library on a tmpfs of its own and the desktop's kind of trash elsewhere.
    static func freshOnOwnVolume() throws -> Prepared { try fresh(onOwnVolume: true) }

    /// A round deleting every screenshot, answered "no": a pending batch.
    static func pendingRound() throws -> Prepared {
        var prepared = try fresh()
        let world = prepared.world
        let session = try world.play(.screenshots, Array(repeating: .delete, count: names.count))
        prepared.round = try world.context.finish(session, kind: .round, startedAt: world.now, answer: .no).roundID
        return prepared
    }

    /// Every screenshot moved to the trash by a confirmed round.
    static func allInTrash() throws -> Prepared { try allInTrash(onOwnVolume: false) }

    /// Every screenshot in its volume's `.Trash-$UID`, moved there by a confirmed round.
    static func allInVolumeTrash() throws -> Prepared { try allInTrash(onOwnVolume: true) }

    static func allInTrash(onOwnVolume: Bool) throws -> Prepared {
        var prepared = try fresh(onOwnVolume: onOwnVolume)
        let world = prepared.world
        let session = try world.play(.screenshots, Array(repeating: .delete, count: names.count))
        _ = try world.context.finish(session, kind: .round, startedAt: world.now, answer: .yes)
        prepared.trashIDs = try world.context.trashIDs()
        #expect(prepared.trashIDs.count == names.count)
        return prepared
    }

    static func allInTrashAndTaken() throws -> Prepared {
        var prepared = try allInTrash()
        for name in names {
            let blocker = randomData(777)
            try blocker.write(to: URL(fileURLWithPath: prepared.world.path(name)))
            prepared.contents["blocker " + name] = blocker
        }
        return prepared
    }

    /// The first screenshot trashed on 2026-01-21, the other two on 2026-02-20; the harness runs on 2026-03-02.
    static func trashedAtTwoAges() throws -> Prepared {
        var prepared = try fresh()
        let world = prepared.world
        let start = world.now
        world.now = start.addingTimeInterval(-40 * 86_400)
        _ = try world.context.finish(try world.play(.screenshots, [.delete, .quit]), kind: .round, startedAt: world.now, answer: .yes)
        world.now = start.addingTimeInterval(-10 * 86_400)
        _ = try world.context.finish(try world.play(.screenshots, [.delete, .delete]), kind: .round, startedAt: world.now, answer: .yes)
        world.now = start
        prepared.trashIDs = try world.context.trashIDs()
        #expect(prepared.trashIDs.count == names.count)
        return prepared
    }

    /// Runs the harness with `arguments` killed at point 1, 2, … until a run gets to its end;
    /// each on a fresh `prepare`d fixture, each followed by the next start's recovery and the
    /// checks. `finished` checks the run that was not killed. Returns how many runs were killed.
    func everyKillPoint(_ kill: Kill, _ arguments: [String], prepare: () throws -> Prepared = fresh,
                        finished: (Prepared) throws -> Void) throws -> Int {
        let harness = try #require(Self.harness, "PlayCrashHarness is not built: `swift build` builds it (make test runs swift build first)")
        var killPoint = 1
        var kills = 0
        while killPoint < 500 {
            let prepared = try prepare()
            let world = prepared.world
            let substituted = arguments.map { argument in
                switch argument {
                case "ROUND": prepared.round.map(String.init) ?? "?"
                case "FIRST": prepared.trashIDs.first.map(String.init) ?? "?"
                case "ALL": prepared.trashIDs.map(String.init).joined(separator: ",")
                default: argument
                }
            }
            let process = Process()
            process.executableURL = harness
            process.arguments = [world.root + "/library.sqlite", world.trashRoot] + substituted + (world.onOwnVolume ? ["--desktop"] : [])
                + ["--now", prepared.now, kill.rawValue, String(killPoint)]
            let errors = Pipe()
            process.standardOutput = FileHandle.nullDevice
            process.standardError = errors
            try process.run()
            let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            let killed = process.terminationReason == .uncaughtSignal
            let label = "\(arguments.joined(separator: " ")), killed before \(kill) \(killPoint)"
            #expect(killed || process.terminationStatus == 0, "\(label): exit \(process.terminationStatus): \(message)")
            try checkRecovered(prepared, label)
            guard killed else {
                try finished(prepared)
                break
            }
            kills += 1
            killPoint += 1
        }
        print("PlayCrashHarness \(arguments.joined(separator: " ")): killed before \(kills) \(kill)s, each recovered with every file in one place, credited once")
        return kills
    }

    /// The next start, then the checks: every file in exactly one place, every trash entry one
    /// intact file with its `.trashinfo`, every byte and every XP credited once.
    func checkRecovered(_ prepared: Prepared, _ label: String) throws {
        let world = prepared.world
        let context = world.context
        _ = try context.recover()
        #expect(try context.recover().isEmpty, "\(label): a second recovery still had work")
        #expect(try !world.library.hasInterruptedWork(), "\(label): interrupted work left")
        #expect(try world.library.leavingFiles().isEmpty, "\(label): a restore or empty still journaled")

        #expect(try world.library.rounds(.moving).isEmpty, "\(label): a round is still moving")
        let settled = try world.library.rounds(.settled)
        let moved = try settled.flatMap { try world.library.moves(of: $0.id!) }
        let inTrash = try world.library.filesInTrash()
        var copies = try everyFile(under: world.root + "/photos")
        for folder in world.trashFolders { copies.merge(try everyFile(under: folder + "/files")) { first, _ in first } }
        for (name, content) in prepared.contents {
            let found: [String] = copies.filter { $0.value == content }.map { $0.key }
            #expect(found.count <= 1, "\(label): \(name) is in \(found.count) places: \(found)")
            guard !name.hasPrefix("blocker ") else {
                #expect(found == [world.path(String(name.dropFirst(8)))], "\(label): a file in the way was touched")
                continue
            }
            let records = inTrash.filter { $0.rawOriginalPath.description == world.path(name) }
            #expect(records.count <= 1, "\(label): \(name) has \(records.count) trash entries")
            if let place = found.first, world.trashFolders.contains(where: { place.hasPrefix($0 + "/files/") }) {
                #expect(records.count == 1 && place.hasSuffix("/" + String(decoding: records[0].trashName ?? Data(), as: UTF8.self)),
                        "\(label): \(name) is in the trash as \(place) but the index says \(records.map(\.trashName))")
            } else if found.first != nil {
                #expect(records.isEmpty, "\(label): \(name) is at home and in the index's trash")
            } else {
                #expect(records.isEmpty, "\(label): \(name) is nowhere but the index lists it in the trash")
                #expect(moved.contains { $0.rawOriginalPath.description == world.path(name) && $0.purgeReason == .empty },
                        "\(label): \(name) is nowhere and not recorded as deleted for good by trash empty")
            }
        }
        let listed = { (sub: String) in world.trashFolders.flatMap { (try? FileManager.default.contentsOfDirectory(atPath: $0 + sub)) ?? [] } }
        let files = listed("/files"), infos = listed("/info")
        #expect(files.count == inTrash.count && infos.count == inTrash.count,
                "\(label): files/ \(files.sorted()), info/ \(infos.sorted()), recorded \(inTrash.count)")
        for file in inTrash {
            let entry = RecordedEntry(trashName: Array(file.trashName ?? Data()), originalPath: file.rawOriginalPath, size: file.size,
                                      mtimeNanoseconds: file.mtimeNs, inode: file.trashInode.map { UInt64(bitPattern: $0) },
                                      deletionDate: file.deletionDate ?? "", trashRoot: file.trashRoot.map { RawPath(bytes: Array($0)) })
            #expect(world.trash.condition(of: entry) == .intact, "\(label): trash entry \(file.id!) is \(world.trash.condition(of: entry))")
        }

        // Credited once: the stats are the sum of the credited files still counted, XP the sum of the rounds'.
        #expect(moved.allSatisfy { ($0.state == "done") == $0.credited }, "\(label): a moved file is not credited, or a rolled-back one is")
        let counted = moved.filter { $0.credited && $0.restoredAt == nil }
        let profile = try world.profile()
        #expect(profile.photosDeleted == counted.filter { $0.part == 0 }.count, "\(label): photos credited \(profile.photosDeleted)")
        #expect(profile.bytesFreed == Int(counted.reduce(0) { $0 + $1.size }), "\(label): bytes credited \(profile.bytesFreed)")
        let discarded = try world.library.rounds(.discarded)
        #expect(profile.totalXP == (settled + discarded).reduce(0) { $0 + $1.xpEarned }, "\(label): XP \(profile.totalXP) ≠ the rounds' sum")
        #expect(profile.roundsCompleted == settled.count + discarded.count,
                "\(label): \(profile.roundsCompleted) rounds counted")
    }

    /// Every regular file under `directory` with its bytes, by path.
    func everyFile(under directory: String) throws -> [String: Data] {
        var result: [String: Data] = [:]
        guard let walker = FileManager.default.enumerator(atPath: directory) else { return result }
        while let relative = walker.nextObject() as? String {
            let path = directory + "/" + relative
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue {
                result[path] = try Data(contentsOf: URL(fileURLWithPath: path))
            }
        }
        return result
    }

    static func restoredName(_ name: String) -> String {
        String(name.dropLast(4)) + " (restored).png"
    }

    static let harness: URL? = {
        var directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for _ in 0..<4 {
            let candidate = directory.appendingPathComponent("PlayCrashHarness")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            directory = directory.deletingLastPathComponent()
        }
        let built = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../.build/debug/PlayCrashHarness").standardized
        return FileManager.default.isExecutableFile(atPath: built.path) ? built : nil
    }()
}
