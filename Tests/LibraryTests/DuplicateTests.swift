import FileSystem
import Foundation
import Testing
@testable import Library
@testable import Scanning

@Suite struct DuplicateTests {
    @Test func identicalCopiesFormOneGroupWithTheCameraCopyKept() throws {
        let tree = try TestTree()
        let data = randomData(20_000)
        try tree.write("backup/IMG_1.jpg", data)
        try tree.write("DCIM/100APPLE/IMG_1.jpg", data)
        try tree.write("Downloads/IMG_1 (1).jpg", data)
        let report = try tree.scan()
        #expect(report.summary.duplicates.groups == 1)
        #expect(report.summary.duplicates.files == 3)
        #expect(report.summary.duplicates.reclaimableBytes == 40_000)
        let groups = try tree.database.read { db in try DuplicateGroupRecord.fetchAll(db) }
        let kept = try #require(try tree.item("DCIM/100APPLE/IMG_1.jpg"))
        #expect(groups.map(\.keptItem) == [kept.id!])
    }

    @Test func sameSizeDifferentContentIsNotADuplicate() throws {
        let tree = try TestTree()
        var data = randomData(50_000)
        try tree.write("a.bin", data)
        data[25_000] ^= 0xFF  // differs only in the middle: head and tail hashes collide, the full hash does not
        try tree.write("b.bin", data)
        let report = try tree.scan()
        #expect(report.summary.duplicates.groups == 0)
        #expect(try tree.item("a.bin")?.contentHash != nil)
        #expect(try tree.item("a.bin")?.contentHash != tree.item("b.bin")?.contentHash)
    }

    @Test func hardLinksAreOneFileNotDuplicates() throws {
        let tree = try TestTree()
        let a = try tree.write("a.bin", randomData(3000))
        #expect(link(a, tree.photos + "/b.bin") == 0)
        let report = try tree.scan()
        #expect(report.summary.files == 2)
        #expect(report.summary.duplicates.groups == 0)
        #expect(report.summary.duplicates.reclaimableBytes == 0)
    }

    @Test func aHardLinkInsideAGroupIsNotReclaimable() throws {
        let tree = try TestTree()
        let data = randomData(3000)
        let a = try tree.write("a.bin", data)
        #expect(link(a, tree.photos + "/a-link.bin") == 0)
        try tree.write("copy.bin", data)
        let report = try tree.scan()
        #expect(report.summary.duplicates.groups == 1)
        #expect(report.summary.duplicates.files == 3)
        #expect(report.summary.duplicates.reclaimableBytes == 3000)
    }

    @Test func emptyFilesAreNeverDuplicates() throws {
        let tree = try TestTree()
        try tree.write("a.txt", Data())
        try tree.write("b.txt", Data())
        #expect(try tree.scan().summary.duplicates.groups == 0)
    }

    @Test func removingACopyDissolvesTheGroup() throws {
        let tree = try TestTree()
        let data = randomData(3000)
        try tree.write("a.bin", data)
        let b = try tree.write("b.bin", data)
        #expect(try tree.scan().summary.duplicates.groups == 1)
        try FileManager.default.removeItem(atPath: b)
        #expect(try tree.scan().summary.duplicates.groups == 0)
        #expect(try tree.item("a.bin")?.duplicateGroup == nil)
    }
}
