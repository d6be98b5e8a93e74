import GRDB

/// A piece of a WHERE clause with its arguments, in order.
package struct SQLCondition {
    package var sql: String
    package var arguments: [(any DatabaseValueConvertible)?]

    package init(_ sql: String, _ arguments: [(any DatabaseValueConvertible)?] = []) {
        self.sql = sql
        self.arguments = arguments
    }

    /// True, or false where the condition is false or NULL.
    package var isTrue: SQLCondition { SQLCondition("COALESCE(\(sql), 0)", arguments) }
    /// True where the condition is false or NULL (a missing capture date is not "old").
    package var isFalse: SQLCondition { SQLCondition("NOT COALESCE(\(sql), 0)", arguments) }

    package static func all(_ parts: [SQLCondition]) -> SQLCondition {
        SQLCondition(parts.map(\.sql).joined(separator: "\n  AND "), parts.flatMap(\.arguments))
    }

    package static func any(_ parts: [SQLCondition]) -> SQLCondition {
        SQLCondition("(" + parts.map(\.sql).joined(separator: " OR ") + ")", parts.flatMap(\.arguments))
    }
}
