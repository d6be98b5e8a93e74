import FileSystem
import Testing

@Suite struct RawPathTests {
    @Test func nonUTF8NameKeepsItsExactBytes() {
        let path = RawPath("/photos").appending([0x66, 0xFF, 0x2E, 0x6A, 0x70, 0x67])
        #expect(path.bytes == Array("/photos/".utf8) + [0x66, 0xFF, 0x2E, 0x6A, 0x70, 0x67])
        #expect(path.exactString == nil)
        #expect(path.description == "/photos/f\u{FFFD}.jpg")
        #expect(path.lastComponent == [0x66, 0xFF, 0x2E, 0x6A, 0x70, 0x67])
    }

    @Test(arguments: [("/a/b.jpg", "/a"), ("/b.jpg", "/"), ("b.jpg", ".")])
    func parentOfPath(path: String, parent: String) {
        #expect(RawPath(path).parent == RawPath(parent))
    }
}

/// Names shown to a person: control characters escaped as `ls -b` does, nothing else changed.
@Suite struct DisplayEscapingTests {
    @Test(arguments: [
        ("IMG_0001.jpg", "IMG_0001.jpg"),
        ("été 🌅.jpg", "été 🌅.jpg"),
        ("line\nbreak.jpg", "line\\nbreak.jpg"),
        ("\u{1B}[31mred\u{1B}[0m.png", "\\033[31mred\\033[0m.png"),
        ("\u{1B}]0;title\u{07}", "\\033]0;title\\a"),
        ("tab\there\r", "tab\\there\\r"),
        ("nul\u{0}del\u{7F}", "nul\\000del\\177"),
        ("c1\u{9B}31m", "c1\\302\\23331m"),
        ("back\\slash", "back\\\\slash"),
    ])
    func controlCharactersAreEscapedAsLsDoes(_ raw: String, _ shown: String) {
        #expect(escapingControlCharacters(raw) == shown)
        #expect(RawPath("/p/" + raw).description == "/p/" + shown)
    }

    @Test func aNameWithANewlineStaysOnOneLine() {
        let path = RawPath("/photos").appending([0x61, 0x0A, 0x1B, 0xFF])
        #expect(path.description == "/photos/a\\n\\033\u{FFFD}")
        #expect(!path.description.contains("\n"))
    }
}
