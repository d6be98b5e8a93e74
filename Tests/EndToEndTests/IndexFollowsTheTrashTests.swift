import Foundation
import Testing

/// The index follows every move and restore at once (issue 53): `items --json` lists no file at the path it had
/// while it is in the trash (nor in its group), and lists a restored file again without a rescan, in its group.
@Suite struct IndexFollowsTheTrashTests {
    static func items(_ clean: CleanBinary) throws -> [[String: Any]] {
        try clean.run(["items", "--json"]).stdout.split(separator: "\n").map { line in
            try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        }
    }

    @Test func aTrashedFileLeavesTheListingAtOnceAndARestoredOneComesBackWithoutARescan() throws {
        let clean = try CleanBinary.atFixedTime()
        defer { clean.removeHome() }
        let library = try clean.copyOfTheFixtures()
        #expect(try clean.run(["scan", library, "--quiet"]).status == 0)
        let before = try Self.items(clean)
        // The duplicates boss: every group card deleted (its suggested member kept), confirmed.
        let played = try CleanBinary.object(clean.run(["boss", "duplicates", "--json"], input: "d\nd\nd\ny\n"))
        #expect(played["deleted"] as? Int ?? 0 > 0, "\(played)")
        let trashed = Set(try CleanBinary.array(clean.run(["trash", "list", "--json"])).compactMap { $0["originalPath"] as? String })
        #expect(!trashed.isEmpty)

        // At once, before any scan: the trashed paths are not listed, and no group is left with one member listed.
        let during = try Self.items(clean)
        let listed = Set(during.compactMap { $0["path"] as? String })
        #expect(listed.isDisjoint(with: trashed), "\(listed.intersection(trashed))")
        #expect(during.count == before.count - trashed.count)
        let groups = Dictionary(grouping: during.compactMap { $0["duplicateGroup"] as? Int }) { $0 }
        #expect(groups.values.allSatisfy { $0.count > 1 }, "a group of one: \(groups)")
        // The same after a scan (which drops the rows of files gone from their folders).
        #expect(try clean.run(["scan", library, "--quiet"]).status == 0)
        #expect(Set(try Self.items(clean).compactMap { $0["path"] as? String }).isDisjoint(with: trashed))

        // Restored: listed again at once, no rescan, each in a duplicate group with its copy.
        #expect(try clean.run(["restore", "--all"]).status == 0)
        let after = try Self.items(clean)
        #expect(Set(after.compactMap { $0["path"] as? String }).isSuperset(of: trashed))
        #expect(after.count == before.count)
        for item in after where trashed.contains(item["path"] as? String ?? "") {
            let group = try #require(item["duplicateGroup"] as? Int, "\(item["path"] ?? "")")
            #expect(after.filter { $0["duplicateGroup"] as? Int == group }.count > 1)
        }
    }
}
