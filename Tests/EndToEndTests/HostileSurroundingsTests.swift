import Foundation
import Testing

/// A full disk under the trash, a read-only home and a database locked by another program,
/// through the built binary: one clear sentence naming the file and what to do, nothing moved,
/// nothing half-written. The full disk and the read-only home are real: a 64 KiB tmpfs and a
/// read-only bind mount, made in a private mount namespace (`unshare`, util-linux) so the test
/// needs neither root nor cleanup.
@Suite struct HostileSurroundingsTests {
    let fm = FileManager.default

    /// Three screenshots of 200 KB scanned on 2 March 2026.
    static func scannedLibrary(_ clean: inout CleanBinary) throws -> [String: Data] {
        let shots = clean.home + "/phone/Pictures/Screenshots"
        try FileManager.default.createDirectory(atPath: shots, withIntermediateDirectories: true)
        var contents: [String: Data] = [:]
        for day in 1...3 {
            var png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52,
                            0, 0, 4, 0x38, 0, 0, 9, 0x60, 8, 6, 0, 0, 0, 0, 0, 0, 0])
            png.append(Data((0..<200_000).map { _ in UInt8.random(in: 0...255) }))
            let path = shots + "/Screenshot_2024010\(day)-101010.png"
            try png.write(to: URL(fileURLWithPath: path))
            contents[path] = png
        }
        clean.environment["SWIPECLEAN_NOW"] = "2026-03-02T19:30:00+01:00"
        #expect(try clean.run(["scan", clean.home + "/phone", "--quiet"]).status == 0)
        return contents
    }

    /// Runs `clean ARGUMENTS` after `setup` (shell commands, e.g. mounts) in a private mount
    /// namespace; `after` runs there too, once clean has exited (its output follows a marker).
    func runInPrivateMounts(_ clean: CleanBinary, setup: String, _ arguments: [String], input: String = "",
                            after: String = "") throws -> (status: Int32, stdout: String, stderr: String, after: String) {
        let script = """
            set -e
            \(setup)
            set +e
            printf '%s' "$INPUT" | "$@"
            status=$?
            echo "=== after"
            \(after)
            exit $status
            """
        let (status, stdout, stderr) = try PrivateMounts.run(script, ["sh", CleanBinary.executable.path] + arguments,
                                                            environment: clean.environment.merging(["INPUT": input]) { $1 })
        let parts = stdout.components(separatedBy: "=== after\n")
        return (status, parts[0], stderr, parts.count > 1 ? parts[1] : "")
    }

    func unchanged(_ contents: [String: Data]) -> Bool {
        contents.allSatisfy { fm.contents(atPath: $0.key) == $0.value }
    }

    /// The phone's folder is a read-only mount (as a phone's own storage refuses changes): the
    /// batch moves nothing, said once before the first file with the folder and what to do, and waits.
    @Test func aReadOnlyPhoneFolderMovesNothingAndSaysWhatToDo() throws {
        var clean = try CleanBinary()
        defer { clean.removeHome() }
        let contents = try Self.scannedLibrary(&clean)
        let shots = clean.home + "/phone/Pictures/Screenshots"
        let run = try runInPrivateMounts(clean, setup: "mount --bind '\(shots)' '\(shots)'; mount -o remount,bind,ro '\(shots)'",
                                         ["boss", "screenshots", "--yes"], input: "d\nd\nd\n")
        #expect(run.status == 1, "\(run.stdout)\n\(run.stderr)")
        #expect(run.stderr.contains("nothing was moved: files cannot leave \(shots) (it is on a read-only file system)"), "\(run.stderr)")
        #expect(run.stderr.contains("Copy the photos to a folder on this computer"), "\(run.stderr)")
        #expect(unchanged(contents))
        let trash = try JSONSerialization.jsonObject(with: Data(clean.run(["trash", "list", "--json"]).stdout.utf8)) as? [Any]
        #expect(trash?.isEmpty == true)
        #expect(try clean.run(["pending"]).stdout.contains("3"), "the batch waits in clean pending")
    }

    @Test func aFullDiskUnderTheTrashMovesNothingAndSaysSo() throws {
        var clean = try CleanBinary()
        defer { clean.removeHome() }
        let contents = try Self.scannedLibrary(&clean)
        let disk = clean.home + "/small-disk"
        try fm.createDirectory(atPath: disk, withIntermediateDirectories: true)
        #expect(try clean.run(["config", "set", "trash.directory", disk + "/Trash"]).status == 0)
        let run = try runInPrivateMounts(clean, setup: "mount -t tmpfs -o size=64k tmpfs '\(disk)'",
                                         ["round", "--yes"], input: "d\nd\nd\n", after: "find '\(disk)' -type f")
        #expect(run.status == 1, "nothing of the batch moved (issue 53): \(run.stderr)")
        for path in contents.keys {
            #expect(run.stderr.contains(path) && run.stderr.contains("No space left on device (the disk that holds '\(disk)/Trash/files' is full"),
                    "\(run.stdout)\n\(run.stderr)")
        }
        #expect(run.after.isEmpty, "half-written in the trash: \(run.after)")
        #expect(unchanged(contents))
        let profile = try CleanBinary.object(try clean.run(["profile", "--json"]))
        #expect(profile["photosDeleted"] as? Int == 0 && profile["bytesFreed"] as? Int == 0)
    }

    @Test func aReadOnlyHomeSaysWhichFolderAndChangesNothing() throws {
        var clean = try CleanBinary()
        defer { clean.removeHome() }
        let contents = try Self.scannedLibrary(&clean)
        let state = clean.home + "/state"
        let before = try fm.contentsOfDirectory(atPath: state).sorted()
        let readOnly = "mount --bind '\(state)' '\(state)' && mount -o remount,bind,ro '\(state)'"
        for arguments in [["round", "--yes"], ["scan", clean.home + "/phone"], ["trash", "empty", "--all", "--yes"]] {
            let run = try runInPrivateMounts(clean, setup: readOnly, arguments, input: "d\nd\nd\n")
            #expect(run.status == 1, "clean \(arguments): \(run.stdout) \(run.stderr)")
            #expect(run.stderr.contains(state) && run.stderr.contains("read-only") && run.stderr.contains("nothing was changed"),
                    "clean \(arguments): \(run.stderr)")
            #expect(run.stderr.split(separator: "\n").count == 1, "clean \(arguments): \(run.stderr)")
        }
        #expect(unchanged(contents))
        #expect(try fm.contentsOfDirectory(atPath: state).sorted() == before)
        #expect(try clean.run(["items", "--json"]).stdout.split(separator: "\n").count == 3)
    }

    @Test func aDatabaseLockedByAnotherProgramIsWaitedOnThenNamed() throws {
        var clean = try CleanBinary()
        defer { clean.removeHome() }
        let contents = try Self.scannedLibrary(&clean)
        let database = clean.home + "/state/library.sqlite"
        // sqlite3 holds the write lock until its input closes.
        let holder = Process()
        holder.executableURL = URL(fileURLWithPath: "/usr/bin/sqlite3")
        holder.arguments = [database]
        let input = Pipe(), output = Pipe()
        holder.standardInput = input
        holder.standardOutput = output
        try holder.run()
        input.fileHandleForWriting.write(Data("BEGIN IMMEDIATE;\nSELECT 'locked';\n".utf8))
        var seen = Data()
        while !String(decoding: seen, as: UTF8.self).contains("locked") { seen.append(output.fileHandleForReading.availableData) }
        defer {
            try? input.fileHandleForWriting.close()
            holder.waitUntilExit()
        }
        for arguments in [["round", "--yes"], ["scan", clean.home + "/phone"]] {
            let run = try clean.run(arguments, input: "d\nd\nd\n")
            #expect(run.status == 1, "clean \(arguments): \(run.stdout) \(run.stderr)")
            #expect(run.stderr.contains("the library database \(database) is locked by another clean or another program writing to it; wait for it to finish (or close that program) and try again; nothing was changed"),
                    "clean \(arguments): \(run.stderr)")
        }
        try input.fileHandleForWriting.close()
        holder.waitUntilExit()
        #expect(unchanged(contents))
        #expect(try clean.run(["trash", "list", "--json"]).stdout.trimmingCharacters(in: .whitespacesAndNewlines) == "[]")
    }
}
