import Foundation
import GRDB
import Testing
@testable import Library

/// `item.extraCopy` (migration v8) says "a copy of a duplicate group other than the one it keeps, and not a
/// hard link to it", whoever writes the rows or the groups and in whatever order; the queues count it from
/// an index. A similar group whose kept photo leaves the index is dissolved.
@Suite struct ExtraCopyTriggerTests {
    let tree: TestTree

    init() throws {
        tree = try TestTree()
        try tree.database.write { db in
            for id in 1...5 {
                try db.execute(sql: """
                    INSERT INTO item (id, path, size, mtimeNs, inode, device, mime, kind, dateSource) VALUES (?, ?, 10, 0, ?, 1, 'x', 'photo', 'none')
                    """, arguments: [id, Data("/p/\(id)".utf8), id])
            }
        }
    }

    func extraCopies() throws -> [Int64] {
        try tree.database.read { db in try Int64.fetchAll(db, sql: "SELECT id FROM item WHERE extraCopy = 1 ORDER BY id") }
    }

    func similarGroups() throws -> [Int64?] {
        try tree.database.read { db in try Optional<Int64>.fetchAll(db, sql: "SELECT similarGroup FROM item ORDER BY id") }
    }

    func write(_ sql: String) throws {
        try tree.database.write { db in try db.execute(sql: sql) }
    }

    @Test func followsTheGroupsTheirKeptCopyAndHardLinks() throws {
        // The group first, then its members (the scan's order).
        try write("INSERT INTO duplicateGroup (id, contentHash, size, keptItem, files, reclaimableBytes) VALUES (7, 'h', 10, 1, 3, 20)")
        try write("UPDATE item SET duplicateGroup = 7 WHERE id IN (1, 2, 3)")
        #expect(try extraCopies() == [2, 3])
        // Another copy kept.
        try write("UPDATE duplicateGroup SET keptItem = 2 WHERE id = 7")
        #expect(try extraCopies() == [1, 3])
        // 3 becomes a hard link to the kept copy: deleting it would free nothing.
        try write("UPDATE item SET inode = 2 WHERE id = 3")
        #expect(try extraCopies() == [1])
        // The kept copy itself becomes another file (a new inode): 3 is a copy again.
        try write("UPDATE item SET inode = 20 WHERE id = 2")
        #expect(try extraCopies() == [1, 3])
        // A member leaves the group; a new row joins it as it is inserted.
        try write("UPDATE item SET duplicateGroup = NULL WHERE id = 1")
        try write("""
            INSERT INTO item (id, path, size, mtimeNs, inode, device, mime, kind, dateSource, duplicateGroup)
            VALUES (6, '/p/6', 10, 0, 6, 1, 'x', 'photo', 'none', 7)
            """)
        #expect(try extraCopies() == [3, 6])
        // The kept copy leaves the index: no copy of the group is dealt as a duplicate of a file that is gone.
        try write("DELETE FROM item WHERE id = 2")
        #expect(try extraCopies() == [])
        try write("UPDATE duplicateGroup SET keptItem = 3 WHERE id = 7")
        #expect(try extraCopies() == [6])
        // The group dissolved.
        try write("DELETE FROM duplicateGroup WHERE id = 7")
        #expect(try extraCopies() == [])
    }

    /// The rows whose `extraCopy` is not what the triggers' own condition says of them now.
    func wrongExtraCopies() throws -> [String] {
        try tree.database.read { db in
            try Data.fetchAll(db, sql: "SELECT path FROM item WHERE extraCopy IS NOT \(Migrations.extraCopyOf) ORDER BY path")
        }.map { String(decoding: $0, as: UTF8.self) }
    }

    /// A scan puts every group in place with the row triggers set aside (v11) and sets `extraCopy` at
    /// the end: it must come out as the triggers would have it, as groups form, change their kept
    /// copy, gain hard links, lose members and dissolve; the key that set the triggers aside is gone.
    @Test func aScanSetsExtraCopiesAsTheTriggersWould() throws {
        try write("DELETE FROM item")
        let one = randomData(3000), two = randomData(5000)
        for name in ["a/1.jpg", "b/1.jpg", "c/1.jpg"] { try tree.write(name, one) }
        for name in ["a/2.jpg", "b/2.jpg"] { try tree.write(name, two) }
        try FileManager.default.createDirectory(atPath: tree.photos + "/d", withIntermediateDirectories: true)
        try FileManager.default.linkItem(atPath: tree.photos + "/a/1.jpg", toPath: tree.photos + "/d/1 link.jpg")
        func scanned(_ step: String) throws {
            _ = try tree.scan()
            #expect(try wrongExtraCopies() == [], "\(step)")
            #expect(try tree.database.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM setting WHERE key = ?", arguments: [Migrations.extraCopiesInBulkKey]) } == 0)
        }
        try scanned("first scan")
        #expect(try extraCopies().count == 3)  // of 1.jpg: the two other inodes (not the link); of 2.jpg: one
        // The kept copy goes: another is kept, and the link, its inode alone now, is a copy like the rest.
        try FileManager.default.removeItem(atPath: tree.photos + "/a/1.jpg")
        try scanned("kept copy removed")
        #expect(try extraCopies().count == 3)
        try tree.write("b/2.jpg", randomData(5000))  // the group of 2.jpg dissolves
        try scanned("group dissolved")
        #expect(try extraCopies().count == 2)
        try tree.write("e/2.jpg", two)               // and forms again elsewhere
        try scanned("group formed again")
        #expect(try extraCopies().count == 3)
    }

    @Test func aSimilarGroupWhoseKeptPhotoLeavesTheIndexIsDissolved() throws {
        try write("UPDATE item SET similarGroup = 4 WHERE id IN (3, 4, 5)")
        try write("UPDATE item SET similarGroup = 1 WHERE id IN (1, 2)")
        try write("DELETE FROM item WHERE id = 5")
        #expect(try similarGroups() == [1, 1, 4, 4])
        try write("DELETE FROM item WHERE id = 4")
        #expect(try similarGroups() == [1, 1, nil])
    }

    /// A v7 index whose cold scan was cut off after dropping its indexes (DeferredIndexes) opens at v8 with
    /// v8's indexes: the migration replaces what it must, and the index it retires is not built again.
    @Test func anIndexCutOffInAColdScanBeforeV8OpensWithV8sIndexes() throws {
        let path = try ColdScanTests.indexCutOffInAColdScan(at: "v7: card order")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let database = try LibraryDatabase(path: path)
        let indexes = try database.read { db in
            try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'item' AND sql IS NOT NULL")
        }
        #expect(Set(indexes).isSuperset(of: ["item_card_extra_copies", "item_tally_duplicates", "item_tally_by_kind", "item_on_size"]))
        #expect(!indexes.contains("item_card_duplicates"))
        let tallyColumns = try database.read { db in try String.fetchAll(db, sql: "SELECT name FROM pragma_index_info('item_tally_by_kind')") }
        #expect(tallyColumns.contains("extraCopy"))
        #expect(try database.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM setting WHERE key LIKE 'scan.deferredIndex.%'") } == 0)
    }
}
