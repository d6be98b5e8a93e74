import Testing
@testable import CleanCLI

@Suite struct StyleTests {
    @Test func colourCodesTakeNoColumns() {
        let style = Style(color: true)
        let text = style.bold(style.cyan("Level 3"))
        #expect(text != "Level 3")
        #expect(visibleWidth(text) == 7)
        #expect(visibleWidth(padRight(text, 10)) == 10)
        #expect(visibleWidth(style.bar(0.5, width: 10)) == 12)
    }

    @Test func plainStyleWritesNoEscapes() {
        let style = Style.plain
        #expect(style.bold("x") == "x")
        #expect(style.bar(0.5, width: 4) == "[██░░]")
        #expect(style.bar(.nan, width: 2) == "[░░]")
    }

    @Test func noColorOrAPipeTurnsColourOff() {
        // The test runner's stdout is not a terminal, so colour is off whatever NO_COLOR says.
        #expect(Style.forStdout(environment: [:]).color == false)
        #expect(Style.forStdout(environment: ["NO_COLOR": "1"]).color == false)
    }

    @Test func textIsCutWithAnEllipsis() {
        #expect(truncated("Fight two different bosses this week", 10) == "Fight two…")
        #expect(truncated("short", 10) == "short")
        #expect(trimmedRight("a  ") == "a")
    }

    @Test func textIsWrappedBetweenWordsWithinTheWidth() {
        let lines = wrapped("edited or re-saved, another folder, no camera data, a smaller copy", indent: "      ", width: 30)
        #expect(lines == ["      edited or re-saved,", "      another folder, no", "      camera data, a smaller", "      copy"])
        #expect(lines.allSatisfy { $0.count <= 30 })
        #expect(wrapped("", indent: "  ") == [])
        #expect(wrapped("unbreakable-word-longer-than-the-line", width: 10) == ["unbreakable-word-longer-than-the-line"])
    }

    /// `o` with no desktop session says so instead of "opened in the desktop's viewer" (issue 53).
    @Test func openingWithoutADisplaySaysThereIsNone() {
        let said = Helpers.open("/nonexistent.jpg", environment: ["PATH": "/usr/bin:/bin"])
        #expect(said.hasPrefix("no desktop to open it in") && !said.contains("opened"), "\(said)")
    }
}
