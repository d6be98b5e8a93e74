import FileSystem
import Foundation
import GRDB
import Library

extension LibraryDatabase {
    /// Indexes files a restore just put back, so the index lists them at once, without a rescan (the scan that ran while
    /// they were in the trash dropped their rows): each is read as a scan reads a file, its row written (or rewritten
    /// when the index still holds one at that path), then the duplicate groups and links are found again. Similar groups
    /// wait for the next scan. Returns what could not be read, as a scan does.
    public func indexRestored(_ paths: [RawPath], request: ScanRequest) throws -> [ScanIssue] {
        var entries: [TreeWalker.Entry] = [], known: [RawPath: Int64] = [:]
        for path in paths {
            guard let status = try? NoLinks.status(path), status.kind == .regular else { continue }
            let row = try read { db in
                try Row.fetchOne(db, sql: "SELECT id, size, mtimeNs, inode, ctimeNs FROM item WHERE path = ?", arguments: [Data(path.bytes)])
            }
            if let row {
                let size: Int64 = row[1], mtime: Int64 = row[2], inode: Int64 = row[3], ctime: Int64? = row[4]
                if size == status.size && mtime == status.mtimeNanoseconds && inode == Int64(bitPattern: status.inode)
                    && ctime == status.ctimeNanoseconds { continue }
                known[path] = row[0]
            }
            entries.append(TreeWalker.Entry(path: path, status: status, folderHasJSON: true))
        }
        guard !entries.isEmpty else { return [] }
        var errors: [ScanIssue] = []
        var records = try read(entries, request: request, errors: &errors) { _ in }
        for index in records.indices { records[index].id = known[records[index].rawPath] }
        try write { db in try IndexWriter.store(records, db) }
        errors += try findDuplicatesAndLinks(jobs: request.jobs) { _ in }
        return errors
    }
}
