import Game
import Library

/// `clean report --json` and `GET /api/v1/report`: storage recovered, net of restores.
package struct ReportDocument: Encodable {
    struct Tally: Encodable {
        let files: Int
        let bytes: Int64
    }

    /// Bytes and files freed by kind: every kind named, 0 where nothing was.
    struct ByCategory: Encodable {
        let screenshots: Tally
        let bigVideos: Tally
        let oldPhotos: Tally
        let duplicates: Tally
        let similar: Tally
        let other: Tally
    }

    struct DayTally: Encodable {
        let date: String
        let files: Int
        let bytes: Int64
    }

    /// The kinds `byCategory` names, in its order.
    package static let categories = ["screenshots", "bigVideos", "oldPhotos", "duplicates", "similar", "other"]

    let bytesFreed: Int64
    let filesDeleted: Int
    let filesRestored: Int
    let bytesInTrash: Int64
    let bytesPurged: Int64
    let byCategory: ByCategory
    let byDay: [DayTally]
    let protected: [StoreDocument]

    package init(_ r: StorageReport, protected stores: [ProtectedStore] = []) {
        bytesFreed = r.bytesFreed
        filesDeleted = r.filesDeleted
        filesRestored = r.filesRestored
        bytesInTrash = r.bytesInTrash
        bytesPurged = r.bytesPurged
        let tally = { (name: String) in Tally(files: r.byCategory[name]?.files ?? 0, bytes: r.byCategory[name]?.bytes ?? 0) }
        byCategory = ByCategory(screenshots: tally("screenshots"), bigVideos: tally("bigVideos"), oldPhotos: tally("oldPhotos"),
                                duplicates: tally("duplicates"), similar: tally("similar"), other: tally("other"))
        byDay = r.byDay.keys.sorted().map { DayTally(date: $0.description, files: r.byDay[$0]!.files, bytes: r.byDay[$0]!.bytes) }
        protected = stores.map(StoreDocument.init)
    }
}
