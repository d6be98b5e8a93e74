import FileSystem
import Foundation
import Imaging
import Testing
@testable import Library
@testable import Scanning

/// Turned and mirrored copies (issue 48): a real phone photo (Fixtures/turned, made by Fixtures/make-turned.py from the
/// Nexus 4 photo of Fixtures/similar) and its seven other orientations, each saved again, are one similar group; with
/// `[similar] turned = false`, none of them joins the original.
@Suite struct TurnedCopyTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fixtures/turned").path
    static let names = ["original", "rot90", "rot180", "rot270", "mirrored", "flipped", "transposed", "transversed"]

    /// The seven hashes come from the one transform: each is the hash of the thumbnail turned that way.
    @Test func eachTurnedHashIsTheHashOfTheThumbnailTurned() throws {
        let print = try PerceptualHashing.fingerprint(RawPath(Self.folder + "/original.jpg"))
        let turns = PerceptualHash.turns(of: print.thumbnail)
        #expect(turns.count == Turn.all.count)
        for (turn, hash) in zip(Turn.all, turns) {
            let turned = print.thumbnail.turned(turn)
            #expect(hash == PerceptualHash(of: Image(width: 32, height: 32, layout: .gray, pixels: turned.pixels)), "\(turn)")
        }
        // And the turned copies' own hashes lie near them (the copies are saved again).
        for name in Self.names.dropFirst() {
            let copy = try PerceptualHashing.fingerprint(RawPath(Self.folder + "/\(name).jpg")).hash
            let nearest = turns.map { $0.distance(to: copy) }.min()!
            #expect(nearest <= SimilarGrouping.turnedDistance, "\(name): \(nearest) bits")
        }
    }

    @Test func theEightOrientationsAreOneGroup() throws {
        let tree = try TestTree()
        for name in Self.names { try tree.write("\(name).jpg", try Data(contentsOf: URL(fileURLWithPath: Self.folder + "/\(name).jpg"))) }
        #expect(try tree.scan().summary.similar.groups == 1)
        let items = try tree.items()
        #expect(items.count == 8)
        #expect(Set(items.map(\.similarGroup)).count == 1 && items[0].similarGroup != nil)
    }

    @Test func turnedOffTheyStayApart() throws {
        let tree = try TestTree()
        for name in Self.names { try tree.write("\(name).jpg", try Data(contentsOf: URL(fileURLWithPath: Self.folder + "/\(name).jpg"))) }
        var similar = SimilarOptions.defaults
        similar.turned = false
        _ = try tree.database.scan(ScanRequest(roots: [RawPath(tree.photos)], now: TestTree.now, calendar: TestTree.calendar, similar: similar))
        let original = try #require(try tree.item("original.jpg"))
        #expect(try tree.items().filter { $0.similarGroup != nil && $0.similarGroup == original.similarGroup }.count <= 1)
    }
}
