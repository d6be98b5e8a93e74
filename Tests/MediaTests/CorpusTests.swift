import FileSystem
import Foundation
import Testing
@testable import Media

/// Every real phone file in the corpus (`Fixtures/corpus`) agrees with `file --mime-type` and exiftool.
@Suite struct CorpusTests {
    static let now = Date(timeIntervalSince1970: 2_000_000_000)  // 2033: nothing in the corpus is "future"

    @Test(arguments: Fixtures.corpusNames)
    func matchesReferenceTools(_ name: String) throws {
        let expected = try #require(Fixtures.expected[name])
        let inspector = try Inspector()
        let path = RawPath(Fixtures.media.appendingPathComponent(name).path)
        let info = try inspector.inspect(path, now: Self.now)
        #expect(info.mime == expected.mime)
        #expect(info.kind.rawValue == expected.kind)
        if let capturedAt = expected.capturedAt {
            #expect(info.capturedAt?.iso8601 == capturedAt)
            let source: DateSource = switch expected.dateTag?.prefix(while: { $0 != ":" }) {
            case "EXIF": .exif
            case "XMP": .xmp
            default: .quicktime
            }
            #expect(info.dateSource == source)
        } else {
            #expect(info.dateSource == .filename || info.dateSource == .mtime)
        }
        if let make = expected.make { #expect(info.cameraMake == make) }
        if let model = expected.model { #expect(info.cameraModel == model) }
        #expect(info.screenshotEvidence == nil)
    }

    @Test func corpusIsPresent() {
        #expect(Fixtures.corpusNames.count == 26)
    }
}
