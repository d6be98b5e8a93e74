import Game
import Library

/// `clean report --json` and `GET /api/v1/report`: storage recovered, net of restores.
package struct ReportDocument: Encodable {
    struct Tally: Encodable {
        let files: Int
        let bytes: Int64
    }

    /// Bytes and files freed by kind: every row's key (every `CardCategory`, by its raw value), 0 where nothing was.
    struct ByCategory: Encodable {
        let rows: [(key: String, tally: Tally)]

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: NameKey.self)
            for row in rows { try container.encode(row.tally, forKey: NameKey(row.key)) }
        }
    }

    struct DayTally: Encodable {
        let date: String
        let files: Int
        let bytes: Int64
    }

    let bytesFreed: Int64
    let filesDeleted: Int
    let filesRestored: Int
    let bytesInTrash: Int64
    let bytesPurged: Int64
    let byCategory: ByCategory
    let byDay: [DayTally]
    let protected: [StoreDocument]

    /// `categories`: the rows `byCategory` names, in its order (every category; a test adds one).
    package init(_ r: StorageReport, protected stores: [ProtectedStore] = [], categories: [CategoryRow] = CategoryRow.all) {
        bytesFreed = r.bytesFreed
        filesDeleted = r.filesDeleted
        filesRestored = r.filesRestored
        bytesInTrash = r.bytesInTrash
        bytesPurged = r.bytesPurged
        byCategory = ByCategory(rows: categories.map { row in
            (row.key, Tally(files: r.byCategory[row.key]?.files ?? 0, bytes: r.byCategory[row.key]?.bytes ?? 0))
        })
        byDay = r.byDay.keys.sorted().map { DayTally(date: $0.description, files: r.byDay[$0]!.files, bytes: r.byDay[$0]!.bytes) }
        protected = stores.map(StoreDocument.init)
    }
}

/// A key named at run time (a row of the report by kind).
struct NameKey: CodingKey {
    let stringValue: String
    var intValue: Int? { nil }
    init(_ name: String) { stringValue = name }
    init?(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}
