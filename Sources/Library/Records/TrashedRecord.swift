import FileSystem
import Foundation
import GRDB

/// One file sent to the trash: the journal of its move while it moves, then the trash's record
/// of it (where it came from, what it was, whether it was credited, restored or purged).
public struct TrashedRecord: Codable, Sendable, Equatable, FetchableRecord, MutablePersistableRecord {
    public static let databaseTableName = "trashed"

    /// The id `clean trash list` shows and `clean restore` takes.
    public var id: Int64?
    public var round: Int64
    public var item: Int64
    /// 0 for the card's own file, 1… for its linked files (Live Photo movie, sidecars).
    public var part: Int
    public var originalPath: Data
    public var size: Int64
    public var mtimeNs: Int64
    public var inode: Int64
    public var device: Int64
    /// `st_ctim` when the move was planned (v5-trash); nil in older rows.
    public var ctimeNs: Int64?
    /// The inode of `files/NAME` once moved (v5-trash): restore refuses an entry swapped since.
    public var trashInode: Int64?
    /// The change time of `files/NAME` once moved (v24): restore refuses an entry rewritten in place since.
    public var trashCtimeNs: Int64?
    /// The card's `CardCategory` raw value (`other` when none).
    public var category: String
    /// The content hash, so re-deleting restored content earns no XP twice.
    public var contentKey: String?
    /// The move's journal state (the Trash module's `MoveState` raw value).
    public var state: String
    public var trashName: Data?
    public var deletionDate: String?
    public var deletedAt: Date
    /// Bytes and files counted in the player's stats (exactly once, with the round's settlement).
    public var credited: Bool
    /// This file's content earned XP (false when the same content had been credited before).
    public var earnedXP: Bool
    public var restoredAt: Date?
    public var restoredTo: Data?
    public var purgedAt: Date?
    /// Why `purgedAt` is set (v5-trash); nil in older rows.
    public var purgeReason: PurgeReason?
    /// A restore or empty of this entry in flight (v6): set before its first file change, cleared
    /// with the record of its end, so the next start finishes or undoes it.
    public var leaving: Leaving?
    /// Where a restore in flight puts the file (v6).
    public var leavingTo: Data?
    /// The trash folder the entry is in when it is not the configured trash (v7): another
    /// volume's desktop trash; nil for the configured trash.
    public var trashRoot: Data?

    public enum Leaving: String, Codable, Sendable {
        /// `clean restore` is putting it back at `leavingTo`.
        case restore
        /// `clean trash empty` is deleting it for good.
        case purge
    }

    public enum PurgeReason: String, Codable, Sendable {
        /// Deleted for good by `clean trash empty`.
        case empty
        /// Gone from the trash by other means (removed by hand, another tool).
        case outside
    }

    public var rawOriginalPath: RawPath { RawPath(bytes: Array(originalPath)) }
    public var expected: FileStatus {
        FileStatus(kind: .regular, size: size, mtimeNanoseconds: mtimeNs, inode: UInt64(bitPattern: inode), device: UInt64(bitPattern: device),
                   ctimeNanoseconds: ctimeNs ?? 0)
    }
    /// In the trash now: moved, and neither restored nor purged.
    public var isInTrash: Bool { state == "done" && restoredAt == nil && purgedAt == nil }

    public init(round: Int64, item: Int64, part: Int, originalPath: RawPath, expected: FileStatus,
                category: String, contentKey: String?, deletedAt: Date) {
        self.round = round
        self.item = item
        self.part = part
        self.originalPath = Data(originalPath.bytes)
        size = expected.size
        mtimeNs = expected.mtimeNanoseconds
        inode = Int64(bitPattern: expected.inode)
        device = Int64(bitPattern: expected.device)
        ctimeNs = expected.ctimeNanoseconds
        self.category = category
        self.contentKey = contentKey
        state = "planned"
        self.deletedAt = deletedAt
        credited = false
        earnedXP = false
    }

    public mutating func didInsert(_ inserted: InsertionSuccess) { id = inserted.rowID }
}
