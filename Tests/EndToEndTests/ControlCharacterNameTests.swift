import Foundation
import Testing

/// A file name with a newline and terminal escapes is shown escaped in every human-readable
/// output, and exactly in JSON.
@Suite struct ControlCharacterNameTests {
    static let name = "Screenshot_20240105-101010\n\u{1B}[31mred\u{1B}]0;pwned\u{07}.png"
    static let shown = "Screenshot_20240105-101010\\n\\033[31mred\\033]0;pwned\\a.png"

    func expectEscaped(_ run: CleanBinary.Run, _ what: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let all = run.stdout + run.stderr
        #expect(!all.contains("\u{1B}") && !all.contains("\u{07}"), "\(what) printed raw control characters", sourceLocation: sourceLocation)
        #expect(all.contains(Self.shown), "\(what): \(all)", sourceLocation: sourceLocation)
    }

    @Test func everyHumanOutputEscapesTheNameAndJSONKeepsItExact() throws {
        var clean = try CleanBinary()
        defer { clean.removeHome() }
        clean.environment["SWIPECLEAN_NOW"] = "2026-03-02T19:30:00+01:00"
        let folder = clean.home + "/phone/Pictures/Screenshots"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: CleanBinary.corpus + "/Issue 62.png", toPath: folder + "/" + Self.name)
        #expect(try clean.run(["scan", clean.home + "/phone", "--quiet"]).status == 0)

        expectEscaped(try clean.run(["items"]), "items")
        let line = try clean.run(["items", "--json"]).stdout.split(separator: "\n").first.map(String.init) ?? ""
        let item = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        #expect(item["path"] as? String == folder + "/" + Self.name)

        let played = try clean.run(["boss", "screenshots"], input: "d\nn\n")
        #expect(played.status == 0)
        #expect(!(played.stdout + played.stderr).contains("\u{1B}]0;"))
        expectEscaped(try clean.run(["pending"]), "pending")
        let confirmed = try clean.run(["pending", "confirm"])
        #expect(confirmed.status == 0 && !(confirmed.stdout + confirmed.stderr).contains("\u{1B}"), "\(confirmed.stdout)")
        expectEscaped(try clean.run(["trash", "list"]), "trash list")
        expectEscaped(try clean.run(["report"]), "report")
        let trash = try #require(try JSONSerialization.jsonObject(with: Data(clean.run(["trash", "list", "--json"]).stdout.utf8)) as? [[String: Any]])
        #expect(trash.first?["originalPath"] as? String == folder + "/" + Self.name)
        let restored = try clean.run(["restore", String(try #require(trash.first?["id"] as? Int))])
        #expect(restored.status == 0)
        expectEscaped(restored, "restore")
        #expect(FileManager.default.fileExists(atPath: folder + "/" + Self.name))
    }
}
