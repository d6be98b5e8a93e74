import FileSystem
import Foundation
import GRDB
import Testing
@testable import Library

/// A cold scan (an empty index) fills `item` without its secondary indexes and builds them after;
/// the index it leaves must be the one an incremental scan leaves, and a scan cut off between the
/// two must not lose an index.
@Suite struct ColdScanTests {
    static func indexes(_ database: LibraryDatabase) throws -> [String] {
        try database.read { db in
            try String.fetchAll(db, sql: "SELECT name || ': ' || COALESCE(sql, '') FROM sqlite_master WHERE type = 'index' ORDER BY name")
        }
    }

    static func deferredKeys(_ database: LibraryDatabase) throws -> [String] {
        try database.read { db in try String.fetchAll(db, sql: "SELECT key FROM setting WHERE key LIKE 'scan.deferredIndex.%'") }
    }

    /// Everything a scan decides about each file, by path (ids differ between the two indexes).
    static func rows(_ database: LibraryDatabase) throws -> [String] {
        try database.read { db in
            try Row.fetchAll(db, sql: """
                SELECT i.path, i.size, i.mime, i.kind, i.capturedAt, i.dateSource, i.width, i.height, i.screenshotEvidence,
                       i.partialHash, i.contentHash, k.path AS kept, l.path AS linkedTo, i.linkKind, i.linkedBytes
                FROM item i LEFT JOIN duplicateGroup g ON g.id = i.duplicateGroup LEFT JOIN item k ON k.id = g.keptItem
                LEFT JOIN item l ON l.id = i.linkedTo ORDER BY i.path
                """).map { $0.description }
        }
    }

    static func makeLibrary(_ tree: TestTree) throws {
        try tree.copyCorpus("Apple iPhone 6.jpg", to: "DCIM/IMG_0001.JPG")
        try tree.copyCorpus("Apple iPhone 6.jpg", to: "backup/IMG_0001.JPG")
        try tree.copyCorpus("with-gps.mov", to: "DCIM/IMG_0001.MOV")
        try tree.write("DCIM/IMG_0001.AAE", randomData(300))
        try tree.write("Screenshots/Screenshot_20240101-120000.png", randomData(2000))
        for index in 0..<40 { try tree.write("misc/file\(index).bin", randomData(100 + index % 7)) }
        try settle(tree)
    }

    /// Dates every file a day before the tests' `now`: a file dated by its mtime is believed only when that
    /// is not after `now`, and files written a second after it would make the two trees differ by the clock.
    static func settle(_ tree: TestTree) throws {
        for entry in try FileManager.default.subpathsOfDirectory(atPath: tree.photos) {
            try FileManager.default.setAttributes([.modificationDate: TestTree.now.addingTimeInterval(-86_400)],
                                                  ofItemAtPath: tree.photos + "/" + entry)
        }
    }

    @Test func aColdScanLeavesTheIndexAnIncrementalScanLeaves() throws {
        let fresh = try TestTree()
        let freshIndexes = try Self.indexes(fresh.database)

        let cold = try TestTree()
        try Self.makeLibrary(cold)
        #expect(try cold.scan().inspected == 45)

        // The same files, indexed into an index that was not empty: the secondary indexes stay.
        let warm = try TestTree()
        try warm.write("first.bin", randomData(10))
        _ = try warm.scan()
        try FileManager.default.removeItem(atPath: warm.photos + "/first.bin")
        try FileManager.default.removeItem(atPath: warm.photos)
        try FileManager.default.createDirectory(atPath: warm.photos, withIntermediateDirectories: true)
        for entry in try FileManager.default.subpathsOfDirectory(atPath: cold.photos) {
            let from = cold.photos + "/" + entry
            var isFolder: ObjCBool = false
            _ = FileManager.default.fileExists(atPath: from, isDirectory: &isFolder)
            if !isFolder.boolValue { try warm.write(entry, try Data(contentsOf: URL(fileURLWithPath: from))) }
        }
        try Self.settle(warm)
        #expect(try warm.scan().inspected == 45)

        #expect(try Self.indexes(cold.database) == freshIndexes)
        #expect(try Self.deferredKeys(cold.database).isEmpty)
        let coldRows = try Self.rows(cold.database).map { $0.replacingOccurrences(of: cold.photos, with: "") }
        let warmRows = try Self.rows(warm.database).map { $0.replacingOccurrences(of: warm.photos, with: "") }
        #expect(coldRows == warmRows)
        #expect(coldRows.contains { $0.contains("live-photo") })
        #expect(coldRows.filter { $0.contains("kept:") && !$0.contains("kept:NULL") }.count == 2)
    }

    @Test func indexesDroppedByAScanCutOffAreBuiltAtTheNextOpen() throws {
        let tree = try TestTree()
        let before = try Self.indexes(tree.database)
        #expect(before.contains { $0.hasPrefix("item_card_by_kind: ") })
        // What a cold scan does first, then nothing more: the process dies before building them.
        let dead = try Self.exitedProcess()
        #expect(try tree.database.write { db in try DeferredIndexes.dropIfEmpty(db, owner: dead) })
        #expect(try !Self.indexes(tree.database).contains { $0.hasPrefix("item_card_by_kind: ") })
        #expect(try !Self.deferredKeys(tree.database).isEmpty)
        // Those the inserts leave alone or append to stay (each one an index the schema has).
        let kept = try Self.indexes(tree.database).map { String($0.prefix { $0 != ":" }) }
        #expect(DeferredIndexes.keptWhileFilling.isSubset(of: kept), "\(kept)")

        let reopened = try LibraryDatabase(path: tree.root + "/library.sqlite")
        #expect(try Self.indexes(reopened) == before)
        #expect(try Self.deferredKeys(reopened).isEmpty)
    }

