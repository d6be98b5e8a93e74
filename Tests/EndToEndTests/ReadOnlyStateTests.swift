import Foundation
import Testing

/// Issue 17: a read-only state folder no longer stops the commands that only read ("unable to open
/// database file" even for `profile`): they read a snapshot of the index, say so on stderr, leave nothing
/// behind; a command that writes still refuses, and nothing changes.
@Suite struct ReadOnlyStateTests {
    @Test func readingCommandsAnswerFromAReadOnlyStateFolderAndWritingOnesRefuse() throws {
        var clean = try CleanBinary.atFixedTime()
        let state = clean.home + "/state"
        defer {
            chmod(state, 0o755)
            clean.removeHome()
        }
        let phone = try clean.copyOfTheFixtures(withBigVideo: false)
        let scan = try CleanBinary.object(try clean.run(["scan", phone, "--json"]))
        let files = try #require(scan["files"] as? Int)
        let played = try clean.run(["boss", "screenshots", "--yes"], input: "d\nk\nq\n")
        #expect(played.status == 0, "\(played.stderr)")
        let profileBefore = try clean.run(["profile", "--json"]).stdout
        let database = state + "/library.sqlite"
        let bytesBefore = try Data(contentsOf: URL(fileURLWithPath: database))

        // The other user may enter everything but write nothing in the state folder.
        try FileManager.default.createDirectory(atPath: clean.home + "/tmp", withIntermediateDirectories: true)
        chmod(clean.home + "/tmp", 0o777)
        clean.environment["TMPDIR"] = clean.home + "/tmp/"
        for entry in try FileManager.default.contentsOfDirectory(atPath: state) { chmod(state + "/" + entry, 0o444) }
        chmod(state + "/Trash", 0o555)
        chmod(state, 0o555)

        let items = try clean.runAsOtherUser(["items", "--json"])
        #expect(items.status == 0, "\(items.stderr)")
        // Every file but the screenshot in the trash (the index follows the trash at once).
        #expect(items.stdout.split(separator: "\n").count == files - 1)
        #expect(items.stderr.contains("\(state) is read-only: showing the index as it is"))
        let profile = try clean.runAsOtherUser(["profile", "--json"])
        #expect(profile.status == 0, "\(profile.stderr)")
        #expect(profile.stdout == profileBefore)
        for arguments in [["report", "--json"], [], ["achievements"], ["boss", "list", "--json"]] {
            let run = try clean.runAsOtherUser(arguments)
            #expect(run.status == 0, "clean \(arguments): \(run.stderr)")
        }

        let rest = try clean.runAsOtherUser(["rest-day", "sunday"])
        #expect(rest.status == 1, "\(rest.stdout)")
        let round = try clean.runAsOtherUser(["round", "--yes"], input: "d\nd\n")
        #expect(round.status == 1, "\(round.stdout)")

        #expect(try Data(contentsOf: URL(fileURLWithPath: database)) == bytesBefore)
        #expect(try FileManager.default.contentsOfDirectory(atPath: clean.home + "/tmp").isEmpty, "snapshots are removed at exit")
    }
}
