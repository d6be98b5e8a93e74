import Foundation
import Testing

/// `clean round` and `clean boss NAME` on a real terminal (a tmux pane): single keys, the countdown,
/// the flash answers, the one-key confirmation, and a terminal put back afterwards whatever happens.
/// Without tmux every test fails saying how to install it (`make setup` does).
@Suite struct TerminalPlayTests {
    /// A scanned library: a duplicate pair, a screenshot and an old photo; dealt as
    /// a-copy.jpg (duplicate), the screenshot, a.jpg and old.jpg (old photos).
    struct Library {
        var clean: CleanBinary
        let folder: String

        /// `moreScreenshots`: two more screenshots, for a three-card `boss screenshots`.
        init(roundSeconds: Int = 60, moreScreenshots: Bool = false) throws {
            clean = try CleanBinary()
            folder = clean.home + "/library"
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            let corpus = CleanBinary.corpus
            for (source, name) in [("Apple iPhone 4.jpg", "a.jpg"), ("Apple iPhone 4.jpg", "a-copy.jpg"),
                                   ("Issue 62.png", "Screenshot_20240105-101010.png"), ("HTC Desire.jpg", "old.jpg")] {
                try FileManager.default.copyItem(atPath: corpus + "/" + source, toPath: folder + "/" + name)
            }
            if moreScreenshots {
                // Two more PNGs, the second made distinct by a byte after its IEND (still a valid PNG).
                let png = try Data(contentsOf: URL(fileURLWithPath: corpus + "/Issue 204 (dotnet).png"))
                try png.write(to: URL(fileURLWithPath: folder + "/Screenshot_20240106-101010.png"))
                try (png + Data([0x0A])).write(to: URL(fileURLWithPath: folder + "/Screenshot_20240107-101010.png"))
            }
            try FileManager.default.createDirectory(atPath: clean.home + "/config/swipeclean", withIntermediateDirectories: true)
            try "[play]\nround_seconds = \(roundSeconds)\n".write(toFile: clean.home + "/config/swipeclean/config.toml", atomically: true, encoding: .utf8)
            let scan = try clean.run(["scan", folder])
            #expect(scan.status == 0, "\(scan.stderr)")
        }

        /// `clean ARGS` in a tmux pane, then its exit status, `stty -a` of the same terminal, and
        /// `leftover=[…]`: the bytes the shell would read next (what `clean` left in the terminal's input).
        func play(_ arguments: String) throws -> TmuxPane {
            let environment = clean.environment.map { "\($0.key)=\(shellQuoted($0.value))" }.sorted().joined(separator: " ")
            return try TmuxPane(running: "env \(environment) \(shellQuoted(CleanBinary.executable.path)) \(arguments); "
                                + "echo \"exit=$?\"; stty -a; echo stty-done; "
                                + "stty -icanon min 0 time 5; printf 'leftover=['; head -c 64 | od -An -c | tr -d ' \\n'; echo ']'; echo leftover-done; "
                                + "sleep 30")
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
        #expect(first.contains("card 1 of 3"), "two copies are one card")
        #expect(first.contains("2 copies, byte for byte the same"), "\(first)")
        let countdown = try #require(first.firstMatch(of: /⏱ (\d+) s left/))
        let shown = try #require(Int(countdown.1))
        // The countdown goes down within a second or so (on a loaded machine a redraw may skip a second).
        try pane.waitUntil("a countdown below \(shown) s", timeout: 6) { screen in
            screen.firstMatch(of: /⏱ (\d+) s left/).flatMap { Int($0.1) }.map { $0 < shown } ?? false
        }

        try pane.send("d")
        let deleted = try pane.waitFor("✗ DELETE  1 of 2, keep 1")
        #expect(deleted.contains("Screenshot_20240105-101010.png"))
        #expect(deleted.contains("deleted 1 · 338.0 KB to free"))
        try pane.send("Right")
        try pane.waitFor("✓ KEEP  Screenshot_20240105-101010.png")
        try pane.send("u")
        let undone = try pane.waitFor("↶ UNDONE  Screenshot_20240105-101010.png")
        #expect(undone.contains("card 2 of 3"))
        try pane.send("q")
        let asked = try pane.waitFor("to the trash? [y/N]")
        #expect(asked.contains("To move: 1 card, 338.0 KB"))
        try pane.send("y")
        let result = try pane.waitFor("stty-done")
        #expect(result.contains("exit=0"))
        // One group card of two files: a.jpg kept (the suggested copy), a-copy.jpg deleted.
        #expect(result.contains("Round over: reviewed 1 card (2 files) · kept 1 · deleted 1"))
        expectRestored(result)
        #expect(try library.files() == ["a.jpg", "old.jpg", "Screenshot_20240105-101010.png"])
    }

