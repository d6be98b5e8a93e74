import FileSystem
import Foundation
import GRDB
import Library

/// What an iPhone or iPad backup's `Manifest.db` says of its files: the domain-relative path of
/// each hashed file (`3f/3f1b2c…` → `Media/DCIM/100APPLE/IMG_0001.HEIC`). Opened read-only and
/// immutable (no lock, no journal, nothing written beside it); an encrypted backup's manifest is
/// not an SQLite file at all, and is said to be encrypted, never read further.
enum IOSBackup {
    enum Manifest: Equatable {
        case encrypted
        /// fileID (40 hex digits, the file's name in the backup) → its path on the device.
        case names([String: String])
    }

    /// Path bytes an SQLite URI carries as they are; every other byte is percent-encoded.
    private static let uriSafe = Set(Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789/-_.".utf8))

    static let sqliteHeader = Array("SQLite format 3\u{0}".utf8)

    /// Reads `root/Manifest.db`.
    static func manifest(_ root: RawPath) throws -> Manifest {
        let path = root.appending(Array("Manifest.db".utf8))
        let head = try ReadableFile(path).read(at: 0, count: sqliteHeader.count)
        guard head == sqliteHeader else { return .encrypted }
        var configuration = Configuration()
        configuration.readonly = true
        configuration.label = "iPhone backup manifest"
        let queue = try DatabaseQueue(path: uri(path), configuration: configuration)
        defer { try? queue.close() }
        return try queue.read { db in
            // flags 1: a file (2: a folder, 4: a link). Names, not contents: `file` (a plist) is not read.
            var names: [String: String] = [:]
            let rows = try Row.fetchCursor(db, sql: "SELECT fileID, relativePath FROM Files WHERE flags = 1")
            while let row = try rows.next() {
                guard let id: String = row[0], let relative: String = row[1] else { continue }
                names[id.lowercased()] = relative
            }
            return .names(names)
        }
    }

    /// The fileID a file of the backup is stored under, when its path is `root/xx/xx…` (the name's first two
    /// characters make its folder).
    static func fileID(of path: RawPath, root: RawPath) -> String? {
        let name = path.lastComponent
        let folder = path.parent
        guard folder.parent == root, name.count >= 2, folder.lastComponent.elementsEqual(name.prefix(2)) else { return nil }
        return String(decoding: name, as: UTF8.self).lowercased()
    }

    /// An SQLite URI for `path` that opens it read-only and immutable.
    static func uri(_ path: RawPath) -> String {
        var encoded = "file:"
        for byte in path.bytes {
            if uriSafe.contains(byte) {
                encoded.unicodeScalars.append(UnicodeScalar(byte))
            } else {
                encoded += String(format: "%%%02X", byte)
            }
        }
        return encoded + "?mode=ro&immutable=1"
    }
}

extension LibraryDatabase {
    /// Names each file of the iPhone backups below `roots` as the backup's manifest records it, and
    /// marks an encrypted backup as such. A manifest that cannot be read is a scan issue, not a failure.
    func nameStoredFiles(_ roots: [RawPath]) throws -> [ScanIssue] {
        let backups = try read { db in try StoreRecord.fetchAll(db, kind: .iosBackup, below: roots) }
        var issues: [ScanIssue] = []
        for backup in backups {
            let id = backup.id, root = backup.rawPath
            let manifest: IOSBackup.Manifest
            do {
                manifest = try IOSBackup.manifest(root)
            } catch {
                issues.append(ScanIssue(path: root.appending(Array("Manifest.db".utf8)),
                                        reason: "this iPhone backup's manifest could not be read (\(error)); its files are still never changed",
                                        unread: false))
                continue
            }
            try write { db in
                try db.execute(sql: "UPDATE store SET encrypted = ? WHERE id = ?", arguments: [manifest == .encrypted, id])
                guard case .names(let names) = manifest else { return }
                let update = try db.cachedStatement(sql: "UPDATE item SET storeName = ? WHERE id = ?")
                let rows = try Row.fetchCursor(db, sql: "SELECT id, path, storeName FROM item WHERE store = ?", arguments: [id])
                var changes: [(Int64, String?)] = []
                while let row = try rows.next() {
                    let path = RawPath(bytes: Array(row[1] as Data))
                    let wanted = IOSBackup.fileID(of: path, root: root).flatMap { names[$0] }
                    if wanted != row[2] { changes.append((row[0], wanted)) }
                }
                for (item, name) in changes { try update.execute(arguments: [name, item]) }
            }
        }
        return issues
    }
}
