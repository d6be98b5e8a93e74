import Foundation
import Testing

/// Every screen fits the terminal (issues 12 and 15): the home screen, achievements, items and the
/// pending list printed in real tmux panes 80 and 120 columns wide wrap no line.
@Suite struct ScreenWidthTests {
    static let commands = ["", "achievements", "items", "items --filter duplicates", "boss list", "profile", "report", "pending"]

    @Test(arguments: [80, 120])
    func noScreenWrapsAtThisWidth(columns: Int) throws {
        var clean = try CleanBinary.atFixedTime()
        clean.environment["TERM"] = "xterm-256color"
        clean.environment.removeValue(forKey: "NO_COLOR")  // colour on, as a person sees it
        defer { clean.removeHome() }
        let library = try clean.copyOfTheFixtures()
        #expect(try clean.run(["scan", library, "--quiet"]).status == 0)
        // A pending batch with a long path, so `pending` and `items` have something wide to show.
        #expect(try clean.run(["boss", "duplicates"], input: "d\nd\nq\nn\n").status == 0)
        let environment = clean.environment.map { "\($0.key)=\(shellQuoted($0.value))" }.sorted().joined(separator: " ")
        for command in Self.commands {
            let pane = try TmuxPane(running: "env \(environment) \(shellQuoted(CleanBinary.executable.path)) \(command); "
                                    + "echo screen-end; sleep 30", columns: columns, rows: 50)
            defer { pane.stop() }
            try pane.waitFor("screen-end")
            let lines = try pane.history(), unwrapped = try pane.unwrappedHistory()
            #expect(lines.count == unwrapped.count,
                    "`clean \(command)` wraps at \(columns) columns:\n\(unwrapped.filter { $0.count > columns }.joined(separator: "\n"))")
            #expect(lines.count > 2, "`clean \(command)` printed nothing")
        }
    }

    /// The kept copy of each duplicate group is marked, the others are not.
    @Test func itemsMarkTheKeptCopyOfEachDuplicateGroup() throws {
        let clean = try CleanBinary.atFixedTime()
        defer { clean.removeHome() }
        let library = try clean.copyOfTheFixtures()
        #expect(try clean.run(["scan", library, "--quiet"]).status == 0)
        let lines = try clean.run(["items", "--filter", "duplicates"]).stdout.split(separator: "\n").dropLast()
        let groups = Dictionary(grouping: lines) { line in line.firstMatch(of: /duplicate #(\d+)/).map { String($0.1) } ?? "" }
        #expect(groups.count == 3 && groups[""] == nil, "\(lines)")
        for (group, members) in groups {
            #expect(members.filter { $0.contains("duplicate #\(group) (kept)") }.count == 1, "group \(group): \(members)")
        }
    }
}
