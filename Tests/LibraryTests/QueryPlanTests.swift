import Foundation
import GRDB
import Testing
@testable import Library

/// The queries a card, a round and the home screen run per item use an index, never a scan of
/// the item table; SQLite's own query plans say so (EXPLAIN QUERY PLAN).
@Suite struct QueryPlanTests {
    static func plan(_ sql: String, _ arguments: StatementArguments = [], in tree: TestTree) throws -> String {
        try tree.database.read { db in
            try Row.fetchAll(db, sql: "EXPLAIN QUERY PLAN " + sql, arguments: arguments).map { $0["detail"] as String }
                .joined(separator: "\n")
        }
    }

    /// The linked files of the cards dealt (CardQueue.attach) and of one card (cardFiles).
    @Test(arguments: [
        "SELECT * FROM item WHERE linkedTo IN (1,2,3) ORDER BY path",
        "SELECT * FROM item WHERE linkedTo = 7 ORDER BY path",
    ])
    func linkedFilesAreFoundByTheirIndex(_ sql: String) throws {
        let plan = try Self.plan(sql, in: try TestTree())
        #expect(plan.contains("SEARCH item USING INDEX item_on_linkedTo (linkedTo"), "\(plan)")
        #expect(!plan.contains("SCAN item"), "\(plan)")
    }

    /// A card's duplicate twin, its similar-group photo, its earlier decisions: each one lookup.
    @Test(arguments: [
        ("SELECT k.* FROM duplicateGroup g JOIN item k ON k.id = g.keptItem WHERE g.id = 1 AND k.id != 2", "SEARCH k USING INTEGER PRIMARY KEY"),
        ("SELECT * FROM item WHERE duplicateGroup = 4", "SEARCH item USING INDEX item_on_duplicateGroup"),
        ("SELECT * FROM item WHERE similarGroup = 4", "SEARCH item USING INDEX item_on_similarGroup"),
        ("SELECT * FROM decision WHERE item = 4", "SEARCH decision USING INDEX decision_on_item"),
        ("SELECT * FROM trashed WHERE state = 'done'", "SEARCH trashed USING INDEX trashed_on_state"),
        ("SELECT * FROM item WHERE size = 1000", "SEARCH item USING INDEX item_on_size"),
    ])
    func perCardLookupsUseAnIndex(_ sql: String, _ expected: String) throws {
        let plan = try Self.plan(sql, in: try TestTree())
        #expect(plan.contains(expected), "\(plan)")
    }

    /// The queue itself reads the item table once (every file may be a candidate) and joins each
    /// row to its duplicate group, kept copy and similar-group photo by primary key.
    @Test func theQueueReadsItemsOnceAndJoinsByKey() throws {
        let plan = try Self.plan("""
            SELECT item.*, g.keptItem AS keptItem, k.inode AS keptInode, s.id AS similarKept FROM item
            LEFT JOIN duplicateGroup g ON g.id = item.duplicateGroup
            LEFT JOIN item k ON k.id = g.keptItem
            LEFT JOIN item s ON s.id = item.similarGroup
            WHERE item.linkedTo IS NULL
            """, in: try TestTree())
        #expect(plan.components(separatedBy: "SCAN").count == 2, "\(plan)")
        #expect(plan.contains("SEARCH g USING INTEGER PRIMARY KEY"), "\(plan)")
        #expect(plan.contains("SEARCH k USING INTEGER PRIMARY KEY"), "\(plan)")
        #expect(plan.contains("SEARCH s USING INTEGER PRIMARY KEY"), "\(plan)")
    }
}
