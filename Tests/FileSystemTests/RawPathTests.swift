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
