import Foundation
import Testing
import TestSupport

/// Every `--json` document of the command line, its fields, types and `null`s pinned in
/// `Golden/command-documents.txt` (scripts read them: DESIGN.md's contract). A contract extended on
/// purpose is written again with `SWIPECLEAN_WRITE_GOLDEN=1 swift test --filter CommandDocumentShapeTests`.
@Suite struct CommandDocumentShapeTests {
    static let golden = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden/command-documents.txt").path

    @Test func everyDocumentKeepsItsFields() throws {
        let clean = try CleanBinary.atFixedTime()
        defer { clean.removeHome() }
        let phone = try clean.copyOfTheFixtures()
        var shape = DocumentShape()
        func json(_ name: String, _ arguments: [String], input: String? = nil) throws -> String {
            let run = try clean.run(arguments + ["--json"], input: input)
            #expect(run.status == 0, "clean \(arguments.joined(separator: " ")): \(run.stderr)")
            try shape.add(name, json: run.stdout)
            return run.stdout
        }
        _ = try json("profile.new", ["profile"])
        _ = try json("scan", ["scan", phone])
        _ = try json("items", ["items"])
        _ = try json("items.duplicates", ["items", "--filter", "duplicates"])
        _ = try json("boss.list", ["boss", "list"])
        _ = try json("boss.dryRun", ["boss", "duplicates", "--dry-run"])
        _ = try json("boss", ["boss", "duplicates", "--yes"], input: "d\nk\nd\n")
        _ = try json("round", ["round"], input: "d\nk\nq\n")
        _ = try json("pending", ["pending"])
        _ = try json("pending.confirmed", ["pending", "confirm"])
        _ = try json("trash", ["trash", "list"])
        _ = try json("report", ["report"])
        _ = try json("profile", ["profile"])
        _ = try json("achievements", ["achievements"])
        _ = try json("restore", ["restore", "--all"])
        _ = try json("boss.again", ["boss", "screenshots", "--yes"], input: "d\n")
        _ = try json("trash.emptyDryRun", ["trash", "empty", "--all", "--dry-run"])
        _ = try json("trash.empty", ["trash", "empty", "--all", "--yes"])
        _ = try json("trash.adopt", ["trash", "adopt"])
        if let difference = try shape.check(against: Self.golden) { Issue.record(Comment(rawValue: difference)) }
    }
}
