import Foundation
import Testing

/// Whatever the user's config.toml holds, every command says which file and what is wrong, and exits 1.
@Suite struct BrokenConfigTests {
    static func file(_ clean: CleanBinary) -> String { clean.home + "/config/swipeclean/config.toml" }

    /// Runs the commands that read the configuration and checks each fails with exactly `message`.
    func expectEveryCommandFails(_ clean: CleanBinary, with message: String) throws {
        for arguments in [["config"], ["profile", "--json"], [], ["scan", clean.home]] {
            let run = try clean.run(arguments)
            #expect(run.status == 1, "clean \(arguments.joined(separator: " ")): \(run.stderr)")
            #expect(run.stdout.isEmpty)
            #expect(run.stderr == "Error: \(message)\n", "clean \(arguments.joined(separator: " "))")
        }
    }

    static func make(_ bytes: [UInt8]) throws -> CleanBinary {
        let clean = try CleanBinary.atFixedTime()
        try FileManager.default.createDirectory(atPath: clean.home + "/config/swipeclean", withIntermediateDirectories: true)
        try Data(bytes).write(to: URL(fileURLWithPath: file(clean)))
        return clean
    }

    @Test(arguments: [
        // The input that made toml++ assert (exit 134) before the Swift reader replaced it.
        ("[[[ x\n", "is not valid TOML at line 1, column 3: expected a key, found '['"),
        ("[scan]\njobs = 1\n\n[play]\nbell = tru\n", "is not valid TOML at line 5, column 8: expected a value (a string, number, true, false, array or table), found 't'"),
        ("[scan]\njobs = 9223372036854775808\n", "is not valid TOML at line 2, column 8: 9223372036854775808 is too large for a 64-bit number"),
        ("a = \"x\u{0}y\"\n", "is not valid TOML at line 1, column 7: a string holds the control character U+0000; write it as an escape"),
        (String(repeating: "[", count: 100_000), "is not valid TOML at line 1, column 3: expected a key, found '['"),
        ("x = " + String(repeating: "[", count: 100_000), "is not valid TOML at line 1, column 37: arrays and tables are nested more than 32 deep"),
        ("[scan]\n[scan]\n", "is not valid TOML at line 2, column 2: the table [scan] is defined twice"),
    ])
    func aConfigThatIsNotTOMLNamesTheLineAndColumn(text: String, message: String) throws {
        let clean = try Self.make(Array(text.utf8))
        defer { clean.removeHome() }
        try expectEveryCommandFails(clean, with: "config file \(Self.file(clean)) \(message)")
    }

    @Test(arguments: [
        ("[game.xp]\nper_photo_deleted = 9223372036854775807\n", "`game.xp.per_photo_deleted` must be 0…1000 in FILE (it is 9223372036854775807)"),
        ("[game]\nmultiplier_ladder = [1e308]\n", "`game.multiplier_ladder[0]` must be 1.0…10.0 in FILE (it is 1e+308)"),
        ("[game.tiers.free]\nswipe_seconds_per_day = 9223372036854775000\n", "`game.tiers.free.swipe_seconds_per_day` must be 1…86400 in FILE (it is 9223372036854775000)"),
        ("[[game.bosses]]\nname = \"x\"\ntitle = \"X\"\nsummary = \"x\"\ncategory = \"screenshots\"\ntarget = 1\nxp_reward = 9223372036854775807\n",
         "`game.bosses[0].xp_reward` must be 0…100000 in FILE (it is 9223372036854775807)"),
    ])
    func aNumberOutOfItsRangeStopsEveryCommandBeforeAnythingMoves(text: String, message: String) throws {
        let clean = try Self.make(Array(text.utf8))
        defer { clean.removeHome() }
        try expectEveryCommandFails(clean, with: message.replacingOccurrences(of: "FILE", with: Self.file(clean)))
        let round = try clean.run(["round", "--yes"], input: "d\nd\n")
        #expect(round.status == 1)
        #expect(round.stderr == "Error: " + message.replacingOccurrences(of: "FILE", with: Self.file(clean)) + "\n")
    }

