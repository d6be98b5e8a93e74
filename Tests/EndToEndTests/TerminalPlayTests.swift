import Foundation
import Testing

/// `clean round` and `clean boss NAME` on a real terminal (a tmux pane): single keys, the countdown,
/// the flash answers, the one-key confirmation, and a terminal put back afterwards whatever happens.
@Suite(.enabled(if: TmuxPane.isAvailable, "tmux is not installed: the terminal play tests need it (apt-get install tmux)"))
struct TerminalPlayTests {
    /// A scanned library: a duplicate pair, a screenshot and an old photo; dealt as
    /// a-copy.jpg (duplicate), the screenshot, a.jpg and old.jpg (old photos).
    struct Library {
        let clean: CleanBinary
        let folder: String

        init(roundSeconds: Int = 60) throws {
            clean = try CleanBinary()
            folder = clean.home + "/library"
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            let corpus = CleanBinary.corpus
            for (source, name) in [("Apple iPhone 4.jpg", "a.jpg"), ("Apple iPhone 4.jpg", "a-copy.jpg"),
                                   ("Issue 62.png", "Screenshot_20240105-101010.png"), ("HTC Desire.jpg", "old.jpg")] {
                try FileManager.default.copyItem(atPath: corpus + "/" + source, toPath: folder + "/" + name)
            }
            try FileManager.default.createDirectory(atPath: clean.home + "/config/swipeclean", withIntermediateDirectories: true)
            try "[play]\nround_seconds = \(roundSeconds)\n".write(toFile: clean.home + "/config/swipeclean/config.toml", atomically: true, encoding: .utf8)
            let scan = try clean.run(["scan", folder])
            #expect(scan.status == 0, "\(scan.stderr)")
        }

        /// `clean ARGS` in a tmux pane, then its exit status and `stty -a` of the same terminal.
        func play(_ arguments: String) throws -> TmuxPane {
            let environment = clean.environment.map { "\($0.key)=\(shellQuoted($0.value))" }.sorted().joined(separator: " ")
            return try TmuxPane(running: "env \(environment) \(shellQuoted(CleanBinary.executable.path)) \(arguments); "
                                + "echo \"exit=$?\"; stty -a; echo stty-done; sleep 30")
        }

        func files() throws -> Set<String> { Set(try FileManager.default.contentsOfDirectory(atPath: folder)) }

        func remove() { clean.removeHome() }
    }

    /// `stty -a` printed after the program ended shows a cooked terminal again.
    func expectRestored(_ screen: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let flags = screen.split(whereSeparator: { $0 == " " || $0 == "\n" }).map(String.init)
        #expect(flags.contains("icanon") && !flags.contains("-icanon"), "canonical mode not restored:\n\(screen)", sourceLocation: sourceLocation)
        #expect(flags.contains("echo") && !flags.contains("-echo"), "echo not restored:\n\(screen)", sourceLocation: sourceLocation)
    }

    @Test func singleKeysPlayARoundWithACountdownAndTheBatchMovesOnY() throws {
        let library = try Library()
        defer { library.remove() }
        let pane = try library.play("round")
        defer { pane.stop() }

        let first = try pane.waitFor("a-copy.jpg")
        #expect(first.contains("card 1 of 4"))
        #expect(first.contains("duplicate of"))
        let shown = try #require(first.firstMatch(of: /⏱ (\d+) s left/)).1
        try pane.waitFor("⏱ \(Int(shown)! - 1) s left", timeout: 2.5)

        try pane.send("d")
        let deleted = try pane.waitFor("✗ DELETE  a-copy.jpg")
        #expect(deleted.contains("Screenshot_20240105-101010.png"))
        #expect(deleted.contains("deleted 1 · 338.0 KB to free"))
        try pane.send("Right")
        try pane.waitFor("✓ KEEP  Screenshot_20240105-101010.png")
        try pane.send("u")
        let undone = try pane.waitFor("↶ UNDONE  Screenshot_20240105-101010.png")
        #expect(undone.contains("card 2 of 4"))
        try pane.send("q")
        let asked = try pane.waitFor("to the trash? [y/N]")
        #expect(asked.contains("To move: 1 card, 338.0 KB"))
        try pane.send("y")
        let result = try pane.waitFor("stty-done")
        #expect(result.contains("exit=0"))
        #expect(result.contains("Round over: reviewed 1 · kept 0 · deleted 1"))
        expectRestored(result)
        #expect(try library.files() == ["a.jpg", "old.jpg", "Screenshot_20240105-101010.png"])
    }

    @Test func ctrlCEndsTheRoundAtOnceMovesNothingAndRestoresTheTerminal() throws {
        let library = try Library()
        defer { library.remove() }
        let pane = try library.play("boss old")
        defer { pane.stop() }

        let first = try pane.waitFor("card 1 of 4 · old photo")
        #expect(first.contains("boss battle: old"))
        try pane.send("Left")
        try pane.waitFor("✗ DELETE")
        try pane.send("C-c")
        let result = try pane.waitFor("stty-done")
        #expect(result.contains("exit=0"))
        #expect(result.contains("Ctrl-C: nothing moves."))
        #expect(result.contains("Nothing moved. The batch is waiting"))
        #expect(!result.contains("[y/N]"))
        expectRestored(result)
        #expect(try library.files().count == 4)
    }

    @Test func sigtermRestoresTheTerminalAndMovesNothing() throws {
        let library = try Library()
        defer { library.remove() }
        let pane = try library.play("round")
        defer { pane.stop() }

        try pane.waitFor("a-copy.jpg")
        try pane.send("d")
        try pane.waitFor("✗ DELETE")
        let pid = try #require(try pane.childPID())
        kill(pid, SIGTERM)
        let result = try pane.waitFor("stty-done")
        #expect(result.contains("exit=143"))
        expectRestored(result)
        #expect(try library.files().count == 4)
    }

    @Test func theRoundEndsAtZeroWithoutAKeyAndNOKeepsTheBatchPending() throws {
        let library = try Library(roundSeconds: 2)
        defer { library.remove() }
        let pane = try library.play("round")
        defer { pane.stop() }

        try pane.waitFor("a-copy.jpg")
        try pane.send("h")
        try pane.waitFor("✗ DELETE")
        let asked = try pane.waitFor("to the trash? [y/N]", timeout: 4)
        #expect(asked.contains("⏱ Time's up!"))
        try pane.send("n")
        let result = try pane.waitFor("stty-done")
        #expect(result.contains("exit=0"))
        #expect(result.contains("Nothing moved. The batch is waiting"))
        expectRestored(result)
        #expect(try library.files().count == 4)
    }
}
