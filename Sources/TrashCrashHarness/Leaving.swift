// Restore and empty for TrashCrashHarness: files leave the trash the way the app does it, with
// the app's database journal replaced by a small durable log ("leaving"):
//
//   restore|purge NAME_HEX TARGET_HEX   written (one write, fsync) before the first file changes
//   ended NAME_HEX                      written after each entry's restore or purge returned
//
// `settle` then brings every entry that was not ended to an end with the Trash module's own
// settleRestore / finishPurge, as the app's start-up recovery does.
import FileSystem
import Foundation
import Trash

/// The entries a batch moved in, by name, from the move journal: what restore and purge check the disk against.
func recordedEntries(_ journal: FileTrashJournal) -> [RecordedEntry] {
    journal.allMoves.compactMap { move in
        guard move.state == .done, let name = move.trashName, let date = move.deletionDate else { return nil }
        return RecordedEntry(trashName: name, originalPath: move.originalPath, size: move.expected.size,
                             mtimeNanoseconds: move.expected.mtimeNanoseconds, inode: nil, deletionDate: date,
                             trashRoot: move.trashRoot)
    }
}

func hex(_ bytes: [UInt8]) -> String { bytes.map { String(format: "%02x", $0) }.joined() }

/// Appends whole lines to the leaving log through `operations` (so each append is a kill point) and fsyncs.
func appendLines(_ lines: [String], to log: RawPath, operations: FileOperations) throws(FileSystemError) {
    let fd = try operations.openForAppending(log, permissions: 0o600)
    defer { operations.close(fd) }
    let bytes = Array(lines.map { $0 + "\n" }.joined().utf8)
    try bytes.withUnsafeBytes { raw in Result { () throws(FileSystemError) in try operations.write(fd, raw, path: log) } }.get()
    try operations.synchronize(fd, path: log)
    try operations.synchronizeDirectory(log.parent)
}

/// `restore` (every entry back to its original path, or beside a file that took it with `rename`) or `purge` (every entry deleted).
func leave(_ action: String, trash: Trash, journal: FileTrashJournal, log: RawPath, rename: Bool, operations: FileOperations) {
    let entries = recordedEntries(journal)
    var lines: [String] = []
    var targets: [RawPath] = []
    for entry in entries {
        if action == "restore" {
            do {
                let target = try trash.restoreTarget(for: entry.originalPath, renameIfTaken: rename)
                targets.append(target)
                lines.append("restore \(hex(entry.trashName)) \(hex(target.bytes))")
            } catch {
                fail("no restore target for \(entry.originalPath): \(error)")
            }
        } else {
            targets.append(entry.originalPath)
            lines.append("purge \(hex(entry.trashName)) -")
        }
    }
    do { try appendLines(lines, to: log, operations: operations) } catch { fail("\(error)") }
    for (entry, target) in zip(entries, targets) {
        do {
            if action == "restore" {
                try trash.restore(entry, to: target)
                say("restored \(hex(entry.trashName))")
            } else {
                _ = try trash.purge(entry)
                say("purged \(hex(entry.trashName))")
            }
            try appendLines(["ended \(hex(entry.trashName))"], to: log, operations: operations)
        } catch {
            say("problem \(error)")
        }
    }
}

/// Settles every entry of the leaving log that was not ended, then ends it.
func settle(trash: Trash, journal: FileTrashJournal, log: RawPath) {
    let entries = Dictionary(recordedEntries(journal).map { (hex($0.trashName), $0) }, uniquingKeysWith: { $1 })
    let text = (try? String(contentsOfFile: log.description, encoding: .utf8)) ?? ""
    var open: [(action: String, name: String, target: String)] = []
    for line in text.split(separator: "\n") {
        let fields = line.split(separator: " ").map(String.init)
        if fields.count == 3 { open.append((fields[0], fields[1], fields[2])) }
        if fields.count == 2, fields[0] == "ended" { open.removeAll { $0.name == fields[1] } }
    }
    for (action, name, target) in open {
        guard let entry = entries[name] else { fail("the leaving log names \(name), which the move journal does not know") }
        do {
            if action == "restore" {
                let settled = try trash.settleRestore(entry, to: unhex(Substring(target)))
                say("settled \(name) \(settled)")
            } else {
                say("settled \(name) \(try trash.finishPurge(entry) ? "purged" : "kept")")
            }
            try appendLines(["ended \(name)"], to: log, operations: SystemFileOperations())
        } catch {
            say("problem \(error)")
        }
    }
}