    @Test func invalidUTF8IsNamedWithItsLine() throws {
        let clean = try Self.make(Array("# settings\n[player]\ntier = \"".utf8) + [0xFF] + Array("\"\n".utf8))
        defer { clean.removeHome() }
        try expectEveryCommandFails(clean, with: "config file \(Self.file(clean)) is not UTF-8 text: line 3, column 9 holds the byte 0xFF; save it as UTF-8")
    }

    @Test func aFolderInPlaceOfTheFile() throws {
        let clean = try CleanBinary.atFixedTime()
        defer { clean.removeHome() }
        try FileManager.default.createDirectory(atPath: Self.file(clean), withIntermediateDirectories: true)
        try expectEveryCommandFails(clean, with: "cannot read config file \(Self.file(clean)): it is a folder, not a file; remove the folder or put the settings in a file of that name")
    }

    @Test func aLinkToDevZeroIsRefusedWithoutReadingIt() throws {
        let clean = try CleanBinary.atFixedTime()
        defer { clean.removeHome() }
        try FileManager.default.createDirectory(atPath: clean.home + "/config/swipeclean", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: Self.file(clean), withDestinationPath: "/dev/zero")
        try expectEveryCommandFails(clean, with: "cannot read config file \(Self.file(clean)): it is a device, not a file; remove it or make it a TOML text file")
    }

    @Test func aFIFOIsRefusedWithoutWaitingForAWriter() throws {
        let clean = try CleanBinary.atFixedTime()
        defer { clean.removeHome() }
        try FileManager.default.createDirectory(atPath: clean.home + "/config/swipeclean", withIntermediateDirectories: true)
        #expect(mkfifo(Self.file(clean), 0o600) == 0)
        try expectEveryCommandFails(clean, with: "cannot read config file \(Self.file(clean)): it is a FIFO, not a file; remove it or make it a TOML text file")
    }

    @Test func aDanglingLink() throws {
        let clean = try CleanBinary.atFixedTime()
        defer { clean.removeHome() }
        try FileManager.default.createDirectory(atPath: clean.home + "/config/swipeclean", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: Self.file(clean), withDestinationPath: clean.home + "/nowhere.toml")
        try expectEveryCommandFails(clean, with: "cannot read config file \(Self.file(clean)): it is a symbolic link to a file that does not exist; fix the link or remove it")
    }

    @Test func aHugeFile() throws {
        let clean = try Self.make(Array(repeating: UInt8(ascii: "#"), count: 2 << 20))
        defer { clean.removeHome() }
        try expectEveryCommandFails(clean, with: "cannot read config file \(Self.file(clean)): it is larger than 1 MiB, far more than any configuration; is it the right file?")
    }

    @Test func anUnreadableFile() throws {
        guard getuid() != 0 else { return }  // root reads anything
        let clean = try Self.make(Array("[player]\n".utf8))
        defer { clean.removeHome() }
        #expect(chmod(Self.file(clean), 0o000) == 0)
        try expectEveryCommandFails(clean, with: "cannot read config file \(Self.file(clean)): you don't have permission to read it; run `chmod u+r` on it")
    }

    @Test func aLinkToAGoodFileIsFollowed() throws {
        let clean = try CleanBinary.atFixedTime()
        defer { clean.removeHome() }
        try FileManager.default.createDirectory(atPath: clean.home + "/config/swipeclean", withIntermediateDirectories: true)
        try "[player]\ntier = \"pro\"\n".write(toFile: clean.home + "/dotfiles.toml", atomically: true, encoding: .utf8)
        try FileManager.default.createSymbolicLink(atPath: Self.file(clean), withDestinationPath: clean.home + "/dotfiles.toml")
        let run = try clean.run(["config"])
        #expect(run.status == 0)
        #expect(run.stdout.contains("[player]\ntier = \"pro\"\n"))
    }
}
