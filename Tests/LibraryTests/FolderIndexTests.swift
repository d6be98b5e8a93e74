import Foundation
import Game
import GRDB
import Testing
import TestSupport
@testable import Deck
@testable import Library
@testable import Scanning

/// A weekly boss's folder names are read as ranges of the path index (`FolderIndex`): the cards they
/// take must be exactly the files whose path holds "/NAME/", as the plain search through every path
/// finds them, however the names nest, share a beginning, hold a slash or meet bytes that are not UTF-8.
@Suite struct FolderIndexTests {
    static let policy = QueuePolicy(thresholds: Thresholds(bigVideoBytes: 5_000, oldBefore: Date(timeIntervalSince1970: 1_000_000_000)),
                                    keptSince: Date(timeIntervalSince1970: 1_500_000_000))

    /// Folder parts the random paths are made of: names the filters ask for, names that begin or end
    /// like them, one not UTF-8.
    static let parts: [[UInt8]] = ["Backup", "Backups", "backup", "Backup0", "My Backup", "WhatsApp", "Media", "WhatsApp Images",
                                   "DCIM", "100APPLE", "a", "Download"].map { Array($0.utf8) } + [[0x42, 0xFF, 0x61]]

    /// `count` files at random depths below /lib (some at its top), written through the scan's own writer.
    static func randomIndex(_ count: Int, seed: UInt64) throws -> (TestTree, [Data]) {
        let tree = try TestTree()
        var random = SplitMix(seed: seed)
        var paths: [Data] = []
        for i in 0..<count {
            var path: [UInt8] = Array("/lib".utf8)
            for _ in 0..<Int(random.next() % 5) { path += [UInt8(ascii: "/")] + parts[Int(random.next() % UInt64(parts.count))] }
            path += Array("/f\(i).jpg".utf8)
            paths.append(Data(path))
        }
        let template = try Self.template(tree)
        try tree.database.write { db in
            try IndexWriter.store(paths.enumerated().map { index, path in
                var record = template
                record.path = path
                record.inode = Int64(index + 10)
                record.size = Int64(1_000 + index)
                return record
            }, db)
        }
        return (tree, paths)
    }

    /// A record to copy: one row written plainly, read back, then removed.
    static func template(_ tree: TestTree) throws -> ItemRecord {
        try tree.database.write { db in
            try db.execute(sql: """
                INSERT INTO item (id, path, size, mtimeNs, inode, device, mime, kind, capturedEpoch, dateSource)
                VALUES (1, x'2f74', 1, 0, 1, 1, 'image/jpeg', 'photo', 900000000, 'exif')
                """)
            var record = try #require(try ItemRecord.fetchOne(db, key: 1))
            try db.execute(sql: "DELETE FROM item")
            record.id = nil
            return record
        }
    }

    static func contains(_ path: Data, _ name: String) -> Bool { path.firstRange(of: Data("/\(name)/".utf8)) != nil }

    @Test(arguments: [1, 2, 3] as [UInt64])
    func folderNamesTakeExactlyThePathsThatHoldThem(seed: UInt64) throws {
        let (tree, paths) = try Self.randomIndex(600, seed: seed)
        let filters: [[String]] = [["Backup", "Backups", "backup"], ["WhatsApp/Media", "WhatsApp Images"], ["Media"], ["a"],
                                   ["DCIM/100APPLE"], ["Download"], ["nowhere"], ["/Backup/"], ["lib"]]
        for names in filters {
            let filter = BossFilter(folders: names).resolved(for: BossWeek(containing: Day(year: 2026, month: 3, day: 2)!), in: Calendar(identifier: .gregorian))
            let normalized = names.map { $0.split(separator: "/").joined(separator: "/") }
            let expected = Set(paths.filter { path in normalized.contains { Self.contains(path, $0) } })
            let dealt = try tree.database.cards(filter: filter, policy: Self.policy).map(\.item.path)
            #expect(Set(dealt) == expected, "\(names)")
            #expect(dealt.count == expected.count, "\(names): each file once")
            #expect(try tree.database.cardCount(filter: filter, policy: Self.policy) == expected.count, "\(names)")
            #expect(try tree.database.hasCard(filter: filter, policy: Self.policy) == !expected.isEmpty, "\(names)")
            // The same as the search through every path that the ranges replace.
            let searched = try tree.database.read { db in
                let condition = filter.sql(folderPrefixes: nil)
                return try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM item WHERE \(condition.sql)", arguments: StatementArguments(condition.arguments))
            }
            #expect(searched == expected.count, "\(names)")
        }
    }

