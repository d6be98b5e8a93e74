import Foundation
import Testing

/// Faults of the state folder and the disks around it, through the built binary (issue 53): each says the right
/// file, folder or disk and the step to take, and creates or changes nothing it should not. The full disks and the
/// read-only file are real: a small tmpfs and a read-only bind mount in a private mount namespace.
@Suite struct StateFaultTests {
    let fm = FileManager.default

    /// The fixtures' three screenshots scanned, the first deleted and confirmed.
    static func trashedOne(_ clean: CleanBinary) throws -> String {
        let library = try clean.copyOfTheFixtures()
        #expect(try clean.run(["scan", library, "--quiet"]).status == 0)
        let played = try clean.run(["boss", "screenshots", "--yes", "--json"], input: "d\nq\n")
        #expect(played.status == 0, "\(played.stderr)")
        return library
    }

    /// A dangling symbolic link at `$SWIPECLEAN_HOME/lock`: clean never creates a file where it points.
    @Test func aLinkAtTheLockCreatesNothingWhereItPoints() throws {
        let clean = try CleanBinary.atFixedTime()
        defer { clean.removeHome() }
        _ = try Self.trashedOne(clean)
        let state = clean.home + "/state", target = clean.home + "/elsewhere/planted"
        try fm.createDirectory(atPath: clean.home + "/elsewhere", withIntermediateDirectories: true)
        try fm.removeItem(atPath: state + "/lock")
        try fm.createSymbolicLink(atPath: state + "/lock", withDestinationPath: target)
        for arguments in [["trash", "list"], ["round", "--dry-run"]] {
            let run = try clean.run(arguments, input: "q\n")
            #expect(run.status == 1, "clean \(arguments): \(run.stdout)")
            #expect(run.stderr.contains("\(state)/lock is a symbolic link, not clean's lock file") && run.stderr.contains("rm '\(state)/lock'"),
                    "\(run.stderr)")
        }
        #expect(!fm.fileExists(atPath: target), "a file was created through the link")
    }

    @Test func aFolderAtTheLockGetsTheStepToTake() throws {
        let clean = try CleanBinary.atFixedTime()
        defer { clean.removeHome() }
        _ = try Self.trashedOne(clean)
        let lock = clean.home + "/state/lock"
        try fm.removeItem(atPath: lock)
        try fm.createDirectory(atPath: lock, withIntermediateDirectories: false)
        let run = try clean.run(["trash", "list"])
        #expect(run.status == 1)
        #expect(run.stderr.contains("\(lock) is a folder, not clean's lock file; move it out of the way (mv '\(lock)' '\(lock).moved')"), "\(run.stderr)")
    }

    /// Files in the trash the index lost its record of (as after a crash with its -wal file gone): each start says so
    /// and names `clean trash adopt`, which records them again; then nothing more is said.
    @Test func filesInTheTrashTheIndexLostAreSaidAtStartWithTheStep() throws {
        let clean = try CleanBinary.atFixedTime()
        defer { clean.removeHome() }
        _ = try Self.trashedOne(clean)
        #expect(try CleanBinary.array(clean.run(["trash", "list", "--json"])).count == 1)
        let sqlite = Process()
        sqlite.executableURL = URL(fileURLWithPath: "/usr/bin/sqlite3")
        sqlite.arguments = [clean.home + "/state/library.sqlite", "DELETE FROM trashed"]
        try sqlite.run()
        sqlite.waitUntilExit()
        #expect(sqlite.terminationStatus == 0, "sqlite3 is installed by make setup")

        let list = try clean.run(["trash", "list", "--json"])
        #expect(list.stdout == "[]\n")
        #expect(list.stderr.contains("clean: 1 file in the trash \(clean.home)/state/Trash is not in the index"), "\(list.stderr)")
        #expect(list.stderr.contains("`clean trash adopt` records them again"), "\(list.stderr)")
        #expect(try clean.run(["profile"]).stderr.contains("`clean trash adopt`"), "every start says it")
        let adopted = try clean.run(["trash", "adopt"])
        #expect(adopted.status == 0 && !adopted.stderr.contains("not in the index"), "\(adopted.stderr)")
        let after = try clean.run(["trash", "list", "--json"])
        #expect(try CleanBinary.array(after).count == 1 && after.stderr.isEmpty, "\(after.stderr)")
    }

    /// The index file alone read-only (a read-only bind mount of the file; its folder writable): said of the file.
    @Test func aReadOnlyIndexFileIsNamedNotItsFolder() throws {
        let clean = try CleanBinary.atFixedTime()
        defer { clean.removeHome() }
        let library = try Self.trashedOne(clean)
        let index = clean.home + "/state/library.sqlite"
        let (status, _, stderr) = try PrivateMounts.run("""
            mount --bind "$1" "$1" && mount -o remount,bind,ro "$1" && shift && exec "$@"
            """, ["sh", index, CleanBinary.executable.path, "scan", library, "--quiet"], environment: clean.environment)
        #expect(status == 1, "\(stderr)")
        #expect(stderr.contains(index) && stderr.contains("the file itself") && !stderr.contains("its folder"), "\(stderr)")
    }

    /// The state folder's disk full: said as a full disk, with the folder, not as "disk I/O error".
    @Test func aFullStateDiskIsSaidAsAFullDisk() throws {
        var clean = try CleanBinary.atFixedTime()
        defer { clean.removeHome() }
        let library = try clean.copyOfTheFixtures()
        let state = clean.home + "/small-state"
        try fm.createDirectory(atPath: state, withIntermediateDirectories: true)
        clean.environment["SWIPECLEAN_HOME"] = state
        let (status, stdout, stderr) = try PrivateMounts.run("""
            mount -t tmpfs -o size=96k tmpfs "$1" && dd if=/dev/zero of="$1/filler" bs=1k count=200 2>/dev/null; shift; exec "$@"
            """, ["sh", state, CleanBinary.executable.path, "scan", library, "--quiet"], environment: clean.environment)
        #expect(status == 1, "\(stdout)\n\(stderr)")
        #expect(stderr.contains("is full") && stderr.contains(state) && !stderr.contains("disk I/O error"), "\(stderr)")
    }

    /// A restore onto a full library disk names that disk, not the trash's.
    @Test func aRestoreOntoAFullLibraryDiskNamesTheLibrarysDisk() throws {
        let clean = try CleanBinary.atFixedTime()
        defer { clean.removeHome() }
        let library = clean.home + "/small-library"
        try fm.createDirectory(atPath: library, withIntermediateDirectories: true)
        let shot = CleanBinary.corpus + "/Issue 62.png"
        let (status, stdout, stderr) = try PrivateMounts.run("""
            mount -t tmpfs -o size=256k tmpfs "$1" || exit 9
            mkdir -p "$1/Screenshots" && cp "$2" "$1/Screenshots/Screenshot_20240105-101010.png"
            "$3" scan "$1" --quiet || exit 9
            printf 'd\\n' | "$3" boss screenshots --yes >/dev/null || exit 9
            dd if=/dev/zero of="$1/filler" bs=1k count=1000 2>/dev/null
            exec "$3" restore --all
            """, ["sh", library, shot, CleanBinary.executable.path], environment: clean.environment)
        #expect(status != 0 && status != 9, "\(stdout)\n\(stderr)")
        #expect(stderr.contains("the disk that holds '\(library)/Screenshots' is full"), "\(stderr)")
        #expect(!stderr.contains("trash's disk"), "\(stderr)")
    }
}
