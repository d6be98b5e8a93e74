// A test tool, not part of `clean`: plays one confirmed batch through the app's real path (the
// SQLite journal, the trash, the round end) and SIGKILLs itself before file change number N, so
// PlayTests can prove that the next start leaves every file in one place, credited once.
//
// usage: PlayCrashHarness DATABASE TRASH_ROOT KILL_BEFORE_CHANGE [--force-copy]
// Deletes every screenshot card the index can deal and confirms. Exit 0: it ran to the end.
import FileSystem
import Foundation
import Game
import Library
import Play
import Trash

let arguments = CommandLine.arguments
guard arguments.count >= 4, let killAt = Int(arguments[3]) else {
    FileHandle.standardError.write(Data("usage: PlayCrashHarness DATABASE TRASH_ROOT KILL_BEFORE_CHANGE [--force-copy]\n".utf8))
    exit(2)
}
do {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: "UTC")!
    let now = ISO8601DateFormatter().date(from: "2026-03-02T18:30:00Z")!
    let library = try LibraryDatabase(path: arguments[1])
    let operations = FaultInjectingFileOperations(killBeforeChange: killAt)
    let trash = try Trash(root: RawPath(arguments[2]), operations: operations, timeZone: calendar.timeZone,
                          now: { now }, forceCopy: arguments.contains("--force-copy"))
    let play = PlayContext(library: library, trash: trash, rules: .defaults, tier: .pro, now: now, calendar: calendar,
                           thresholds: Thresholds(options: .defaults, now: now, calendar: calendar), keptCooldownDays: 30)
    let session = RoundSession(cards: try play.cards(.screenshots), undoAllowance: nil, isDealable: PlayContext.isUnchanged)
    while session.current != nil { session.apply(.delete) }
    let report = try play.finish(session, kind: .round, startedAt: now, answer: .yes)
    print("moved \(report.deleted)")
} catch {
    FileHandle.standardError.write(Data("PlayCrashHarness: \(error)\n".utf8))
    exit(1)
}
