import Foundation
import Game
import GRDB
import Testing
import TestSupport
@testable import Library

/// A weekly boss's sides (`maxSide`, `minSide`) are read through the long side's index (migration v15): the
/// cards they take are exactly the photos whose width and height say so, as a plain test of each row finds
/// them; a photo without a known size is never taken; and the boss that can deal nothing reads a range of
/// that index, not every photo of the table.
@Suite struct SideFilterTests {
    static let policy = FolderIndexTests.policy
    static let week = BossWeek(containing: Day(year: 2026, month: 3, day: 2)!)

    /// `count` rows of random sizes (some unknown), a tenth of them videos.
    static func randomIndex(_ count: Int, seed: UInt64) throws -> (TestTree, [ItemRecord]) {
        let tree = try TestTree()
        var random = SplitMix(seed: seed)
        let template = try FolderIndexTests.template(tree)
        let sides = [nil, 100, 240, 320, 321, 480, 640, 641, 699, 700, 701, 1080, 4032]
        let records = (0..<count).map { index -> ItemRecord in
            var record = template
            record.path = Data("/lib/f\(index).jpg".utf8)
            record.inode = Int64(index + 10)
            record.size = Int64(1_000 + index)
            record.width = sides[Int(random.next() % UInt64(sides.count))]
            record.height = sides[Int(random.next() % UInt64(sides.count))]
            if random.next() % 10 == 0 { record.kind = .video }
            return record
        }
        try tree.database.write { db in try IndexWriter.store(records, db) }
        return (tree, records)
    }

    static let filters: [(BossFilter, @Sendable (Int, Int) -> Bool)] = [
        (BossFilter(kind: .photo, maxSide: 320), { max($0, $1) <= 320 }),
        (BossFilter(kind: .photo, maxSide: 640), { max($0, $1) <= 640 }),
        (BossFilter(kind: .photo, minSide: 700), { min($0, $1) >= 700 }),
        (BossFilter(kind: .photo, maxSide: 50), { _, _ in false }),
    ]

    @Test(arguments: [1, 2] as [UInt64])
    func sidesTakeExactlyThePhotosOfThoseSizes(seed: UInt64) throws {
        let (tree, records) = try Self.randomIndex(500, seed: seed)
        for (boss, takes) in Self.filters {
            let filter = boss.resolved(for: Self.week, in: Calendar(identifier: .gregorian))
            let expected = Set(records.filter { record in
                guard record.kind == .photo, let width = record.width, let height = record.height else { return false }
                return takes(width, height)
            }.map(\.path))
            let dealt = try tree.database.cards(filter: filter, policy: Self.policy).map(\.item.path)
            #expect(Set(dealt) == expected && dealt.count == expected.count, "\(boss)")
            #expect(try tree.database.cardCount(filter: filter, policy: Self.policy) == expected.count, "\(boss)")
            #expect(try tree.database.hasCard(filter: filter, policy: Self.policy) == !expected.isEmpty, "\(boss)")
        }
    }

    /// Whether a side boss can deal, and how many cards, read a range of the long side's index.
    @Test(arguments: [BossFilter(kind: .photo, maxSide: 320), BossFilter(kind: .photo, screenshot: false, minSide: 700)])
    func aSideIsARangeOfTheLongSidesIndex(_ boss: BossFilter) throws {
        let tree = try TestTree()
        let plan = try tree.database.read { db in
            let filter = try IndexedBossFilter(boss.resolved(for: Self.week, in: Calendar(identifier: .gregorian)), db)
            let condition = filter.sql
            return try Row.fetchAll(db, sql: "EXPLAIN QUERY PLAN SELECT EXISTS (SELECT 1 FROM item WHERE \(condition.sql))",
                                    arguments: StatementArguments(condition.arguments)).map { $0["detail"] as String }.joined(separator: "\n")
        }
        #expect(plan.contains("USING INDEX item_card_long_side (kind=? AND <expr>"), "\(plan)")
    }
}
