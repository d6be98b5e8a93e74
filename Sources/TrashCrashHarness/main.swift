// TrashCrashHarness: runs one batch of real moves into a trash with a durable file journal,
// optionally killing itself (SIGKILL) before the Nth change to disk or failing the Nth file
// call with an errno; `recover` then settles what a killed run left. Driven by TrashTests.
//
//   TrashCrashHarness run ROOT JOURNAL MANIFEST [--batch N] [--kill-at N] [--fail-at N --errno NAME] [--force-copy]
//   TrashCrashHarness recover ROOT JOURNAL
//   TrashCrashHarness restore|empty ROOT JOURNAL LEAVING [--rename] [--kill-at N] [--force-copy]
//   TrashCrashHarness settle ROOT JOURNAL LEAVING
//
// restore puts every entry the journal moved in back (beside a file that took its place with
// --rename), empty deletes them; both log what they are about to do in LEAVING first, as the app
// journals them in its database, and settle finishes or undoes what a killed one left (Leaving.swift).
// MANIFEST: one card per line, tab-separated: itemID, hex(path), hex(twin) or "-",
// comma-separated hex(linked paths) or "-". Expected statuses are taken at start.
// Output, one line each: "moved ITEM PARTS", "skipped ITEM", "finished ITEM PART",
// "rolledBack ITEM PART", "problem TEXT", and at the end "changes N" / "calls N".

#if canImport(Glibc)
import Glibc
#endif
import FileSystem
import Foundation
import Trash

/// One line on stdout, written at once (no buffering to lose when the process is killed).
func say(_ line: String) {
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
}

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("TrashCrashHarness: \(message)\n".utf8))
    exit(2)
}

func unhex(_ text: Substring) -> RawPath {
    let chars = Array(text.utf8)
    var bytes: [UInt8] = []
    var index = 0
    while index + 1 < chars.count {
        guard let byte = UInt8(String(decoding: chars[index...index + 1], as: UTF8.self), radix: 16) else { fail("bad hex '\(text)'") }
        bytes.append(byte)
        index += 2
    }
    return RawPath(bytes: bytes)
}

let errnoNames: [String: Int32] = ["ENOSPC": ENOSPC, "EIO": EIO, "EROFS": EROFS, "EACCES": EACCES, "EPERM": EPERM]

func option(_ name: String, in arguments: inout [String]) -> String? {
    guard let index = arguments.firstIndex(of: name), index + 1 < arguments.count else { return nil }
    let value = arguments[index + 1]
    arguments.removeSubrange(index...index + 1)
    return value
}
var arguments = Array(CommandLine.arguments.dropFirst())
let killAt = option("--kill-at", in: &arguments).flatMap { Int($0) }
let failAt = option("--fail-at", in: &arguments).flatMap { Int($0) }
let failErrno: Int32
if let name = option("--errno", in: &arguments) {
    guard let code = errnoNames[name] else { fail("unknown errno \(name)") }
    failErrno = code
} else {
    failErrno = EIO
}
let batch = BatchID(option("--batch", in: &arguments).flatMap { Int64($0) } ?? 1)
let forceCopy = arguments.contains("--force-copy")
let rename = arguments.contains("--rename")
arguments.removeAll { $0 == "--force-copy" || $0 == "--rename" }

guard arguments.count >= 3 else { fail("usage: run ROOT JOURNAL MANIFEST [options] | recover ROOT JOURNAL | restore|empty|settle ROOT JOURNAL LEAVING [options]") }
let root = RawPath(arguments[1])
let journalPath = RawPath(arguments[2])
let utc = TimeZone(identifier: "UTC")!

switch arguments[0] {
case "run":
    guard arguments.count == 4 else { fail("run needs ROOT JOURNAL MANIFEST") }
    guard let manifest = FileManager.default.contents(atPath: arguments[3]) else { fail("cannot read \(arguments[3])") }
    var requests: [MoveRequest] = []
    for line in String(decoding: manifest, as: UTF8.self).split(separator: "\n") {
        let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
        guard fields.count == 4, let item = Int64(fields[0]) else { fail("bad manifest line '\(line)'") }
        let path = unhex(fields[1])
        guard let expected = try? linkStatus(path) else { fail("'\(path)' is missing at start") }
        let linked: [MoveRequest.LinkedFile] = fields[3] == "-" ? [] : fields[3].split(separator: ",").map { hex in
            let linkedPath = unhex(hex)
            guard let status = try? linkStatus(linkedPath) else { fail("'\(linkedPath)' is missing at start") }
            return MoveRequest.LinkedFile(path: linkedPath, expected: status)
        }
        requests.append(MoveRequest(itemID: item, path: path, expected: expected, linked: linked,
                                    twin: fields[2] == "-" ? nil : unhex(fields[2])))
    }
    do { _ = try Trash(root: root) } catch { fail("\(error)") }
    let operations = FaultInjectingFileOperations(failures: failAt.map { [$0: failErrno] } ?? [:], killBeforeChange: killAt)
    do {
        let journal = try FileTrashJournal(path: journalPath, operations: operations)
        let trash = try Trash(root: root, operations: operations, timeZone: utc, forceCopy: forceCopy)
        for result in trash.moveIn(requests, batch: batch, journal: journal) {
            switch result {
            case .moved(let item, let entries, _): say("moved \(item) \(entries.count)")
            case .skipped(let item, let reason), .deferred(let item, let reason):
                say("skipped \(item) \(reason.replacingOccurrences(of: "\n", with: " "))")
            }
        }
    } catch {
        say("problem \(error)")
    }
    say("changes \(operations.changes)")
    say("calls \(operations.calls)")

case "recover":
    do {
        let journal = try FileTrashJournal(path: journalPath)
        let trash = try Trash(root: root, timeZone: utc)
        let report = trash.recover(journal)
        for move in report.finished { say("finished \(move.key.itemID) \(move.key.part)") }
        for move in report.rolledBack { say("rolledBack \(move.key.itemID) \(move.key.part)") }
        for problem in report.problems { say("problem \(problem.replacingOccurrences(of: "\n", with: " "))") }
    } catch {
        fail("\(error)")
    }

case "restore", "empty":
    guard arguments.count == 4 else { fail("\(arguments[0]) needs ROOT JOURNAL LEAVING") }
    let operations = FaultInjectingFileOperations(killBeforeChange: killAt)
    do {
        let journal = try FileTrashJournal(path: journalPath)
        let trash = try Trash(root: root, operations: operations, timeZone: utc, forceCopy: forceCopy)
        leave(arguments[0] == "restore" ? "restore" : "purge", trash: trash, journal: journal, log: RawPath(arguments[3]),
              rename: rename, operations: operations)
    } catch {
        fail("\(error)")
    }
    say("changes \(operations.changes)")

case "settle":
    guard arguments.count == 4 else { fail("settle needs ROOT JOURNAL LEAVING") }
    do {
        settle(trash: try Trash(root: root, timeZone: utc), journal: try FileTrashJournal(path: journalPath), log: RawPath(arguments[3]))
    } catch {
        fail("\(error)")
    }

default:
    fail("unknown mode '\(arguments[0])'")
}
