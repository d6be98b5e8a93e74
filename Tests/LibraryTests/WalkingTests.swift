import FileSystem
import Foundation
import Testing
@testable import Library
@testable import Scanning

@Suite struct WalkingTests {
    @Test func symlinksAreNeverFollowedAndLoopsNeverHang() throws {
        let tree = try TestTree()
        try tree.copyCorpus("Apple iPhone 4.jpg", to: "a/IMG_0001.jpg")
        try FileManager.default.createSymbolicLink(atPath: tree.photos + "/link.jpg", withDestinationPath: tree.photos + "/a/IMG_0001.jpg")
        try FileManager.default.createSymbolicLink(atPath: tree.photos + "/a/loop", withDestinationPath: tree.photos)
        let report = try tree.scan()
        #expect(report.summary.files == 1)
        #expect(try tree.items().map(\.rawPath) == [RawPath(tree.photos + "/a/IMG_0001.jpg")])
    }

    @Test func fifosAreSkippedWithoutOpeningThem() throws {
        let tree = try TestTree()
        #expect(mkfifo(tree.photos + "/pipe.jpg", 0o644) == 0)
        try tree.write("real.bin", randomData(100))
        let report = try tree.scan()  // opening the FIFO would block forever
        #expect(report.summary.files == 1)
    }

    /// Caches and other trashes are entered and indexed, each file in its store (read-only, never a card),
    /// counted without being read.
    @Test(arguments: [(".thumbnails/t.jpg", StoreKind.thumbnailCache), ("@eaDir/t.jpg", .thumbnailCache), (".AppleDouble/t.jpg", .thumbnailCache),
                      ("._IMG_0001.JPG", .thumbnailCache), (".Trash-1000/files/x.jpg", .otherTrash), (".Trashes/x.jpg", .otherTrash)])
    func cachesAndTrashesAreIndexedInTheirStore(relative: String, kind: StoreKind) throws {
        let tree = try TestTree()
        try tree.write(relative, randomData(64))
        try tree.write("keep.bin", randomData(64))
        #expect(try tree.scan().summary.files == 2)
        let item = try #require(try tree.item(relative))
        let store = try #require(item.store)
        #expect(try tree.database.storeKinds()[store] == kind)
        // Counted, not read: its bytes are a JPEG's (randomData), but nothing opened it to say so.
        #expect(item.mime == "application/octet-stream" && item.kind == .other && item.contentHash == nil)
        #expect(try tree.item("keep.bin")?.mime == "image/jpeg")
        #expect(try tree.item("keep.bin")?.store == nil)
    }

    @Test(arguments: [".Spotlight-V100/Store-V2/x.jpg", ".fseventsd/x.jpg", ".swipeclean/x.jpg"])
    func indexesOfTheSystemAreSkipped(relative: String) throws {
        let tree = try TestTree()
        try tree.write(relative, randomData(64))
        try tree.write("keep.bin", randomData(64))
        #expect(try tree.scan().summary.files == 1)
    }

    @Test func excludedDirectoriesAreNotEntered() throws {
        let tree = try TestTree()
        try tree.write("state/Trash/files/x.bin", randomData(64))
        try tree.write("keep.bin", randomData(64))
        let report = try tree.database.scan(ScanRequest(roots: [RawPath(tree.photos)], excluded: [RawPath(tree.photos + "/state")],
                                                        now: TestTree.now, calendar: TestTree.calendar))
        #expect(report.summary.files == 1)
    }

    @Test func namesThatAreNotUTF8AreIndexedByTheirExactBytes() throws {
        let tree = try TestTree()
        let name: [UInt8] = Array("caf".utf8) + [0xE9] + Array(" \nphoto.jpg".utf8)  // Latin-1 é, a space, a newline
        let path = RawPath(tree.photos).appending(name)
        let data = try Data(contentsOf: URL(fileURLWithPath: TestTree.corpus + "/HTC Desire.jpg"))
        let fd = path.withCString { open($0, O_CREAT | O_WRONLY, 0o644) }
        #expect(fd >= 0)
        _ = data.withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
        close(fd)
        _ = try tree.scan()
        let items = try tree.items()
        #expect(items.count == 1)
        #expect(items.first?.rawPath == path)
        #expect(items.first?.kind == .photo)
    }

    @Test func aRootThatIsAFileIsRejectedByTheCallerNotWalked() throws {
        let tree = try TestTree()
        let file = try tree.write("x.bin", randomData(10))
        let report = try tree.database.scan(ScanRequest(roots: [RawPath(file)], now: TestTree.now, calendar: TestTree.calendar))
        #expect(report.summary.files == 0)
        #expect(report.errors.count == 1)
    }
}