    /// A group card on an 80×24 terminal: every member listed, the suggested one marked to keep; 1…9
    /// mark and unmark, d deletes the unmarked. Here the copy is kept and the suggested one goes.
    @Test func numberKeysChooseWhichCopiesOfAGroupStay() throws {
        let library = try Library()
        defer { library.remove() }
        let pane = try library.play("boss duplicates")
        defer { pane.stop() }

        let first = try pane.waitFor("1 ★ [keep] a.jpg")
        #expect(first.contains("2   [    ] a-copy.jpg"), "\(first)")
        #expect(first.contains("1…9 mark to keep"), "\(first)")
        // Both copies' pictures side by side above the card (chafa), numbered beneath.
        let rows = first.split(separator: "\n").map(String.init)
        let labels = try #require(rows.firstIndex { $0.trimmingCharacters(in: .whitespaces).hasPrefix("1 ★") && !$0.contains("[keep]") },
                                  "no numbers beneath pictures:\n\(first)")
        #expect(rows[labels].split(separator: " ").map(String.init) == ["1", "★", "2"], "\(rows[labels])")
        #expect(labels >= 4 && rows[labels - 1].trimmingCharacters(in: .whitespaces).count > 20, "no pictures above the numbers:\n\(first)")
        try pane.send("2")
        try pane.waitFor("2   [keep] a-copy.jpg")
        try pane.send("1")
        try pane.waitFor("1 ★ [    ] a.jpg")
        try pane.send("1")
        try pane.waitFor("1 ★ [keep] a.jpg")
        try pane.send("1")
        try pane.waitFor("1 ★ [    ] a.jpg")
        try pane.send("9")   // no ninth member: said, nothing changes
        try pane.send("d")
        let asked = try pane.waitFor("to the trash? [y/N]")
        #expect(asked.contains("a.jpg") && !asked.contains("    338.0 KB  \(library.folder)/a-copy.jpg"), "\(asked)")
        try pane.send("y")
        let result = try pane.waitFor("stty-done")
        #expect(result.contains("Round over: reviewed 1 card (2 files) · kept 1 · deleted 1"), "\(result)")
        expectRestored(result)
        #expect(try library.files() == ["a-copy.jpg", "old.jpg", "Screenshot_20240105-101010.png"])
    }

    @Test func ctrlCEndsTheRoundAtOnceMovesNothingExits130AndRestoresTheTerminal() throws {
        let library = try Library()
        defer { library.remove() }
        let pane = try library.play("boss old")
        defer { pane.stop() }

        let first = try pane.waitFor("card 1 of 4 · old photo")
        #expect(first.contains("boss battle: Blast from the Past"))
        try pane.send("Left")
        try pane.waitFor("✗ DELETE")
        try pane.send("C-c")
        let result = try pane.waitFor("stty-done")
        #expect(result.contains("exit=130"), "Ctrl-C is an interruption (issue 53): \(result)")
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
        let asked = try pane.waitFor("to the trash? [y/N]", timeout: 10)
        #expect(asked.contains("⏱ Time's up!"))
        try pane.send("n")
        let result = try pane.waitFor("stty-done")
        #expect(result.contains("exit=0"))
        #expect(result.contains("Nothing moved. The batch is waiting"))
        expectRestored(result)
        #expect(try library.files().count == 4)
    }

