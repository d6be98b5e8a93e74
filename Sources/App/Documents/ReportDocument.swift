import Game
import Library

/// `clean report --json` and `GET /api/v1/report`: storage recovered, net of restores.
package struct ReportDocument: Encodable {
    struct Tally: Encodable {
        let files: Int
        let bytes: Int64
    }

    struct DayTally: Encodable {
        let date: String
        let files: Int
        let bytes: Int64
    }

    /// The kinds `byCategory` always names, in this order.
    package static let categories = ["screenshots", "bigVideos", "oldPhotos", "duplicates", "similar", "other"]

    let bytesFreed: Int64
    let filesDeleted: Int
    let filesRestored: Int
    let bytesInTrash: Int64
    let bytesPurged: Int64
    let byCategory: JSON
    let byDay: [DayTally]
    let protected: [StoreDocument]

    package init(_ r: StorageReport, protected stores: [ProtectedStore] = []) throws {
        bytesFreed = r.bytesFreed
        filesDeleted = r.filesDeleted
        filesRestored = r.filesRestored
        bytesInTrash = r.bytesInTrash
        bytesPurged = r.bytesPurged
        // An object whose keys are the kinds, in the order above (a dictionary would not keep it).
        byCategory = .object(try Self.categories.map { name in
            (name, try DocumentEncoder.encode(Tally(files: r.byCategory[name]?.files ?? 0, bytes: r.byCategory[name]?.bytes ?? 0)))
        })
        byDay = r.byDay.keys.sorted().map { DayTally(date: $0.description, files: r.byDay[$0]!.files, bytes: r.byDay[$0]!.bytes) }
        protected = stores.map(StoreDocument.init)
    }
}
