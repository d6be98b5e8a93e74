import Foundation
import GRDB
import Testing
@testable import Deck
@testable import Library
@testable import Scanning

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

    /// Which files could have a copy is read from the size index alone, already in its order: no row of
    /// the table, no sort.
    @Test func duplicateCandidatesAreChosenFromTheSizeIndexAlone() throws {
        let plan = try Self.plan(DuplicateFinder.keysSQL, [1, 9], in: try TestTree())
        #expect(plan.contains("USING COVERING INDEX item_on_size (size>? AND size<?)"), "\(plan)")
        #expect(!plan.contains("TEMP B-TREE"), "\(plan)")
    }

    static let policy = QueuePolicy(thresholds: Thresholds(bigVideoBytes: 100_000_000, oldBefore: Date(timeIntervalSince1970: 1_500_000_000)),
                                    keptSince: Date(timeIntervalSince1970: 1_700_000_000))

    /// Each stretch of a round's standard order walks an index already in card order: no table scan and no
    /// sort, so the first cards cost the same at a million files as at a thousand (LIMIT stops the walk).
    @Test func everyStretchOfTheStandardOrderWalksAnIndexInOrder() throws {
        let tree = try TestTree()
        let stretches = CardQueue.stretches(category: nil, filter: nil, policy: Self.policy, order: .standard, seed: 0)
        #expect(stretches.count == CardQueue.ranked.count * 2 && stretches.count == 12)
        for stretch in stretches {
            let (sql, arguments) = CardQueue.page(stretch, offset: 0, limit: 40)
            let plan = try Self.plan(sql, arguments, in: tree)
            #expect(plan.contains("SCAN item USING INDEX \(stretch.index!)") || plan.contains("SEARCH item USING INDEX \(stretch.index!)"),
                    "\(plan)")
            #expect(!plan.contains("TEMP B-TREE"), "\(plan)")
        }
        // Then the page's rows, each by its id, with its duplicate group by the group's.
        let rows = try Self.plan(CardQueue.rows([3, 1, 2]), in: tree)
        #expect(rows.contains("SEARCH item USING INTEGER PRIMARY KEY"), "\(rows)")
        #expect(rows.contains("SEARCH g USING INTEGER PRIMARY KEY"), "\(rows)")
        #expect(!rows.contains("SCAN item"), "\(rows)")
    }

    /// The home screen's and the boss list's counts of old photos, big videos, screenshots, duplicates and
    /// similar photos read an index that holds every column they need (no row of the table is read), and
    /// join nothing they do not name.
    @Test(arguments: [(CardCategory.oldPhotos, "COVERING INDEX item_tally_by_kind (kind=? AND capturedEpoch<?)"),
                      (.bigVideos, "COVERING INDEX item_tally_by_kind (kind=?)"),
                      (.screenshots, "COVERING INDEX item_tally_screenshots"),
                      (.duplicates, "COVERING INDEX item_tally_duplicates"),
                      (.similar, "COVERING INDEX item_tally_similar")])
    func bossCountsReadACoveringIndex(_ category: CardCategory, _ expected: String) throws {
        let (sql, arguments) = CardQueue.tallySelect(category: category, filter: nil, policy: Self.policy)
        let plan = try Self.plan(sql, arguments, in: try TestTree())
        #expect(plan.contains("SEARCH item USING " + expected), "\(plan)")
        #expect(!plan.contains("SEARCH g") && !plan.contains("SEARCH s"), "\(plan)")
    }

    /// A round's total ("card 1 of N") counts every category at once: one pass over the one index that holds
    /// every column the five categories ask for, never the table.
    @Test func aRoundsTotalReadsOneCoveringIndex() throws {
        let (sql, arguments) = CardQueue.tallySelect(category: nil, filter: nil, policy: Self.policy)
        let plan = try Self.plan(sql, arguments, in: try TestTree())
        #expect(plan.contains("SCAN item USING COVERING INDEX item_tally_by_kind"), "\(plan)")
    }

    /// The groups kept whole are checked from their marks: each mark finds its file and its group's members by
    /// index, never by a walk over the item table.
    @Test func groupsKeptWholeAreCheckedFromTheirMarks() throws {
        let plan = try Self.plan(CardQueue.keptWhole, in: try TestTree())
        #expect(!plan.contains("SCAN item") && !plan.contains("SCAN i\n") && !plan.contains("SCAN m"), "\(plan)")
        #expect(plan.contains("SEARCH m USING COVERING INDEX item_on_duplicateGroup") && plan.contains("SEARCH m USING COVERING INDEX item_on_similarGroup"), "\(plan)")
    }
}