    @Test func keysTypedAheadNeverAnswerTheQuestionAndNeverReachTheShell() throws {
        let library = try Library(moreScreenshots: true)
        defer { library.remove() }
        let pane = try library.play("boss screenshots")
        defer { pane.stop() }

        try pane.waitFor("card 1 of 3")
        // Four deletes in the rhythm of play for three cards: the fourth lands as the question appears.
        try pane.send("d", "d", "d", "d")
        let asked = try pane.waitFor("to the trash? [y/N]")
        #expect(asked.contains("Done: 3 cards decided."))
        #expect(asked.contains("To move: 3 cards"))
        #expect(asked.contains("y moves them · n, Esc or Enter: not now"))
        // A sixth d, an arrow, q, a letter: none of them answers.
        for key in ["d", "Left", "q", "x", "k"] { try pane.send(key) }
        usleep(600_000)
        let waiting = try pane.screen()
        #expect(!waiting.contains("exit="), "a key other than y/n/Esc/Enter answered:\n\(waiting)")
        try pane.send("y")
        let result = try pane.waitFor("leftover-done")
        #expect(result.contains("exit=0"))
        #expect(result.contains("Round over: reviewed 3"))
        expectRestored(result)
        #expect(result.contains("leftover=[]"), "keys reached the shell:\n\(result)")
        #expect(try library.files() == ["a.jpg", "a-copy.jpg", "old.jpg"])
    }

    @Test func aQTypedAsTimeRunsOutDoesNotAnswerAndEscMeansNotNow() throws {
        let library = try Library(roundSeconds: 2)
        defer { library.remove() }
        let pane = try library.play("round")
        defer { pane.stop() }

        try pane.waitFor("a-copy.jpg")
        try pane.send("d")
        try pane.waitFor("Time's up!", timeout: 10)
        try pane.send("q")
        try pane.send("d")
        usleep(600_000)
        let asked = try pane.waitFor("to the trash? [y/N]")
        #expect(asked.contains("⏱ Time's up! Done: 1 card decided (2 files)."), "\(asked)")
        #expect(!asked.contains("exit="), "q answered the question:\n\(asked)")
        try pane.send("Escape")
        let result = try pane.waitFor("leftover-done")
        #expect(result.contains("exit=0"))
        #expect(result.contains("Nothing moved. The batch is waiting"))
        expectRestored(result)
        #expect(result.contains("leftover=[]"), "keys reached the shell:\n\(result)")
        #expect(try library.files().count == 4)
    }

    /// The picture takes the rows the card's text leaves (not a fixed 40×20), `o` hands the file to
    /// xdg-open, Enter/z shows the picture full screen until any key (which decides nothing), `s` skips.
    @Test func thePictureFillsTheRoomOOpensZShowsItFullScreenAndSSkips() throws {
        #expect(Self.chafa != nil, "chafa is not installed: sudo apt-get install -y chafa (or make setup)")
        var library = try Library()
        defer { library.remove() }
        let bin = library.clean.home + "/bin"
        try FileManager.default.createDirectory(atPath: bin, withIntermediateDirectories: true)
        let opened = library.clean.home + "/opened"
        try "#!/bin/sh\nprintf '%s\\n' \"$1\" >> \(shellQuoted(opened))\n".write(toFile: bin + "/xdg-open", atomically: true, encoding: .utf8)
        chmod(bin + "/xdg-open", 0o755)
        library.clean.environment["PATH"] = bin + ":/usr/bin:/bin"
        library.clean.environment["DISPLAY"] = ":0"   // a desktop session: `o` opens (without one it says there is none)
        let pane = try library.play("boss old")
        defer { pane.stop() }

        let card = try pane.waitFor("card 1 of 4")
        let lines = card.split(separator: "\n", omittingEmptySubsequences: false)
        let cardLine = try #require(lines.firstIndex { $0.contains("── card 1 of 4") })
        let picture = lines[2..<cardLine].filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
        #expect(picture.count >= 15, "the picture has \(picture.count) rows in a 40-row pane:\n\(card)")
        #expect(picture.map { $0.count }.max() ?? 0 > 42, "the picture is no wider than the old 40 columns:\n\(card)")
        let name = try #require(lines[cardLine + 1].split(separator: " ").last.map(String.init))

        try pane.send("o")
        try pane.waitFor("opened in the desktop's viewer")
        usleep(300_000)
        #expect(try String(contentsOfFile: opened, encoding: .utf8) == library.folder + "/" + name + "\n")

        try pane.send("z")
        let full = try pane.waitFor("any key: back to the card")
        #expect(!full.contains("card 1 of 4"))
        try pane.send("d")  // dismisses the view, deletes nothing
        let back = try pane.waitFor("card 1 of 4")
        #expect(back.contains("deleted 0 ·"))
        try pane.send("Enter")
        try pane.waitFor("any key: back to the card")
        try pane.send("x")
        try pane.waitFor("card 1 of 4")

        try pane.send("s")
        let skipped = try pane.waitFor("card 2 of 4")
        #expect(skipped.contains("→ LATER  \(name)"))
        try pane.send("q")
        let result = try pane.waitFor("stty-done")
        #expect(result.contains("exit=0"))
        #expect(!result.contains("[y/N]"), "nothing was deleted, so nothing is asked")
        expectRestored(result)
        #expect(try library.files().count == 4)
    }

