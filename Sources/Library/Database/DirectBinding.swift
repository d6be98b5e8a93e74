import Foundation
import GRDB
import GRDBSQLite

/// The values of one run of a prepared statement, bound straight into SQLite in order: for the
/// writes a scan makes per file. GRDB's `StatementArguments` box each value and turn each string
/// into a new C string first, about 30 allocations for a row of `item`: a quarter of a cold scan's.
/// A string or blob is copied by SQLite itself (`SQLITE_TRANSIENT`), from the value's own bytes.
package struct DirectBinding {
    private let statement: SQLiteStatement
    private(set) var count: CInt = 0
    private(set) var failure: CInt = SQLITE_OK

    fileprivate init(_ statement: SQLiteStatement) { self.statement = statement }

    private static let transient = unsafeBitCast(OpaquePointer(bitPattern: -1), to: sqlite3_destructor_type.self)
    /// What an empty string or blob points at: SQLite reads a null pointer as NULL, not as empty.
    private static let empty: StaticString = ""

    private mutating func next(_ bind: (SQLiteStatement, CInt) -> CInt) {
        count += 1
        let code = bind(statement, count)
        if code != SQLITE_OK && failure == SQLITE_OK { failure = code }
    }

    package mutating func add(_ value: Int64?) {
        next { statement, index in value.map { sqlite3_bind_int64(statement, index, $0) } ?? sqlite3_bind_null(statement, index) }
    }

    package mutating func add(_ value: Int?) { add(value.map(Int64.init)) }

    package mutating func add(_ value: Bool) { add(Int64(value ? 1 : 0)) }

    package mutating func add(_ value: Double?) {
        next { statement, index in value.map { sqlite3_bind_double(statement, index, $0) } ?? sqlite3_bind_null(statement, index) }
    }

    package mutating func add(_ value: String?) {
        next { statement, index in
            guard var text = value else { return sqlite3_bind_null(statement, index) }
            return text.withUTF8 { utf8 in
                let start = UnsafeRawPointer(utf8.baseAddress ?? Self.empty.utf8Start).assumingMemoryBound(to: CChar.self)
                return sqlite3_bind_text(statement, index, start, CInt(utf8.count), Self.transient)
            }
        }
    }

    package mutating func add(_ value: Data?) {
        guard let value else { return next { statement, index in sqlite3_bind_null(statement, index) } }
        value.withUnsafeBytes { add(blob: $0) }
    }

    package mutating func add(bytes: [UInt8]) {
        bytes.withUnsafeBytes { add(blob: $0) }
    }

    private mutating func add(blob bytes: UnsafeRawBufferPointer) {
        next { statement, index in
            sqlite3_bind_blob(statement, index, bytes.baseAddress ?? UnsafeRawPointer(Self.empty.utf8Start), CInt(bytes.count), Self.transient)
        }
    }
}

extension Statement {
    /// Runs the statement once with the values `bind` adds, one per parameter, in order.
    package func run(_ bind: (inout DirectBinding) -> Void) throws {
        setUncheckedArguments(StatementArguments())   // clears GRDB's arguments and SQLite's bindings
        var binding = DirectBinding(sqliteStatement)
        bind(&binding)
        guard binding.failure == SQLITE_OK else {
            throw DatabaseError(resultCode: ResultCode(rawValue: binding.failure), message: "cannot bind a value", sql: sql)
        }
        guard binding.count == sqlite3_bind_parameter_count(sqliteStatement) else {
            throw DatabaseError(resultCode: .SQLITE_RANGE, message: "\(binding.count) values for \(sqlite3_bind_parameter_count(sqliteStatement)) parameters", sql: sql)
        }
        try execute()
    }
}
