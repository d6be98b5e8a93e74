import Deck
import FileSystem
import Foundation
import Library
import Play
import Scanning
import Testing

/// What a delete loses (`GroupMember.onlyHere`) and the keep rule's `metadata`, on copies of one real phone
/// photo that differ only in what they know (Fixtures/onlyhere, made by Fixtures/make-onlyhere.sh with exiftool:
/// GPS, capture date or camera stripped, a half-size copy that kept its GPS, a Live Photo's video, a sidecar).
@Suite struct OnlyHereTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fixtures/onlyhere").path

    static func data(_ name: String) throws -> Data { try Data(contentsOf: URL(fileURLWithPath: fixtures + "/" + name)) }

    /// A library of `files` (fixture name by path), each file's time `order`'s place in minutes, scanned, dealt as group cards.
    static func group(_ files: [String: String], order: [String], category: CardCategory) throws -> (PlayFixture, CardGroup) {
        let fixture = try PlayFixture(files: try files.mapValues(data))
        for (at, path) in order.enumerated() {
            try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSince1970: 1_600_000_000 + Double(at) * 60)],
                                                  ofItemAtPath: fixture.path(path))
        }
        _ = try fixture.library.scan(ScanRequest(roots: [RawPath(fixture.root + "/photos")], now: fixture.now, calendar: PlayFixture.calendar))
        let context = fixture.context
        let group = try #require(try context.cards(category).first?.group)
        return (fixture, group)
    }

    static func name(_ member: GroupMember) -> String { String(decoding: member.item.rawPath.lastComponent, as: UTF8.self) }
    static func folderAndName(_ member: GroupMember) -> String {
        String(decoding: member.item.rawPath.parent.lastComponent, as: UTF8.self) + "/" + name(member)
    }

    /// Four full-size copies: the camera's file knows most and is suggested, though the copy without GPS is the
    /// earliest file (which `filetime` alone would keep); the others lose nothing it lacks.
    @Test func theCopyThatKnowsMostIsSuggested() throws {
        let (_, group) = try Self.group(["nogps.jpg": "nogps.jpg", "original.jpg": "original.jpg", "nodate.jpg": "nodate.jpg",
                                         "nocamera.jpg": "nocamera.jpg"],
                                        order: ["nogps.jpg", "nodate.jpg", "original.jpg", "nocamera.jpg"], category: .similar)
        #expect(group.members.count == 4)
        #expect(Self.name(group.suggested) == "original.jpg")
        #expect(group.suggested.item.hasLocation == true)
        #expect(group.suggested.why.contains("knows most"))
        #expect(group.members.allSatisfy { $0.onlyHere.isEmpty })
        let why = Dictionary(uniqueKeysWithValues: group.members.map { (Self.name($0), $0.why) })
        #expect(why["nogps.jpg"]?.first == "no location")
        #expect(why["nodate.jpg"]?.first == "no capture date")
        #expect(why["nocamera.jpg"]?.first == "no camera data")
        let nogps = try #require(group.members.first { Self.name($0) == "nogps.jpg" })
        #expect(nogps.item.hasLocation == false)
    }

    /// A half-size copy that kept its GPS beside a full-size one without: the larger is suggested, the smaller
    /// says it alone knows where the photo was taken, and the larger that it has more pixels.
    @Test func aSmallerCopyWithItsLocationSaysSo() throws {
        let (_, group) = try Self.group(["full.jpg": "nogps.jpg", "half.jpg": "half.jpg"], order: ["full.jpg", "half.jpg"], category: .similar)
        #expect(Self.name(group.suggested) == "full.jpg")
        #expect(group.suggested.onlyHere == [])
        #expect(group.members[1].onlyHere == ["location"])
        #expect(OnlyHere.sentence(group.members[1].onlyHere, position: 2) == "copy 2 knows where it was taken; deleting it loses that")
        #expect(OnlyHere.sentence(["capture date", "camera", "sidecar"], position: 3)
                == "copy 3 knows when it was taken, names the camera and has a sidecar file; deleting it loses that")
        #expect(OnlyHere.sentence([], position: 2) == nil)
    }

    /// Byte-for-byte copies differ only in what lies beside them: a copy with a companion (the Live Photo's
    /// video, a sidecar: one thing known each, so a tie the file times break) is suggested over the bare one
    /// (by `metadata`, over the path's order); the other companion's copy says what it alone has, the bare one nothing.
    @Test func duplicatesDifferOnlyInTheirCompanions() throws {
        let xmp = Data("<x:xmpmeta xmlns:x='adobe:ns:meta/'><rdf:RDF xmlns:rdf='http://www.w3.org/1999/02/22-rdf-syntax-ns#'/></x:xmpmeta>".utf8)
        let fixture = try PlayFixture(files: [
            "a/IMG_0001.JPG": try Self.data("original.jpg"),
            "b/IMG_0001.JPG": try Self.data("original.jpg"), "b/IMG_0001.MOV": try Self.data("live.mov"),
            "c/IMG_0001.JPG": try Self.data("original.jpg"), "c/IMG_0001.xmp": xmp,
        ])
        let context = fixture.context
        let group = try #require(try context.cards(.duplicates).first?.group)
        let companion = ["b/IMG_0001.JPG": "live photo video", "c/IMG_0001.JPG": "sidecar"]
        let suggested = Self.folderAndName(group.suggested)
        let other = suggested == "b/IMG_0001.JPG" ? "c/IMG_0001.JPG" : "b/IMG_0001.JPG"
        #expect(companion[suggested] != nil, "a copy with a companion is suggested over the bare one, not \(suggested)")
        let byName = Dictionary(uniqueKeysWithValues: group.members.map { (Self.folderAndName($0), $0) })
        #expect(byName[suggested]?.onlyHere == [] && byName["a/IMG_0001.JPG"]?.onlyHere == [])
        #expect(byName[other]?.onlyHere == [companion[other]!])
        #expect(byName["a/IMG_0001.JPG"]?.why.first == "no " + (companion[suggested] ?? "?"))
    }
}