    /// A cold scan builds what its later stages use first and the queues' indexes last; cut off in
    /// between, it leaves the queues' indexes to the next open, which builds them.
    @Test func theQueuesIndexesLeftByAScanCutOffAfterItsFirstBuildAreBuiltAtTheNextOpen() throws {
        let tree = try TestTree()
        let before = try Self.indexes(tree.database)
        let dead = try Self.exitedProcess()
        #expect(try tree.database.write { db in try DeferredIndexes.dropIfEmpty(db, owner: dead) })
        try tree.database.write { db in try DeferredIndexes.build(db, deferringQueues: true) }
        let names = try Self.indexes(tree.database).map { String($0.prefix { $0 != ":" }) }
        #expect(names.contains("item_on_size") && names.contains("item_on_duplicateGroup"), "\(names)")
        // Of the queues' own indexes, only those kept while the table filled are there yet.
        #expect(!names.contains { DeferredIndexes.servesQueuesOnly($0) && !DeferredIndexes.keptWhileFilling.contains($0) }, "\(names)")
        let waiting = try Self.deferredKeys(tree.database).map { String($0.dropFirst("scan.deferredIndex.".count)) }
        #expect(!waiting.isEmpty && waiting.allSatisfy(DeferredIndexes.servesQueuesOnly), "\(waiting)")
        #expect(waiting.contains("item_card_by_kind") && waiting.contains("item_tally_by_kind"))

        let reopened = try LibraryDatabase(path: tree.root + "/library.sqlite")
        #expect(try Self.indexes(reopened) == before)
        #expect(try reopened.read { db in try String.fetchAll(db, sql: "SELECT key FROM setting WHERE key LIKE 'scan.deferred%'") }.isEmpty)
    }

    /// While the scan that dropped them still runs, another open leaves the building to it.
    @Test func anotherOpenDuringTheScanLeavesTheIndexesToIt() throws {
        let tree = try TestTree()
        let before = try Self.indexes(tree.database)
        #expect(try tree.database.write { db in try DeferredIndexes.dropIfEmpty(db, owner: getpid()) })
        let other = try LibraryDatabase(path: tree.root + "/library.sqlite")
        #expect(try Self.indexes(other) != before)
        try tree.database.write { db in try DeferredIndexes.build(db) }
        #expect(try Self.indexes(other) == before)
        #expect(try tree.database.read { db in try String.fetchAll(db, sql: "SELECT key FROM setting WHERE key LIKE 'scan.deferred%'") }.isEmpty)
    }

    /// A new index file left at `migration` by a cold scan that died after dropping its indexes: what
    /// the next open of an older release's index may find. The caller removes the file.
    static func indexCutOffInAColdScan(at migration: String) throws -> String {
        let path = NSTemporaryDirectory() + "swipeclean-cut-off-\(UUID().uuidString).sqlite"
        let queue = try DatabaseQueue(path: path)
        try Migrations.migrator.migrate(queue, upTo: migration)
        #expect(try queue.write { db in try DeferredIndexes.dropIfEmpty(db, owner: exitedProcess()) })
        return path
    }

    /// The id of a process that has exited.
    static func exitedProcess() throws -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/true")
        try process.run()
        process.waitUntilExit()
        return process.processIdentifier
    }

    /// The group indexes hold grouped files only (v12), in a new index and in one whose cold scan was cut
    /// off at v11 after dropping them: the next open builds them partial, not from the SQL the scan kept.
    @Test func theGroupIndexesHoldGroupedFilesOnly() throws {
        func definitions(_ database: LibraryDatabase) throws -> [String] {
            try database.read { db in
                try String.fetchAll(db, sql: """
                    SELECT sql FROM sqlite_master WHERE name IN ('item_on_duplicateGroup', 'item_on_similarGroup') ORDER BY name
                    """)
            }
        }
        let partial = ["CREATE INDEX item_on_duplicateGroup ON item(duplicateGroup) WHERE duplicateGroup IS NOT NULL",
                       "CREATE INDEX item_on_similarGroup ON item(similarGroup) WHERE similarGroup IS NOT NULL"]
        #expect(try definitions(try TestTree().database) == partial)

        let path = try Self.indexCutOffInAColdScan(at: "v11: extra copies in bulk")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let database = try LibraryDatabase(path: path)
        #expect(try definitions(database) == partial)
        #expect(try Self.deferredKeys(database).isEmpty)
    }

    /// The indexes built after a cold scan are sorted on every core: each connection, the writer's and
    /// a reader's, lets SQLite's sorter start a helper thread per other core (at most 3).
    @Test func everyConnectionSortsOnTheOtherCores() throws {
        let tree = try TestTree()
        if ProcessInfo.processInfo.activeProcessorCount > 1 { #expect(LibraryDatabase.sorterThreads >= 1) }
        #expect(try tree.database.write { db in try Int.fetchOne(db, sql: "PRAGMA threads") } == LibraryDatabase.sorterThreads)
        #expect(try tree.database.read { db in try Int.fetchOne(db, sql: "PRAGMA threads") } == LibraryDatabase.sorterThreads)
    }

    @Test func anIndexWithRowsKeepsItsIndexesDuringAScan() throws {
        let tree = try TestTree()
        try tree.write("a.bin", randomData(10))
        _ = try tree.scan()
        #expect(try !tree.database.write { db in try DeferredIndexes.dropIfEmpty(db) })
        #expect(try Self.deferredKeys(tree.database).isEmpty)
    }
}
