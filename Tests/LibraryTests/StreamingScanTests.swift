import FileSystem
import Foundation
import GRDB
import Testing
@testable import Library
@testable import Scanning

/// The scan compares folder by folder with the index (rows fetched by path range, a subfolder's
/// range skipped) and finds duplicates a few sizes at a time: the answers must be those of a
/// whole-tree comparison.
@Suite struct StreamingScanTests {
    @Test func aFolderThatIsGoneDropsEverythingBelowIt() throws {
        let tree = try TestTree()
        try tree.write("a/x.bin", randomData(10))
        try tree.write("a/b/y.bin", randomData(11))
        try tree.write("a/b/c/z.bin", randomData(12))
        try tree.write("keep/z.bin", randomData(13))
        #expect(try tree.scan().inspected == 4)
        try FileManager.default.removeItem(atPath: tree.photos + "/a/b")
        let report = try tree.scan()
        #expect(report.removed == 2)
        #expect(report.unchanged == 2)
        #expect(try tree.items().map { $0.rawPath.description }.sorted() == [tree.photos + "/a/x.bin", tree.photos + "/keep/z.bin"])
    }

    /// The walk tells the reading whether a folder holds any `.json` file: a Takeout sidecar is
    /// looked for there, and only there.
    @Test func aTakeoutSidecarIsFoundWhereTheFolderHoldsJSON() throws {
        let tree = try TestTree()
        let sidecar = Data(#"{"photoTakenTime": {"timestamp": "1554462908"}}"#.utf8)
        try tree.write("takeout/IMG_20100102_030405.jpg", randomData(100))
        try tree.write("takeout/IMG_20100102_030405.jpg.json", sidecar)
        try tree.write("phone/IMG_20100102_030405.jpg", randomData(101))
        _ = try tree.scan()
        #expect(try tree.item("takeout/IMG_20100102_030405.jpg")?.dateSource == .sidecar)
        #expect(try tree.item("takeout/IMG_20100102_030405.jpg")?.capturedAt == "2019-04-05T11:15:08Z")
        #expect(try tree.item("phone/IMG_20100102_030405.jpg")?.dateSource == .filename)
    }

    @Test func namesThatSortAroundASubfolderAreComparedExactly() throws {
        let tree = try TestTree()
        // In byte order "a b/…" < "a.bin" < "a/…" < "a0": a folder's own files lie between the
        // rows of its subfolders.
        let names = ["a b/x.bin", "a.bin", "a/x.bin", "a/a/x.bin", "a/a.bin", "a/x.bin.tmp", "a0", "b"]
        for name in names { try tree.write(name, randomData(20)) }
        let first = try tree.scan()
        #expect(first.inspected == names.count)
        let second = try tree.scan()
        #expect(second.inspected == 0)
        #expect(second.removed == 0)
        #expect(second.unchanged == names.count)
        // One file changed among them is the only one read again.
        try tree.write("a/a.bin", randomData(22))
        let third = try tree.scan()
        #expect(third.inspected == 1)
        #expect(third.unchanged == names.count - 1)
    }

    @Test func namesThatAreNotUTF8SortByTheirBytes() throws {
        let tree = try TestTree()
        let folder = RawPath(tree.photos + "/dir")
        try FileManager.default.createDirectory(atPath: tree.photos + "/dir/sub", withIntermediateDirectories: true)
        for name: [UInt8] in [[0xFF, 0x2E, 0x6A], [0x61, 0xC3], [0x2E, 0x80]] {
            let path = folder.appending(name)
            let fd = path.withCString { open($0, O_CREAT | O_WRONLY, 0o644) }
            #expect(fd >= 0)
            _ = write(fd, [UInt8](repeating: name[0], count: 50 + Int(name[1])), 50 + Int(name[1]))
            close(fd)
        }
        try tree.write("dir/sub/x.bin", randomData(10))
        #expect(try tree.scan().inspected == 4)
        let again = try tree.scan()
        #expect(again.inspected == 0)
        #expect(again.unchanged == 4)
        #expect(again.removed == 0)
    }

    @Test func aSubfolderSkippedByNameLosesItsRows() throws {
        let tree = try TestTree()
        try tree.write("a/keep.bin", randomData(10))
        try tree.write("a/later-skipped/x.bin", randomData(11))
        _ = try tree.scan()
        var options = ScanOptions.defaults
        options.skipNames.append("later-skipped")
        let report = try tree.scan(options: options)
        #expect(report.removed == 1)
        #expect(try tree.items().map { $0.rawPath.lastComponent } == [Array("keep.bin".utf8)])
    }

    @Test func candidatesComeAFewSizesAtATimeAndNeverSplitASize() throws {
        let tree = try TestTree()
        for size in [100, 200, 300] {
            let data = randomData(size)
            try tree.write("a\(size).bin", data)
            try tree.write("b\(size).bin", data)
            try tree.write("c\(size).bin", randomData(size))  // same size, other content
        }
        try tree.write("alone.bin", randomData(150))
        let linked = try tree.write("linked.bin", randomData(400))
        #expect(link(linked, tree.photos + "/hardlink.bin") == 0)
        _ = try tree.scan()
        // Files of 200 bytes as if not hashed whole (a large file, or after --rehash): all three could be copies.
        try tree.database.write { db in try db.execute(sql: "UPDATE item SET contentHash = NULL WHERE size = 200") }
        for limit in [1, 2, 4, 100] {
            var batches: [[Int64]] = []
            var after: Int64 = 0
            while true {
                let (candidates, last) = try tree.database.read { db in
                    try DuplicateFinder.candidates(sizesAbove: after, limit: limit, db)
                }
                if !candidates.isEmpty { batches.append(candidates.map(\.size)) }
                guard let last, last < Int64.max else { break }
                after = last
            }
            // Every size shared by two inodes, each in exactly one batch; never the lone size or the hard links,
            // nor a file hashed whole whose hash no other file of its size shares (c100, c300).
            #expect(batches.flatMap { $0 }.sorted() == [100, 100, 200, 200, 200, 300, 300])
            if limit <= 3 { #expect(batches.map { Set($0).count } == [1, 1, 1]) }
        }
    }

    @Test func aGroupKeepsItsIdWhenACopyIsAddedAndLosesItWhenDissolved() throws {
        let tree = try TestTree()
        let data = randomData(3000)
        try tree.write("a.bin", data)
        try tree.write("b.bin", data)
        _ = try tree.scan()
        let group = try #require(try tree.item("a.bin")?.duplicateGroup)
        try tree.write("c.bin", data)
        _ = try tree.scan()
        #expect(try tree.items().map(\.duplicateGroup) == [group, group, group])
        let files = try tree.database.read { db in try Int.fetchOne(db, sql: "SELECT files FROM duplicateGroup WHERE id = ?", arguments: [group]) }
        #expect(files == 3)
        try tree.write("b.bin", randomData(3000))
        try tree.write("c.bin", randomData(3000))
        _ = try tree.scan()
        #expect(try tree.items().allSatisfy { $0.duplicateGroup == nil })
        #expect(try tree.database.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM duplicateGroup") } == 0)
    }
}