    /// A video card (HEVC in a MOV) shows its poster frame where ffmpeg is installed, drawn by chafa
    /// in the room the card leaves, and full screen on `z`; without ffmpeg (chafa still there) the
    /// card has no picture and `z` says what to install.
    @Test func aVideoCardShowsItsPosterFrameAndWithoutFfmpegSaysWhatToInstall() throws {
        #expect(Self.chafa != nil, "chafa is not installed: sudo apt-get install -y chafa (or make setup)")
        #expect(FileManager.default.isExecutableFile(atPath: "/usr/bin/ffmpeg"), "ffmpeg is not installed: sudo apt-get install -y ffmpeg (or make setup)")
        var library = try Library()
        defer { library.remove() }
        let video = URL(fileURLWithPath: CleanBinary.corpus).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("video/IMG_3001.MOV").path
        try FileManager.default.copyItem(atPath: video, toPath: library.folder + "/IMG_3001.MOV")
        try "[scan]\nbig_video_bytes = 1000\n".write(toFile: library.clean.home + "/config/swipeclean/config.toml", atomically: true, encoding: .utf8)
        #expect(try library.clean.run(["scan", library.folder]).status == 0)
        // The poster frames live in a folder of the temporary folder while the game runs, and go with it.
        let temporary = library.clean.home + "/tmp/"
        try FileManager.default.createDirectory(atPath: temporary, withIntermediateDirectories: true)
        library.clean.environment["TMPDIR"] = temporary
        func posters() throws -> [String] {
            try FileManager.default.contentsOfDirectory(atPath: temporary).filter { $0.hasPrefix("swipeclean-posters-") }
        }

        func pictureRows(_ screen: String) throws -> [Substring] {
            let lines = screen.split(separator: "\n", omittingEmptySubsequences: false)
            let cardLine = try #require(lines.firstIndex { $0.contains("── card 1 of 1") }, "\(screen)")
            return lines[2..<cardLine].filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
        }

        let pane = try library.play("boss videos")
        let card = try pane.waitFor("card 1 of 1")
        #expect(card.contains("IMG_3001.MOV") && card.contains("video · 0:03 ·"), "the video card with its duration:\n\(card)")
        let picture = try pictureRows(card)
        #expect(picture.count >= 15 && (picture.map(\.count).max() ?? 0) > 42, "the poster frame fills the room:\n\(card)")
        let folder = try #require(try posters().first, "the poster's folder while the card is shown")
        #expect(try FileManager.default.contentsOfDirectory(atPath: temporary + folder).contains { $0.hasSuffix(".jpg") })
        try pane.send("z")
        let full = try pane.waitFor("any key: back to the card")
        #expect(full.split(separator: "\n").filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }.count >= 30, "full screen:\n\(full)")
        try pane.send("x")
        try pane.waitFor("card 1 of 1")
        try pane.send("q")
        try pane.waitFor("stty-done")
        pane.stop()
        #expect(try posters().isEmpty, "the game's poster folder is removed when it ends")

        // Without ffmpeg: chafa alone on PATH.
        let bin = library.clean.home + "/bin"
        try FileManager.default.createDirectory(atPath: bin, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: bin + "/chafa", withDestinationPath: try #require(Self.chafa))
        library.clean.environment["PATH"] = bin
        let bare = try library.play("boss videos")
        defer { bare.stop() }
        let plain = try bare.waitFor("card 1 of 1")
        #expect(try pictureRows(plain).isEmpty, "no picture without ffmpeg:\n\(plain)")
        try bare.send("z")
        let said = try bare.waitFor("no poster frame: ffmpeg is not installed (apt-get install ffmpeg)")
        #expect(said.contains("card 1 of 1"))
        try bare.send("q")
        #expect(try bare.waitFor("stty-done").contains("exit=0"))
        #expect(try posters().isEmpty, "no poster, no folder")
    }

    static let chafa = ["/usr/bin/chafa", "/usr/local/bin/chafa"].first { FileManager.default.isExecutableFile(atPath: $0) }
}
