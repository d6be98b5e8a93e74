import FileSystem
import Foundation
import GRDB

/// The facts already indexed for files under the roots being scanned: what an incremental scan
/// compares each walked file with, so an unchanged file is not read again.
struct IndexSnapshot {
    struct Known {
        let id: Int64
        let size: Int64
        let mtimeNs: Int64
        let inode: Int64
    }

    private(set) var byPath: [Data: Known] = [:]

    init(_ db: Database, roots: [RawPath]) throws {
        let (condition, arguments) = PathPrefix.condition(roots)
        let rows = try Row.fetchCursor(db, sql: "SELECT id, path, size, mtimeNs, inode FROM item WHERE \(condition)",
                                       arguments: arguments)
        while let row = try rows.next() {
            byPath[row["path"]] = Known(id: row["id"], size: row["size"], mtimeNs: row["mtimeNs"], inode: row["inode"])
        }
    }

    /// True when the walked file has the same size, mtime and inode as its index entry.
    func isUnchanged(_ path: Data, _ status: FileStatus) -> Bool {
        guard let known = byPath[path] else { return false }
        return known.size == status.size && known.mtimeNs == status.mtimeNanoseconds
            && known.inode == Int64(bitPattern: status.inode)
    }
}
