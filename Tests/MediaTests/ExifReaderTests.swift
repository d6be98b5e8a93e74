import Foundation
import Testing
@testable import Media

/// libexif as SwipeClean drives it: fields out, maker notes left undecoded.
@Suite struct ExifReaderTests {
    static func app1(_ name: String) throws -> [UInt8] {
        let bytes = try Fixtures.bytes(ofCorpusFile: name)
        let source = ByteSource(head: bytes[...], size: Int64(bytes.count), file: nil)
        return Array(try #require(JPEGSegments.read(source)?.exif))
    }

    /// (file, has a maker note according to exiftool)
    @Test(arguments: [("Apple iPhone 6.jpg", true), ("Samsung GT-I9505 (Galaxy S4).jpg", true),
                      ("Sony Ericsson U10i.jpg", true), ("Nexus 4.jpg", false), ("HTC One.jpg", false)])
    func makerNoteIsHiddenAndFieldsStay(_ name: String, _ hasMakerNote: Bool) throws {
        let original = try Self.app1(name)
        var hidden = original
        ExifReader.hideMakerNote(in: &hidden)
        let changed = zip(original, hidden).filter { $0 != $1 }.count
        #expect(changed == (hasMakerNote ? 2 : 0))  // the tag's two bytes
        let fields = try #require(ExifReader.read(original[...]))
        #expect(fields.make != nil && fields.dateTimeOriginal != nil)
    }

    @Test func userCommentCharacterCodes() throws {
        for (raw, expected) in [(Array("ASCII\0\0\0Screenshot".utf8), "Screenshot"),
                                (Array("UNICODE\0".utf8) + [0x53, 0, 0x68, 0, 0x6F, 0, 0x74, 0], "Shot"),
                                ([UInt8](repeating: 0, count: 8) + Array("Hi  ".utf8), "Hi"),
                                ([UInt8](repeating: 0x20, count: 20), nil)] as [([UInt8], String?)] {
            let tiff = Synthetic.tiff(ifd0: [], exif: [(0x9286, .undefined(raw))])
            #expect(ExifReader.read(tiff[...])?.userComment == expected)
        }
    }

    @Test func notTIFFIsNil() {
        #expect(ExifReader.read(Array("hello world, not a TIFF".utf8)[...]) == nil)
        #expect(ExifReader.read([][...]) == nil)
    }
}
