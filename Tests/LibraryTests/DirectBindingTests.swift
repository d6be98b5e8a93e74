import Foundation
import GRDB
import Testing
@testable import Library

/// `DirectBinding` stores each value as GRDB's own arguments would: the same SQLite types, empty
/// strings and blobs as empty (not NULL), nil as NULL; and refuses a run whose values do not fit.
@Suite struct DirectBindingTests {
    private func database() throws -> DatabaseQueue {
        let queue = try DatabaseQueue()
        try queue.write { db in try db.execute(sql: "CREATE TABLE t (a, b, c, d, e, f)") }
        return queue
    }

    @Test func valuesAreStoredAsGRDBsArgumentsStoreThem() throws {
        let queue = try database()
        let rows: [(Int64?, Double?, String?, Data?, Bool, Int?)] = [
            (42, 2.5, "café 📷", Data([0, 1, 255]), true, 7),
            (nil, nil, nil, nil, false, nil),
            (-1, 0, "", Data(), false, 0),
            (Int64.max, -1e300, String(repeating: "x", count: 10_000), Data(repeating: 9, count: 5_000), true, Int.min),
        ]
        try queue.write { db in
            let direct = try db.makeStatement(sql: "INSERT INTO t VALUES (?, ?, ?, ?, ?, ?)")
            for row in rows {
                try direct.run { r in r.add(row.0); r.add(row.1); r.add(row.2); r.add(row.3); r.add(row.4); r.add(row.5) }
                try db.execute(sql: "INSERT INTO t VALUES (?, ?, ?, ?, ?, ?)", arguments: [row.0, row.1, row.2, row.3, row.4, row.5])
            }
        }
        let stored = try queue.read { db in
            try Row.fetchAll(db, sql: "SELECT typeof(a), a, typeof(b), b, typeof(c), c, typeof(d), d, typeof(e), e, typeof(f), f FROM t ORDER BY rowid")
        }
        #expect(stored.count == 2 * rows.count)
        for index in rows.indices {
            #expect(stored[2 * index] == stored[2 * index + 1], "row \(index)")
        }
        #expect(stored[4]["typeof(c)"] as String == "text" && stored[4]["typeof(d)"] as String == "blob")
    }

    @Test func aRunWithTooFewValuesIsRefusedAndWritesNothing() throws {
        let queue = try database()
        #expect(throws: DatabaseError.self) {
            try queue.write { db in try db.makeStatement(sql: "INSERT INTO t VALUES (?, ?, ?, ?, ?, ?)").run { r in r.add(Int64(1)) } }
        }
        #expect(try queue.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM t") } == 0)
    }
}
