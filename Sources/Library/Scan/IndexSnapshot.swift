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
        let ctimeNs: Int64?

        /// Same size, mtime, inode and change time: the file was not changed since it was read.
        /// A row without a change time (indexed before v5-trash) is read once more to get one.
        func matches(_ status: FileStatus) -> Bool {
            size == status.size && mtimeNs == status.mtimeNanoseconds && inode == Int64(bitPattern: status.inode)
                && ctimeNs == status.ctimeNanoseconds
        }
    }

    private(set) var byPath: [Data: Known] = [:]

    init(_ db: Database, roots: [RawPath]) throws {
        let (condition, arguments) = PathPrefix.condition(roots)
        let rows = try Row.fetchCursor(db, sql: "SELECT id, path, size, mtimeNs, inode, ctimeNs FROM item WHERE \(condition)",
                                       arguments: arguments)
        while let row = try rows.next() {
            byPath[row[1]] = Known(id: row[0], size: row[2], mtimeNs: row[3], inode: row[4], ctimeNs: row[5])
        }
    }

}
