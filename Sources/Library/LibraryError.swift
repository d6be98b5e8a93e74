import Foundation
import GRDB

/// A failure of the index, said in one sentence that names the file and what to do.
public enum LibraryError: Error, CustomStringConvertible {
    case locked(path: String)
    /// The database or its folder cannot be written (a read-only file system or folder, or the file's own permissions).
    case readOnly(path: String)
    /// The disk holding the database is full (or its quota is used up).
    case full(path: String)
    /// The disk reported an error reading or writing the database.
    case ioError(path: String, reason: String)
    case unusable(path: String, reason: String)
    /// The file is not an SQLite database, or one whose pages are damaged.
    case damaged(path: String, reason: String)
    /// The stored profile cannot be read: damaged, or written by a newer release.
    case unreadableProfile(path: String, reason: String)

    static func database(path: String, _ error: any Error) -> LibraryError {
        if let error = error as? LibraryError { return error }
        if let error = error as? UnreadableProfile { return .unreadableProfile(path: path, reason: error.reason) }
        if let error = error as? DatabaseError {
            switch error.resultCode {
            case .SQLITE_BUSY, .SQLITE_LOCKED: return .locked(path: path)
            case .SQLITE_READONLY: return .readOnly(path: path)
            case .SQLITE_CANTOPEN where !isWritableFolder(of: path): return .readOnly(path: path)
            case .SQLITE_CORRUPT, .SQLITE_NOTADB: return .damaged(path: path, reason: error.message ?? "\(error.resultCode)")
            case .SQLITE_FULL: return .full(path: path)
            // SQLite reports a write that failed for want of room as an I/O error too: the disk's free space tells.
            case .SQLITE_IOERR where isFull(path): return .full(path: path)
            case .SQLITE_IOERR: return .ioError(path: path, reason: error.message ?? "\(error.resultCode)")
            default: return .unusable(path: path, reason: error.message ?? "\(error.resultCode)")
            }
        }
        return .unusable(path: path, reason: "\(error)")
    }

    /// True when the disk holding `path`'s folder has no block left for this user.
    static func isFull(_ path: String) -> Bool {
        var info = statvfs()
        return statvfs((path as NSString).deletingLastPathComponent, &info) == 0 && info.f_bavail == 0
    }

    /// True when the folder holding `path` takes new files (SQLite writes its journal beside the database).
    private static func isWritableFolder(of path: String) -> Bool {
        access((path as NSString).deletingLastPathComponent, W_OK) == 0
    }

    public var description: String {
        switch self {
        case .locked(let path):
            return "the library database \(path) is locked by another clean or another program writing to it; "
                + "wait for it to finish (or close that program) and try again; nothing was changed"
        case .readOnly(let path):
            let folder = (path as NSString).deletingLastPathComponent
            // Which one is read-only: the file's own permissions, or its folder (SQLite writes its journal beside it).
            if access(path, F_OK) == 0, access(path, W_OK) != 0, access(folder, W_OK) == 0 {
                return "the library database \(path) cannot be written: the file itself is read-only; make it writable "
                    + "(chmod u+w '\(path)'), or point SWIPECLEAN_HOME at a writable folder; nothing was changed"
            }
            return "the library database \(path) cannot be written: its folder \(folder) is read-only; make it writable, "
                + "or point SWIPECLEAN_HOME at a writable folder; nothing was changed"
        case .full(let path):
            let folder = (path as NSString).deletingLastPathComponent
            return "the library database \(path) cannot be written: the disk that holds \(folder) is full; free some space there "
                + "(or point SWIPECLEAN_HOME at a folder on another disk) and try again; nothing was changed"
        case let .ioError(path, reason):
            return "the disk reported an error on the library database \(path) (\(reason)); check that disk (dmesg says more), "
                + "then try again; nothing was changed"
        case let .unusable(path, reason):
            return "cannot use the library database \(path): \(reason)"
        case let .damaged(path, reason):
            return "the library database \(path) is damaged (\(reason)); move it aside with `mv '\(path)' '\(path).damaged'` "
                + "and run `clean scan` on your folders to build a new index (the files in the trash are not touched)"
        case let .unreadableProfile(path, reason):
            return "cannot read the player's profile in \(path): \(reason)"
        }
    }
}

/// Thrown inside a transaction when the stored profile cannot be decoded; the database names its path.
struct UnreadableProfile: Error {
    var reason: String
}
