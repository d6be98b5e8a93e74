import Testing
@testable import CleanCLI

/// A group card's members side by side on the terminal: as many as fit at 14 columns each, each picture's
/// lines padded to its cell however many colour codes they hold, the numbers beneath.
@Suite struct GroupPicturesTests {
    @Test func asManyMembersAsFitSideBySide() {
        #expect(GroupPictures.fitting(6, columns: 78) == 5)   // 5 × 14 + 4 × 2 = 78; a sixth needs 16 more
        #expect(GroupPictures.fitting(6, columns: 77) == 4)
        #expect(GroupPictures.fitting(2, columns: 78) == 2)
        #expect(GroupPictures.fitting(3, columns: 20) == 1)
        #expect(GroupPictures.cellWidth(3, columns: 78) == 24)
    }

    @Test func colourCodesTakeNoColumns() {
        #expect(GroupPictures.visibleWidth("\u{1B}[38;5;12m▄▄\u{1B}[0m▌") == 3)
        #expect(GroupPictures.visibleWidth("\u{1B}[?25l ab") == 3)
        #expect(GroupPictures.visibleWidth("") == 0)
    }

    @Test func picturesArePaddedToTheirCellsWithTheNumbersBeneath() {
        let lines = GroupPictures.sideBySide([["\u{1B}[31m▄▄\u{1B}[0m", "▀"], nil, ["xyz"]], labels: ["1 ★", "2", "3"], width: 4, reset: "")
        #expect(lines.count == 3)
        #expect(lines.map(GroupPictures.visibleWidth) == [16, 16, 16])
        #expect(lines[0] == "\u{1B}[31m▄▄\u{1B}[0m  " + "  " + "    " + "  " + "xyz ")
        #expect(lines[1] == "▀   " + "  " + "    " + "  " + "    ")
        #expect(lines[2] == "1 ★ " + "  " + "2   " + "  " + "3   ")
    }
}
