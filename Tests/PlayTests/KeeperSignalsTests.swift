import FileSystem
import Foundation
import Library
import Play
import Scanning
import Testing

/// The copy a similar group suggests keeping, on real photos (Fixtures/similar/nexus4: a Nexus 4 photo
/// and its copies made by Fixtures/make-similar.py): the original, never its quality-40 re-encode (whose
/// block artefacts raise the Laplacian "sharpness" above the original's), and each other copy says what it lost.
@Suite struct KeeperSignalsTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fixtures/similar/nexus4").path

    @Test func theOriginalIsSuggestedAndEachCopySaysWhatItLost() throws {
        let names = ["original.jpg", "q40.jpg", "half.jpg", "png.png", "crop6.jpg", "rot2.jpg", "bright20.jpg", "shift3.jpg"]
        var files: [String: Data] = [:]
        for name in names { files["photos/" + name] = try Data(contentsOf: URL(fileURLWithPath: Self.fixtures + "/" + name)) }
        let fixture = try PlayFixture(files: files)
        // The camera wrote the original first; every copy was made later (a minute apart, in no telling order).
        for (at, name) in (["original.jpg"] + names.dropFirst().shuffled()).enumerated() {
            try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSince1970: 1_600_000_000 + Double(at) * 60)],
                                                  ofItemAtPath: fixture.path("photos/" + name))
        }
        _ = try fixture.library.scan(ScanRequest(roots: [RawPath(fixture.root + "/photos")], now: fixture.now, calendar: PlayFixture.calendar))
        let context = fixture.context
        let group = try #require(try context.cards(.similar).first?.group)
        let why = Dictionary(uniqueKeysWithValues: group.members.map { (String(decoding: $0.item.rawPath.lastComponent, as: UTF8.self), $0.why) })
        #expect(group.members.count == 8)
        #expect(String(decoding: group.suggested.item.rawPath.lastComponent, as: UTF8.self) == "original.jpg")
        // The re-encode is "sharper" by the Laplacian: the rule no longer reads that across encodings.
        let q40 = try #require(group.members.first { $0.item.rawPath.description.hasSuffix("q40.jpg") })
        #expect(q40.item.sharpness! > group.suggested.item.sharpness!)
        #expect(q40.item.jpegQuality == 40 && group.suggested.item.jpegQuality! >= 75)
        #expect(why["q40.jpg"]?.first == "re-saved at quality 40")
        #expect(why["half.jpg"]?.first == "half the size")
        #expect(why["crop6.jpg"]?.first == "cropped")
        #expect(why["png.png"]?.first == "converted to PNG")
        #expect(why["bright20.jpg"]?.first == "brightened")
        #expect(why["rot2.jpg"]?.isEmpty == false && why["shift3.jpg"]?.isEmpty == false)
        // One rule: the group's key (`similarGroup`, which `items --json` names) is the photo the card suggests.
        #expect(group.members.allSatisfy { $0.item.similarGroup == group.suggested.id })
        #expect(group.id == group.suggested.id)
    }
}
