import FileSystem
import Foundation
import Imaging
import Testing
@testable import Deck
@testable import Library
@testable import Scanning

/// Similar photos through a real scan: fingerprints only for new or changed photos, groups in the index.
@Suite struct SimilarScanTests {
    /// Copies the given fixture folders below photos/ and returns the tree.
    static func tree(_ folders: [String]) throws -> TestTree {
        let tree = try TestTree()
        for folder in folders {
            for edit in SimilarFixture.edits {
                try tree.write("\(folder)/\(edit)", try Data(contentsOf: URL(fileURLWithPath: SimilarFixture.root + "/\(folder)/\(edit)")))
            }
        }
        return tree
    }

    /// Each group's member paths relative to photos/, sorted, and the kept one's.
    static func groups(_ tree: TestTree) throws -> [(members: [String], kept: String)] {
        let items = try tree.items(.similar)
        let prefix = tree.photos.count + 1
        let byID = Dictionary(uniqueKeysWithValues: try tree.items().map { ($0.id!, String($0.rawPath.description.dropFirst(prefix))) })
        return Dictionary(grouping: items, by: { $0.similarGroup! }).map { kept, members in
            (members.map { String($0.rawPath.description.dropFirst(prefix)) }.sorted(), byID[kept]!)
        }.sorted { $0.kept < $1.kept }
    }

