#if canImport(Glibc)
import Glibc
#endif
import FileSystem
import Foundation
import Testing
@testable import Library
@testable import Scanning

@Suite struct IncrementalTests {
    @Test func aRescanOfAnUnchangedTreeReadsNothing() throws {
        let tree = try TestTree()
        try tree.copyCorpus("Apple iPhone 4.jpg", to: "IMG_1.jpg")
        try tree.write("b.bin", randomData(1000))
        let first = try tree.scan()
        #expect(first.inspected == 2)
        let second = try tree.scan()
        #expect(second.inspected == 0)
        #expect(second.unchanged == 2)
        #expect(second.summary == first.summary)
    }

    @Test func aChangedFileIsReadAgainAndKeepsItsID() throws {
        let tree = try TestTree()
        let path = try tree.write("b.bin", randomData(1000))
        _ = try tree.scan()
        let before = try #require(try tree.item("b.bin"))
        try randomData(2000).write(to: URL(fileURLWithPath: path))
        let report = try tree.scan()
        #expect(report.inspected == 1)
        let after = try #require(try tree.item("b.bin"))
        #expect(after.id == before.id)
        #expect(after.size == 2000)
    }

    @Test func aFileWhoseChangeTimeMovedIsReadAgainAndOneIndexedWithoutItOnce() throws {
        let tree = try TestTree()
        let path = try tree.write("b.bin", randomData(1000))
        _ = try tree.scan()
        let indexed = try #require(try tree.item("b.bin"))
        #expect(indexed.ctimeNs == (try linkStatus(RawPath(path))).ctimeNanoseconds)
        // chmod changes nothing a scan reads but the change time.
        usleep(20_000)
        #expect(chmod(path, 0o600) == 0)
        #expect(try tree.scan().inspected == 1)
        // A row from before v5-trash has no change time: read once more, then unchanged again.
        try tree.database.write { db in try db.execute(sql: "UPDATE item SET ctimeNs = NULL") }
        #expect(try tree.scan().inspected == 1)
        #expect(try tree.item("b.bin")?.ctimeNs != nil)
        #expect(try tree.scan().inspected == 0)
    }

    @Test func vanishedFilesAreDroppedAndNewOnesAdded() throws {
        let tree = try TestTree()
        let gone = try tree.write("gone.bin", randomData(10))
        _ = try tree.scan()
        try FileManager.default.removeItem(atPath: gone)
        try tree.write("new.bin", randomData(10))
        let report = try tree.scan()
        #expect(report.removed == 1)
        #expect(report.inspected == 1)
        #expect(try tree.items().map { $0.rawPath.lastComponent } == [Array("new.bin".utf8)])
    }

    @Test func hashesSurviveARescanAndRehashRecomputesThem() throws {
        let tree = try TestTree()
        let data = randomData(5000)
        try tree.write("a.bin", data)
        try tree.write("b.bin", data)
        _ = try tree.scan()
        let hash = try #require(try tree.item("a.bin")?.contentHash)
        try tree.write("c.bin", randomData(10))
        _ = try tree.scan()
        #expect(try tree.item("a.bin")?.contentHash == hash)
        _ = try tree.scan(rehash: true)
        #expect(try tree.item("a.bin")?.contentHash == hash)
        #expect(try tree.item("a.bin")?.duplicateGroup != nil)
    }

    @Test func aLockedDatabaseIsReportedInOneSentence() throws {
        let tree = try TestTree()
        let path = tree.root + "/library.sqlite"
        let holder = try LibraryDatabase(path: path)
        let waiter = try LibraryDatabase(path: path, lockTimeout: 0.2)
        _ = try holder.write { _ in
            #expect {
                try waiter.write { db in try db.execute(sql: "DELETE FROM item") }
            } throws: { error in
                (error as? LibraryError).map { "\($0)".contains("is locked by another clean") } ?? false
            }
        }
    }
}

@Suite struct UnreachableRootTests {
    @Test func aRootThatIsGoneIsReportedAndItsIndexIsKept() throws {
        let tree = try TestTree()
        try tree.write("phone/a.bin", randomData(100))
        let phone = RawPath(tree.photos + "/phone")
        _ = try tree.database.scan(ScanRequest(roots: [phone], now: TestTree.now, calendar: TestTree.calendar))
        try FileManager.default.removeItem(atPath: tree.photos + "/phone")  // the phone was unplugged
        let report = try tree.database.scan(ScanRequest(roots: [phone], now: TestTree.now, calendar: TestTree.calendar))
        #expect(report.errors.map(\.path) == [phone])
        #expect(report.removed == 0)
        #expect(try tree.items().count == 1)
    }
}
