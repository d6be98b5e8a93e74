import FileSystem
import Foundation
import Imaging
@testable import Library
@testable import Scanning
import Testing

/// A burst (`Fixtures/burst`: three frames of the corpus's Sony Ericsson U10i photo, 346 px, each moved a little, the third
/// out of focus by a blur of 0.75 % of its short side): the third is blurry beside the others, though alone its own
/// measures keep it.
@Suite struct SofterThanNeighboursTests {
    static let burst = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fixtures/burst")

    func copy(_ names: [String], into tree: TestTree) throws {
        for name in names { try tree.write(name, try Data(contentsOf: Self.burst.appendingPathComponent(name))) }
    }

    @Test func theSoftFrameOfABurstIsBlurryBesideItsSharpFrames() throws {
        let tree = try TestTree()
        try copy(["frame-1.jpg", "frame-2.jpg", "frame-3.jpg"], into: tree)
        _ = try tree.scan()
        let sharp = try #require(try tree.item("frame-1.jpg")), second = try #require(try tree.item("frame-2.jpg"))
        let soft = try #require(try tree.item("frame-3.jpg"))
        #expect(sharp.similarGroup != nil && soft.similarGroup == sharp.similarGroup)
        #expect(sharp.badShot == nil && second.badShot == nil)
        #expect(soft.badShot == .blurry)
        let sharpest = try #require(soft.shotSofterThan)
        #expect(sharpest == max(try #require(sharp.shotFocus), try #require(second.shotFocus)))
        // Its own measures would keep it: the verdict is its neighbours'.
        let own = try #require(soft.shotQuality)
        #expect(own.smear != nil)
        #expect(BadShot.judge(own) == nil)
    }

    @Test func aloneOrWithItsNeighboursGoneTheSoftFrameIsKept() throws {
        let tree = try TestTree()
        try copy(["frame-3.jpg"], into: tree)
        _ = try tree.scan()
        #expect(try tree.item("frame-3.jpg")?.badShot == nil)

        try copy(["frame-1.jpg", "frame-2.jpg"], into: tree)
        _ = try tree.scan()
        #expect(try tree.item("frame-3.jpg")?.badShot == .blurry)

        for name in ["frame-1.jpg", "frame-2.jpg"] { try FileManager.default.removeItem(atPath: tree.photos + "/" + name) }
        _ = try tree.scan()
        let soft = try #require(try tree.item("frame-3.jpg"))
        #expect(soft.badShot == nil && soft.shotSofterThan == nil)
    }

    @Test func badShotsOffMarksNone() throws {
        let tree = try TestTree()
        try copy(["frame-1.jpg", "frame-2.jpg", "frame-3.jpg"], into: tree)
        var similar = SimilarOptions.defaults
        similar.badShots = nil
        _ = try tree.database.scan(ScanRequest(roots: [RawPath(tree.photos)], now: TestTree.now, calendar: TestTree.calendar,
                                               similar: similar))
        #expect(try tree.items().allSatisfy { $0.badShot == nil && $0.shotSofterThan == nil })
    }
}