    /// The scan's writer records each new file's folder; a rewrite of a row brings none; a folder that
    /// empties keeps its row, and its range deals no card.
    @Test func theWriterRecordsTheFoldersOfNewFiles() throws {
        let (tree, paths) = try Self.randomIndex(200, seed: 9)
        let recorded = Set(try tree.database.read { db in try Data.fetchAll(db, sql: "SELECT path FROM folder") })
        #expect(recorded == Set(paths.map(FolderIndex.folder(of:))))
        // A rewrite (a changed file: the row keeps its id and path) records no folder: with the table
        // emptied for the check, it stays empty; then put back as it was.
        var changed = try #require(try tree.database.read { db in try ItemRecord.fetchOne(db) })
        changed.size += 1
        let emptied = try tree.database.write { db in
            try db.execute(sql: "DELETE FROM folder")
            try IndexWriter.store([changed], db)
            let left = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM folder")
            try FolderIndex.recordAll(db)
            return left
        }
        #expect(emptied == 0)
        let before = try tree.database.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM folder") }
        #expect(before == recorded.count)
        // Every file of the Backup folders gone: their rows stay and their ranges deal nothing.
        let filter = BossFilter(folders: ["Backup"]).resolved(for: BossWeek(containing: Day(year: 2026, month: 3, day: 2)!), in: Calendar(identifier: .gregorian))
        let backups = paths.filter { Self.contains($0, "Backup") }
        #expect(!backups.isEmpty)
        #expect(try tree.database.cardCount(filter: filter, policy: Self.policy) == backups.count)
        try tree.database.write { db in
            for path in backups { try db.execute(sql: "DELETE FROM item WHERE path = ?", arguments: [path]) }
        }
        #expect(try tree.database.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM folder") } == before)
        #expect(try tree.database.cardCount(filter: filter, policy: Self.policy) == 0)
    }

    @Test func prefixesEndAtTheFirstNameAndNoneLiesInsideAnother() throws {
        let tree = try TestTree()
        try tree.database.write { db in
            try FolderIndex.record(foldersOf: ["/x/Backup/old/Backup/a.jpg", "/x/Backup/b.jpg", "/y/Backups/c.jpg", "/Backup/d.jpg",
                                               "/z/My Backup/e.jpg", "/w/Backup0/f.jpg"].map { Data($0.utf8) }, db)
        }
        let prefixes = try tree.database.read { db in try FolderIndex.prefixes(["Backup"], db) }
        #expect(prefixes.map { String(decoding: $0, as: UTF8.self) } == ["/Backup/", "/x/Backup/"])
        #expect(FolderIndex.end(of: Data("/x/Backup/".utf8)) == Data("/x/Backup0".utf8))
    }

    /// Counting a folder boss's cards searches the path index for each folder's range: no scan of every row.
    @Test func aFolderBossIsCountedThroughThePathIndex() throws {
        let (tree, _) = try Self.randomIndex(300, seed: 4)
        let filter = BossFilter(folders: ["Backup", "Backups", "backup"])
            .resolved(for: BossWeek(containing: Day(year: 2026, month: 3, day: 2)!), in: Calendar(identifier: .gregorian))
        let plan = try tree.database.read { db in
            let (sql, arguments) = CardQueue.tallySelect(category: nil, filter: try IndexedBossFilter(filter, db), policy: Self.policy)
            return try Row.fetchAll(db, sql: "EXPLAIN QUERY PLAN " + sql, arguments: arguments).map { $0["detail"] as String }.joined(separator: "\n")
        }
        #expect(plan.contains("SEARCH item USING INDEX sqlite_autoindex_item_1 (path>? AND path<?)"), "\(plan)")
        #expect(!plan.contains("SCAN item"), "\(plan)")
    }

    /// A scan that removed files forgets the folders they left without any file in their range (a
    /// folder holding only a subfolder's files stays), and keeps every other.
    @Test func aScanForgetsTheFoldersItsRemovedFilesLeftEmpty() throws {
        let tree = try TestTree()
        try tree.write("A/a.jpg", randomData(100))
        try tree.write("B/C/c.jpg", randomData(101))
        try tree.write("D/d.jpg", randomData(102))
        try tree.write("D/E/e.jpg", randomData(103))
        _ = try tree.scan()
        func folders() throws -> Set<String> {
            Set(try tree.database.read { db in try Data.fetchAll(db, sql: "SELECT path FROM folder") }.map { String(decoding: $0, as: UTF8.self) })
        }
        #expect(try folders() == Set(["A", "B/C", "D", "D/E"].map { tree.photos + "/" + $0 }))
        try FileManager.default.removeItem(atPath: tree.photos + "/B")
        try FileManager.default.removeItem(atPath: tree.photos + "/D/d.jpg")
        #expect(try tree.scan().removed == 2)
        #expect(try folders() == Set(["A", "D", "D/E"].map { tree.photos + "/" + $0 }))
    }
}
