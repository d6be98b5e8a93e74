import Foundation
import Testing

/// `trash.directory = "desktop"` (issue 15): the FreeDesktop home trash, `$XDG_DATA_HOME/Trash`, so
/// the file manager and trash-cli show the photos; the trash's invariants hold there as in clean's own.
@Suite struct DesktopTrashTests {
    static let trashList = "/usr/bin/trash-list"

    /// `trash-list` with the test's data home: "DATE TIME PATH" per entry, for the files of this
    /// test's home only (trash-list also reads every mounted volume's `.Trash-$UID`, where other
    /// tests running meanwhile, or the machine's own user, keep theirs).
    static func trashList(_ clean: CleanBinary) throws -> [String] {
        #expect(FileManager.default.isExecutableFile(atPath: trashList), "trash-cli is not installed: sudo apt-get install -y trash-cli (or make setup)")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: trashList)
        process.environment = ["XDG_DATA_HOME": clean.home + "/data", "HOME": clean.home, "PATH": "/usr/bin:/bin"]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init).filter { $0.contains(" " + clean.home + "/") }.sorted()
    }

    static func desktopClean() throws -> CleanBinary {
        var clean = try CleanBinary.atFixedTime()
        clean.environment["XDG_DATA_HOME"] = clean.home + "/data"
        try FileManager.default.createDirectory(atPath: clean.home + "/config/swipeclean", withIntermediateDirectories: true)
        try "[trash]\ndirectory = \"desktop\"\n".write(toFile: clean.home + "/config/swipeclean/config.toml", atomically: true, encoding: .utf8)
        return clean
    }

    @Test func trashCLIListsWhatARoundMovedAndRestoreAndEmptyKeepToCleansOwnEntries() throws {
        let clean = try Self.desktopClean()
        defer { clean.removeHome() }
        let phone = try clean.copyOfTheFixtures()
        #expect(try clean.run(["scan", phone, "--quiet"]).status == 0)
        let play = try clean.run(["boss", "duplicates", "--yes", "--json"], input: "d\nd\nd\n")
        #expect(play.status == 0, "\(play.stderr)")
        #expect(try CleanBinary.object(play)["deleted"] as? Int == 3)
        let trashed = try CleanBinary.array(try clean.run(["trash", "list", "--json"])).compactMap { $0["originalPath"] as? String }.sorted()
        #expect(trashed.count == 3)
        #expect(FileManager.default.fileExists(atPath: clean.home + "/data/Trash/info"), "the desktop trash is under XDG_DATA_HOME")
        #expect(!FileManager.default.fileExists(atPath: clean.home + "/state/Trash"), "clean's own trash is not used")

        // trash-list shows exactly the three photos, by their original paths.
        let listed = try Self.trashList(clean)
        #expect(listed.map { String($0.split(separator: " ", maxSplits: 2)[2]) }.sorted() == trashed, "\(listed)")

        // A file the desktop put in the same trash is listed by trash-cli, and `clean trash empty --all` leaves it.
        let mine = clean.home + "/data/Trash"
        try "someone else's".write(toFile: mine + "/files/notes.txt", atomically: true, encoding: .utf8)
        try "[Trash Info]\nPath=\(clean.home)/notes.txt\nDeletionDate=2026-03-01T10:00:00\n"
            .write(toFile: mine + "/info/notes.txt.trashinfo", atomically: true, encoding: .utf8)
        #expect(try Self.trashList(clean).count == 4)

        // Restore one by path: back where it was, gone from trash-list.
        let first = try #require(trashed.first)
        #expect(try clean.run(["restore", first]).status == 0)
        #expect(FileManager.default.fileExists(atPath: first))
        #expect(try Self.trashList(clean).count == 3)

        let emptied = try clean.run(["trash", "empty", "--all", "--yes"])
        #expect(emptied.stdout.hasPrefix("Deleted 2 files for good"), "\(emptied.stdout) \(emptied.stderr)")
        let left = try Self.trashList(clean)
        #expect(left.count == 1 && left[0].hasSuffix("\(clean.home)/notes.txt"), "\(left)")
        #expect(FileManager.default.fileExists(atPath: mine + "/files/notes.txt"))
    }

    /// A photo library on another volume (a tmpfs in a private mount namespace, as root there):
    /// the round renames each photo into that volume's `.Trash-0` (mode 0700), trash-cli lists
    /// them, `clean trash list` shows them, a restore by path brings one back by a rename and
    /// `trash empty` deletes the others there. Every step runs in the one namespace (`sections`).
    @Test func aLibraryOnAnotherVolumeGoesToThatVolumesTrashAndTrashCLISeesIt() throws {
        var clean = try Self.desktopClean()
        defer { clean.removeHome() }
        clean.environment["SWIPECLEAN_NOW"] = "2026-03-02T19:30:00+01:00"
        let source = clean.home + "/source/Pictures/Screenshots", volume = clean.home + "/volume"
        for folder in [source, volume] { try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true) }
        for day in 1...3 {
            var png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52,
                            0, 0, 4, 0x38, 0, 0, 9, 0x60, 8, 6, 0, 0, 0, 0, 0, 0, 0])
            png.append(Data((0..<20_000).map { _ in UInt8.random(in: 0...255) }))
            try png.write(to: URL(fileURLWithPath: source + "/Screenshot_2024010\(day)-101010.png"))
        }
        let shots = volume + "/Pictures/Screenshots/Screenshot_2024010"
        let run = try Self.sections(clean, """
            mount -t tmpfs -o size=8m tmpfs '\(volume)'
            cp -a '\(clean.home)/source/.' '\(volume)/'
            ls -i '\(shots)1-101010.png' | cut -d' ' -f1
            echo "=== scan"; "$CLEAN" scan '\(volume)' --quiet
            echo "=== round"; printf 'd\\nd\\nd\\n' | "$CLEAN" round --yes --json
            echo "=== volume"; find '\(volume)/.Trash-0' | sort; stat -c '%a %u' '\(volume)/.Trash-0'
            ls -i '\(volume)/.Trash-0/files/Screenshot_20240101-101010.png' | cut -d' ' -f1
            echo "=== home trash"; find "$XDG_DATA_HOME/Trash/files" -type f
            echo "=== clean trash list"; "$CLEAN" trash list --json
            mine() { trash-list | grep -F " $HOME/" || true; }   # other tests' volumes are mounted here too
            echo "=== trash-list"; mine | sort
            echo "=== restore"; "$CLEAN" restore '\(shots)1-101010.png'; ls -i '\(shots)1-101010.png' | cut -d' ' -f1
            echo "=== trash-list after restore"; mine | sort
            echo "=== empty"; "$CLEAN" trash empty --all --yes
            echo "=== after empty"; find '\(volume)/.Trash-0' -type f; mine
            """)
        let inode = run[""]!.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(!inode.isEmpty, "\(run)")
        let round = try #require(try JSONSerialization.jsonObject(with: Data(run["round"]!.utf8)) as? [String: Any], "\(run)")
        #expect(round["deleted"] as? Int == 3, "\(run)")
        let names = (1...3).map { "Screenshot_2024010\($0)-101010.png" }
        let found = run["volume"]!.split(separator: "\n").map(String.init)
        for name in names {
            #expect(found.contains(volume + "/.Trash-0/files/" + name) && found.contains(volume + "/.Trash-0/info/" + name + ".trashinfo"), "\(found)")
        }
        #expect(found.contains("700 0"), "the volume's trash is made 0700 and the user's: \(found)")
        #expect(found.last == inode, "renamed, not copied: the same inode \(inode) in the trash: \(found)")
        #expect(run["home trash"]!.isEmpty, "nothing in the home trash: \(run["home trash"]!)")
        let listed = try #require(try JSONSerialization.jsonObject(with: Data(run["clean trash list"]!.utf8)) as? [[String: Any]])
        #expect(listed.compactMap { $0["originalPath"] as? String }.sorted() == (1...3).map { shots + "\($0)-101010.png" }, "\(listed)")
        let trashCLI = run["trash-list"]!.split(separator: "\n").map { String($0.split(separator: " ", maxSplits: 2)[2]) }
        #expect(trashCLI == (1...3).map { shots + "\($0)-101010.png" }, "trash-list: \(run["trash-list"]!)")
        #expect(run["restore"]!.hasSuffix(inode + "\n"), "restored by a rename to where it was: \(run["restore"]!)")
        #expect(run["trash-list after restore"]!.split(separator: "\n").count == 2, "\(run["trash-list after restore"]!)")
        #expect(run["empty"]!.hasPrefix("Deleted 2 files for good"), "\(run["empty"]!)")
        #expect(run["after empty"]!.isEmpty, "\(run["after empty"]!)")
    }

    /// Runs `script` with `$CLEAN` set in a private mount namespace as its root; its output split at
    /// `=== NAME` lines (what comes first under ""). Fails on a non-zero exit.
    static func sections(_ clean: CleanBinary, _ script: String) throws -> [String: String] {
        let (status, stdout, stderr) = try PrivateMounts.run("set -e\n" + script, environment: clean.environment.merging(
            ["CLEAN": CleanBinary.executable.path, "PATH": "/usr/bin:/bin:/usr/sbin:/sbin"]) { $1 })
        #expect(status == 0, "\(stdout)\n\(stderr)")
        var result: [String: String] = [:], name = ""
        for line in stdout.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("=== ") { name = String(line.dropFirst(4)); result[name] = ""; continue }
            result[name, default: ""] += line + "\n"
        }
        return result.mapValues { $0 == "\n" ? "" : $0.hasSuffix("\n\n") ? String($0.dropLast()) : $0 }
    }
}
