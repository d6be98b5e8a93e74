import FileSystem
import Foundation
import Game
import GRDB

/// Rebuilding the index's record of the trash after the index was lost: entries found in the
/// trash are recorded again, and a profile that survives in the old database is carried over.
extension LibraryDatabase {
    /// One entry found in the trash with no record in the index.
    public struct FoundEntry: Sendable {
        public var trashName: [UInt8]
        public var originalPath: RawPath
        public var deletionDate: String
        public var deletedAt: Date
        /// `files/NAME` as it is now (a regular file).
        public var status: FileStatus

        public init(trashName: [UInt8], originalPath: RawPath, deletionDate: String, deletedAt: Date, status: FileStatus) {
            self.trashName = trashName
            self.originalPath = originalPath
            self.deletionDate = deletionDate
            self.deletedAt = deletedAt
            self.status = status
        }
    }

    /// Records `entries` as in the trash, in one transaction, under one settled round worth no XP.
    /// `credited` says whether the player's stats already count them (a carried-over profile does),
    /// so a later restore takes back only what was counted. Returns the new trash ids.
    @discardableResult
    public func adopt(_ entries: [FoundEntry], credited: Bool, at now: Date) throws -> [Int64] {
        guard !entries.isEmpty else { return [] }
        return try write { db in
            var round = RoundRecord(kind: .round, boss: nil, startedAt: now, endedAt: now, status: .settled, reviewed: 0, kept: 0)
            round.deleted = entries.count
            round.settledAt = now
            try round.insert(db)
            var ids: [Int64] = []
            for (index, entry) in entries.enumerated() {
                // Item ids below zero: the adopted files are in no scan of this index.
                var record = TrashedRecord(round: round.id!, item: -Int64(index + 1), part: 0, originalPath: entry.originalPath,
                                           expected: entry.status, category: CardCategory.other.rawValue, contentKey: nil, deletedAt: entry.deletedAt)
                record.state = "done"
                record.trashName = Data(entry.trashName)
                record.deletionDate = entry.deletionDate
                record.trashInode = Int64(bitPattern: entry.status.inode)
                record.trashCtimeNs = entry.status.ctimeNanoseconds
                record.credited = credited
                try record.insert(db)
                ids.append(record.id!)
            }
            return ids
        }
    }

    /// Stores `profile` as the player's when this index has none yet; returns whether it did.
    public func adoptProfile(_ profile: Profile, at now: Date) throws -> Bool {
        try write { db in
            guard try PlayerRecord.fetchOne(db, key: 1) == nil else { return false }
            try Self.save(profile, at: now, db)
            return true
        }
    }

    /// The player's profile from another (old, possibly damaged) index, read-only, or why it cannot be read.
    public static func salvageProfile(from path: String) -> Result<Profile, LibraryError> {
        var configuration = Configuration()
        configuration.readonly = true
        do {
            let queue = try DatabaseQueue(path: path, configuration: configuration)
            defer { try? queue.close() }
            return try queue.read { db in
                guard let text = try String.fetchOne(db, sql: "SELECT profile FROM player WHERE id = 1") else {
                    return .failure(.unusable(path: path, reason: "it holds no player profile"))
                }
                return .success(try PlayerRecord.decoder.decode(Profile.self, from: Data(text.utf8)))
            }
        } catch {
            // Whatever is wrong with it, the old index is only read: no step to take with it (it was moved aside already).
            let reason = switch LibraryError.database(path: path, error) {
            case .damaged(_, let reason): "it is damaged too (\(reason))"
            case .locked: "it is locked by another program"
            default: "\(error)"
            }
            return .failure(.unusable(path: path, reason: reason))
        }
    }
}
