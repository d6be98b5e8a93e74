import FileSystem
import Foundation
import GRDB

/// The facts already indexed for files under the roots being scanned: what an incremental scan
/// compares each walked file with, so an unchanged file is not read again.
struct IndexSnapshot: Sendable {
    struct Known: Sendable {
        let id: Int64
        let size: Int64
        let mtimeNs: Int64
        let inode: Int64

        /// Same size, mtime and inode: the file was not changed since it was read.
        func matches(_ status: FileStatus) -> Bool {
            size == status.size && mtimeNs == status.mtimeNanoseconds && inode == Int64(bitPattern: status.inode)
        }
    }

    private(set) var byPath: [Data: Known] = [:]

    init(_ db: Database, roots: [RawPath]) throws {
        let (condition, arguments) = PathPrefix.condition(roots)
        let rows = try Row.fetchCursor(db, sql: "SELECT id, path, size, mtimeNs, inode FROM item WHERE \(condition)",
                                       arguments: arguments)
        while let row = try rows.next() {
            byPath[row[1]] = Known(id: row[0], size: row[2], mtimeNs: row[3], inode: row[4])
        }
    }

}
