// A test tool, not part of `clean`: runs one trash action through the app's real path (the
// SQLite journal, the trash, the round end) and SIGKILLs itself before file change number N or
// before database write transaction number N, so PlayTests can prove that the next start leaves
// every file in one place and every byte and XP credited once.
//
// usage: PlayCrashHarness DATABASE TRASH_ROOT ACTION [ARGUMENT] [--kill-change N] [--kill-write N]
//                         [--force-copy] [--rename] [--desktop] [--now ISO8601]
// --desktop: the trash renames only and a file on another volume goes to that volume's .Trash-$UID.
// ACTION: move (delete every screenshot card and confirm) | confirm ROUND | discard ROUND |
//         restore ID,ID… | empty-all | empty-older DAYS
// Exit 0: it ran to the end. Exit 1: the action failed (the reason on stderr).
import FileSystem
import Foundation
import Game
import Library
import Play
import Scanning
import Synchronization
import Trash

/// Kills this process just before write transaction number `killAt` (counted from 1).
final class WriteKillPoint: Sendable {
    let killAt: Int?
    let count = Atomic<Int>(0)
    init(_ killAt: Int?) { self.killAt = killAt }
    func enter() {
        let number = count.add(1, ordering: .sequentiallyConsistent).newValue
        if number == killAt { kill(getpid(), SIGKILL) }
    }
}

func fail(_ text: String, code: Int32 = 2) -> Never {
    FileHandle.standardError.write(Data("PlayCrashHarness: \(text)\n".utf8))
    exit(code)
}

var positional: [String] = []
var killChange: Int?
var killWrite: Int?
var forceCopy = false
var rename = false
var desktop = false
var nowText = "2026-03-02T18:30:00Z"
var remaining = CommandLine.arguments.dropFirst()[...]
while let argument = remaining.popFirst() {
    switch argument {
    case "--kill-change": killChange = remaining.popFirst().flatMap { Int($0) }
    case "--kill-write": killWrite = remaining.popFirst().flatMap { Int($0) }
    case "--force-copy": forceCopy = true
    case "--rename": rename = true
    case "--desktop": desktop = true
    case "--now": nowText = remaining.popFirst() ?? ""
    default: positional.append(argument)
    }
}
guard positional.count >= 3, let now = ISO8601DateFormatter().date(from: nowText) else {
    fail("usage: PlayCrashHarness DATABASE TRASH_ROOT ACTION [ARGUMENT] [--kill-change N] [--kill-write N] [--force-copy] [--rename] [--desktop] [--now ISO8601]")
}
let argument = positional.count > 3 ? positional[3] : ""

do {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: "UTC")!
    let writes = WriteKillPoint(killWrite)
    let library = try LibraryDatabase(path: positional[0], beforeEachWrite: { writes.enter() })
    let operations = FaultInjectingFileOperations(killBeforeChange: killChange)
    let trash = try Trash(root: RawPath(positional[1]), operations: operations, timeZone: calendar.timeZone,
                          now: { now }, forceCopy: forceCopy)
    trash.renameOnly = desktop
    trash.usesVolumeTrashes = desktop
    let play = PlayContext(library: library, trash: trash, rules: .defaults, tier: .pro, now: now, calendar: calendar,
                           thresholds: Thresholds(options: .defaults, now: now, calendar: calendar), keptCooldownDays: 30)
    switch positional[2] {
    case "move":
        let session = RoundSession(cards: try play.cards(.screenshots), undoAllowance: nil, isDealable: PlayContext.isUnchanged)
        while session.current != nil { session.apply(.delete) }
        print("moved \(try play.finish(session, kind: .round, startedAt: now, answer: .yes).deleted)")
    case "confirm":
        guard let round = Int64(argument) else { fail("confirm needs a round id") }
        print("confirmed \(try play.confirmPending(round)?.deleted ?? -1)")
    case "discard":
        guard let round = Int64(argument) else { fail("discard needs a round id") }
        print("discarded \(try play.discardPending(round)?.roundID ?? -1)")
    case "restore":
        let ids = argument.split(separator: ",").compactMap { Int64($0) }
        let outcome = try play.restore(ids, renameIfTaken: rename)
        if !outcome.failed.isEmpty { fail(outcome.failed.map(\.reason).joined(separator: "; "), code: 1) }
        print("restored \(outcome.restored.count)")
    case "empty-all":
        print("purged \(try play.emptyTrash(olderThanDays: nil).files)")
    case "empty-older":
        guard let days = Int(argument) else { fail("empty-older needs a number of days") }
        print("purged \(try play.emptyTrash(olderThanDays: days).files)")
    default:
        fail("unknown action \(positional[2])")
    }
} catch {
    fail("\(error)", code: 1)
}
