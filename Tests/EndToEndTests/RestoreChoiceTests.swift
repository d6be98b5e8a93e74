import Foundation
import Testing

/// `clean restore PATH` (a file or a folder it came from) and, on a terminal, `clean restore` alone
/// as a picker (issue 15).
@Suite struct RestoreChoiceTests {
    /// The three backup copies trashed by the duplicates boss; returns the phone folder.
    static func trashed(_ clean: CleanBinary) throws -> String {
        let phone = try clean.copyOfTheFixtures()
        #expect(try clean.run(["scan", phone, "--quiet"]).status == 0)
        #expect(try clean.run(["boss", "duplicates", "--yes"], input: "d\nd\nd\n").status == 0)
        return phone
    }

    @Test func aFileOrAFolderItCameFromRestoresByPath() throws {
        let clean = try CleanBinary.atFixedTime()
        defer { clean.removeHome() }
        let phone = try Self.trashed(clean)
        let trashed = try CleanBinary.array(try clean.run(["trash", "list", "--json"])).compactMap { $0["originalPath"] as? String }
        #expect(trashed.count == 3)
        let one = try #require(trashed.first)
        #expect(!FileManager.default.fileExists(atPath: one))
        let byFile = try CleanBinary.object(try clean.run(["restore", one, "--json"]))
        #expect((byFile["restored"] as? [Int])?.count == 1)
        #expect(FileManager.default.fileExists(atPath: one))
        let second = try #require(trashed.dropFirst().first)
        let folder = (second as NSString).deletingLastPathComponent
        let fromFolder = trashed.dropFirst().filter { $0.hasPrefix(folder + "/") }
        let byFolder = try clean.run(["restore", folder + "/"])
        #expect(byFolder.status == 0, "\(byFolder.stderr)")
        #expect(fromFolder.allSatisfy { FileManager.default.fileExists(atPath: $0) }, "\(fromFolder)")
        let left = try CleanBinary.array(try clean.run(["trash", "list", "--json"])).compactMap { $0["originalPath"] as? String }
        #expect(left.count == 2 - fromFolder.count && !left.contains { $0.hasPrefix(folder + "/") }, "\(left)")
        let nothing = try clean.run(["restore", phone + "/Nowhere"])
        #expect(nothing.status == 1 && nothing.stderr.contains("nothing in the trash came from \(phone)/Nowhere"), "\(nothing.stderr)")
        let alone = try clean.run(["restore"])
        #expect(alone.status == 64, "without a terminal, restore alone is a usage error")
    }

    @Test func onATerminalRestoreAloneListsTheTrashAndRestoresThePicked() throws {
        let clean = try CleanBinary.atFixedTime()
        defer { clean.removeHome() }
        _ = try Self.trashed(clean)
        let before = try CleanBinary.array(try clean.run(["trash", "list", "--json"]))
        let environment = clean.environment.map { "\($0.key)=\(shellQuoted($0.value))" }.sorted().joined(separator: " ")
        let pane = try TmuxPane(running: "env \(environment) \(shellQuoted(CleanBinary.executable.path)) restore; echo \"exit=$?\"; sleep 30")
        defer { pane.stop() }
        let listing = try pane.waitFor("Restore which?")
        #expect(listing.contains("   1  Mon 2 Mar 2026, 19:30"), "\(listing)")
        #expect(listing.contains("   3  "))
        try pane.send("7", "Enter")
        try pane.waitFor("'7' is not a number or range from 1 to 3")
        try pane.send("1", " ", "3", "Enter")
        let result = try pane.waitFor("exit=")
        #expect(result.contains("exit=0"))
        #expect(result.components(separatedBy: "restored ").count - 1 == 2, "\(result)")
        let after = try CleanBinary.array(try clean.run(["trash", "list", "--json"]))
        #expect(after.count == before.count - 2)
    }
}
