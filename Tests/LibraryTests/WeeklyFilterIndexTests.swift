import Foundation
import Game
import GRDB
import Testing
import TestSupport
@testable import Deck
@testable import Library
@testable import Scanning

/// A weekly boss's sides (`maxSide`, `minSide`) and capture windows are read as ranges of an index: the
/// cards they take are exactly the files whose width and height, or capture date, say so, as a plain test of
/// each row finds them (a photo without a known size or date is never taken); and a boss reads ranges of
/// an index, not every photo of the table (a boss that can deal nothing read them all: 1.6 s at a million
/// files for a side, 1.4 s for the 30 windows of "this week, years ago").
@Suite struct WeeklyFilterIndexTests {
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
            #expect(try tree.database.cardCount(filter: filter, policy: Self.policy, upTo: 20) == min(20, expected.count), "\(boss)")
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

    /// A boss that names no side never walks the long side's index for its kind alone (it holds the sized files only).
    @Test func aBossWithoutASideLeavesTheLongSidesIndex() throws {
        let tree = try TestTree()
        let boss = BossFilter(kind: .photo, screenshot: false, folders: ["DCIM"])
        let plan = try tree.database.read { db in
            let condition = try IndexedBossFilter(boss.resolved(for: Self.week, in: Calendar(identifier: .gregorian)), db).sql
            return try Row.fetchAll(db, sql: "EXPLAIN QUERY PLAN SELECT EXISTS (SELECT 1 FROM item WHERE \(condition.sql))",
                                    arguments: StatementArguments(condition.arguments)).map { $0["detail"] as String }.joined(separator: "\n")
        }
        #expect(!plan.contains("item_card_long_side"), "\(plan)")
    }

    /// `count` rows captured at random times of the last 40 years (some with no date), a tenth of them videos.
    static func datedIndex(_ count: Int, seed: UInt64) throws -> (TestTree, [ItemRecord]) {
        let tree = try TestTree()
        var random = SplitMix(seed: seed)
        let template = try FolderIndexTests.template(tree)
        let records = (0..<count).map { index -> ItemRecord in
            var record = template
            record.path = Data("/lib/d\(index).jpg".utf8)
            record.inode = Int64(index + 10)
            record.capturedEpoch = random.next() % 20 == 0 ? nil : 1_772_000_000 - Double(random.next() % (40 * 365 * 86_400))
            if random.next() % 10 == 0 { record.kind = .video }
            return record
        }
        try tree.database.write { db in try IndexWriter.store(records, db) }
        return (tree, records)
    }

    @Test(arguments: [BossFilter(kind: .photo, thisWeekYearsAgo: 1), BossFilter(thisWeekYearsAgo: 3),
                      BossFilter(kind: .video, capturedBefore: Day(year: 2020, month: 1, day: 1)),
                      BossFilter(capturedFrom: Day(year: 2001, month: 1, day: 1), capturedBefore: Day(year: 2003, month: 1, day: 1))])
    func captureWindowsTakeExactlyTheFilesCapturedInThem(_ boss: BossFilter) throws {
        let (tree, records) = try Self.datedIndex(2_000, seed: 7)
        let filter = boss.resolved(for: Self.week, in: Calendar(identifier: .gregorian))
        let windows = try #require(filter.captured)
        let expected = Set(records.filter { record in
            guard boss.kind == nil || record.kind.rawValue == boss.kind?.rawValue, let epoch = record.capturedEpoch else { return false }
            return windows.contains { $0.contains(epoch) }
        }.map(\.path))
        #expect(!expected.isEmpty)
        let dealt = try tree.database.cards(filter: filter, policy: Self.policy).map(\.item.path)
        #expect(Set(dealt) == expected && dealt.count == expected.count, "\(boss)")
        #expect(try tree.database.cardCount(filter: filter, policy: Self.policy) == expected.count, "\(boss)")
        // Each window one range of the count index.
        let plan = try tree.database.read { db in
            let condition = try IndexedBossFilter(filter, db).sql
            return try Row.fetchAll(db, sql: "EXPLAIN QUERY PLAN SELECT COUNT(*) FROM item WHERE \(condition.sql)",
                                    arguments: StatementArguments(condition.arguments)).map { $0["detail"] as String }.joined(separator: "\n")
        }
        #expect(plan.contains("item_tally_by_kind (kind=? AND capturedEpoch"), "\(plan)")
        #expect(!plan.contains("(kind=?)\n") && !plan.hasSuffix("(kind=?)"), "\(plan)")
    }
}
