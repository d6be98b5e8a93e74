import Play
import Testing

/// What a person reads: counted nouns and sizes in one decimal unit.
@Suite struct WordsTests {
    @Test(arguments: [(1, "file", "1 file"), (2, "file", "2 files"), (0, "card", "0 cards"), (2, "copy", "2 copies"),
                      (3, "day", "3 days"), (2, "boss", "2 bosses"), (1_500, "photo", "1,500 photos")])
    func countsAreWrittenInTheRightNumber(count: Int, noun: String, text: String) {
        #expect(Words.count(count, noun) == text)
    }

    @Test(arguments: [(Int64(311_800), Int64(100_000_000), "0.3/100.0 MB"), (0, 1_000_000_000, "0.0/1.0 GB"),
                      (12, 500, "12/500 B"), (1_500_000_000, 10_000_000_000, "1.5/10.0 GB")])
    func progressIsWrittenInTheTargetsUnit(progress: Int64, target: Int64, text: String) {
        #expect(ByteCount.pair(progress, of: target) == text)
    }
}