    @Test func eachFolderBecomesOneGroupKeepingAFullSizeCopy() throws {
        let tree = try Self.tree(["iphone4", "galaxy-s", "cybershot"])
        let report = try tree.scan()
        #expect(report.fingerprinted == 27)
        let groups = try Self.groups(tree)
        #expect(groups.map { Set($0.members.map { $0.prefix { $0 != "/" } }) }.map { $0.count } == [1, 1, 1])
        #expect(groups.map(\.members.count) == [9, 9, 9])
        for group in groups {
            // The half-size and the cropped copies have fewer pixels: never kept.
            #expect(!group.kept.hasSuffix("/half.jpg") && !group.kept.hasSuffix("/crop6.jpg"), "\(group.kept)")
        }
        let similar = report.summary.similar
        #expect(similar.groups == 3 && similar.files == 27)
        let items = try tree.items(.similar)
        let reclaimable = items.filter { $0.similarGroup != $0.id }.reduce(Int64(0)) { $0 + $1.size }
        #expect(similar.reclaimableBytes == reclaimable && reclaimable > 0)
        for item in items { #expect(item.perceptualHashHex?.count == 16 && item.sharpness! > 0) }
    }

    @Test func aWarmRescanFingerprintsNothingAndAChangedPhotoAloneIsFingerprintedAgain() throws {
        let tree = try Self.tree(["iphone4", "galaxy-s"])
        _ = try tree.scan()
        let before = try Self.groups(tree)
        let warm = try tree.scan()
        #expect(warm.fingerprinted == 0)
        #expect(try Self.groups(tree).map(\.members) == before.map(\.members))
        // galaxy-s/q40.jpg becomes the iPhone 4 photo (re-encoded, so not a byte-identical copy):
        // that one photo is hashed again, and it changes group.
        try Data(Preview.jpeg(RawPath(SimilarFixture.root + "/iphone4/original.jpg"), longSide: 300, quality: 70))
            .write(to: URL(fileURLWithPath: tree.photos + "/galaxy-s/q40.jpg"))
        let changed = try tree.scan()
        #expect(changed.fingerprinted == 1)
        let after = try Self.groups(tree)
        #expect(after.first { $0.members.contains("iphone4/original.jpg") }?.members.contains("galaxy-s/q40.jpg") == true)
        #expect(after.first { $0.members.contains("galaxy-s/original.jpg") }?.members.count == 8)
    }

    @Test func smallPhotosAreFingerprintedAsTheyAreReadAndLargeOnesAfterAsTheirFilesAre() throws {
        let tree = try Self.tree(["iphone4"])
        let report = try tree.scan()
        #expect(report.fingerprinted == 9)
        // The eight JPEGs (under 16 KiB, read whole for their type) are hashed from those bytes; the
        // PNG (110 KB) is read again by the fingerprinting stage.
        #expect(report.timings.contains { $0.name == "fingerprint 1 photos" })
        let items = try tree.items()
        #expect(items.count == 9)
        for item in items {
            let file = try PerceptualHashing.fingerprint(item.rawPath)
            #expect(item.perceptualHash == Int64(bitPattern: file.hash.bits) && item.sharpness == file.sharpness, "\(item.rawPath)")
        }
    }

    @Test func aScanWithoutSimilarPhotosDecodesNothingAndTheNextScanCatchesUp() throws {
        let tree = try Self.tree(["iphone4"])
        let off = try tree.database.scan(ScanRequest(roots: [RawPath(tree.photos)], now: TestTree.now,
                                                     calendar: TestTree.calendar, similar: nil))
        #expect(off.fingerprinted == 0)
        #expect(off.summary.similar.groups == 0)
        #expect(try tree.items().allSatisfy { $0.perceptualHash == nil })
        let on = try tree.scan()
        #expect(on.inspected == 0 && on.fingerprinted == 9)
        #expect(on.summary.similar == LibrarySummary.Duplicates(groups: 1, files: 9, reclaimableBytes: on.summary.similar.reclaimableBytes))
    }

    @Test func exactCopiesStayDuplicatesAndAreNotCountedAsSimilarToo() throws {
        let tree = try Self.tree(["iphone4"])
        let original = try Data(contentsOf: URL(fileURLWithPath: SimilarFixture.root + "/iphone4/original.jpg"))
        try tree.write("backup/original copy.jpg", original)
        try tree.write("backup/original copy 2.jpg", original)
        let report = try tree.scan()
        #expect(report.summary.duplicates.groups == 1 && report.summary.duplicates.files == 3)
        let duplicates = try tree.items(.duplicates)
        #expect(duplicates.count == 3)
        // Exactly one of the three copies (the duplicate group's kept one) takes part in the similar group.
        #expect(duplicates.filter { $0.similarGroup != nil }.count == 1)
        #expect(report.summary.similar.files == 9)
    }

    /// A screenshot, a movie and a camera photo.
    private static func screenshotMovieAndPhoto() throws -> TestTree {
        let tree = try TestTree()
        try tree.write("Pictures/Screenshots/Screenshot_20240105-101010.png",
                       try Data(contentsOf: URL(fileURLWithPath: SimilarFixture.root + "/iphone4/png.png")))
        try tree.copyCorpus("with-gps.mov", to: "clip.mov")
        try tree.copyCorpus("Apple iPhone 4.jpg", to: "photo.jpg")
        return tree
    }

    @Test func screenshotsAndVideosGetNoFingerprint() throws {
        let tree = try Self.screenshotMovieAndPhoto()
        let report = try tree.scan()
        #expect(report.fingerprinted == 1)
        #expect(try tree.item("photo.jpg")?.perceptualHash != nil)
        #expect(try tree.item("clip.mov")?.perceptualHash == nil)
        #expect(try tree.item("Pictures/Screenshots/Screenshot_20240105-101010.png")?.perceptualHash == nil)
    }

    @Test func filesThatGetNoFingerprintAreStoredWithNothingLeftToTake() throws {
        let tree = try Self.screenshotMovieAndPhoto()
        // Read without similar photos: only the photo waits for its fingerprint.
        _ = try tree.database.scan(ScanRequest(roots: [RawPath(tree.photos)], now: TestTree.now, calendar: TestTree.calendar, similar: nil))
        #expect(try tree.item("clip.mov")?.fingerprinted == true)
        #expect(try tree.item("Pictures/Screenshots/Screenshot_20240105-101010.png")?.fingerprinted == true)
        #expect(try tree.item("photo.jpg")?.fingerprinted == false)
        #expect(try tree.scan().fingerprinted == 1)
        #expect(try tree.item("photo.jpg")?.fingerprinted == true)
    }

    @Test func aPhotoThatDoesNotDecodeIsTriedOnceAndNeverGrouped() throws {
        let tree = try TestTree()
        try tree.copyCorpus("IllegalArgumentException.HeifReader.processBoxes.heif", to: "broken.heic")
        let first = try tree.scan()
        #expect(first.errors.isEmpty)
        let item = try #require(try tree.item("broken.heic"))
        if item.kind == .photo { #expect(first.fingerprinted == 1) }
        #expect(item.perceptualHash == nil && item.similarGroup == nil)
        #expect(try tree.scan().fingerprinted == 0)
    }

    static func policy() -> QueuePolicy {
        QueuePolicy(thresholds: Thresholds(options: .defaults, now: TestTree.now, calendar: TestTree.calendar),
                    keptSince: TestTree.now.addingTimeInterval(3600))
    }

    /// The similar boss deals one card a group: the photo the group keeps and every photo like it, from one folder.
    @Test func theSimilarQueueDealsEachGroupAsOneCardWithItsKeptPhoto() throws {
        let tree = try Self.tree(["iphone4", "nexus4"])
        let original = try Data(contentsOf: URL(fileURLWithPath: SimilarFixture.root + "/iphone4/original.jpg"))
        try tree.write("backup/original copy.jpg", original)
        _ = try tree.scan()
        let cards = try tree.database.cards(.similar, policy: Self.policy())
        let similar = try tree.items(.similar)
        let kept = Set(similar.compactMap(\.similarGroup))
        #expect(kept.count == 2)
        #expect(cards.count == 2, "one card a group")
        for card in cards {
            let group = try #require(card.group)
            #expect(card.category == .similar && kept.contains(group.id))
            #expect(card.itemIDs.contains(group.id), "the kept photo is on the card")
            let folders = Set(group.members.map { $0.item.rawPath.description.split(separator: "/").dropLast().last })
            #expect(folders.count == 1, "\(folders)")
        }
        let dealt = cards.flatMap(\.itemIDs)
        #expect(Set(dealt).count == dealt.count)
        #expect(Set(dealt) == Set(similar.filter { $0.similarGroup != nil && $0.rawPath.description.contains("/backup/") == false }.map { $0.id! }))
        // The standard queue deals each file once: the byte-identical copy as a duplicate, never as similar too.
        let all = try tree.database.cards(nil, policy: Self.policy())
        let files = all.flatMap(\.itemIDs)
        #expect(Set(files).count == files.count)
        #expect(all.filter { $0.category == .duplicates }.count == 1)
        // The iPhone group's kept photo is on the duplicates' card (its backup copy): a file is decided once a
        // deck, so that group waits for the next round (the similar boss deals it now, above).
        let iPhone = similar.first { $0.rawPath.description.hasSuffix("iphone4/original.jpg") }?.similarGroup
        #expect(iPhone != nil && all.filter { $0.category == .similar }.map { $0.group?.id } == cards.compactMap(\.group?.id).filter { $0 != iPhone })
    }
}
