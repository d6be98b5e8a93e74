#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import FileSystem

/// What a move recorded about one entry it put in the trash: the truth that restoring, listing
/// and emptying check the disk against. The `.trashinfo` is for other tools; when it disagrees
/// with this record, the record wins and the `.trashinfo` is repaired.
public struct RecordedEntry: Sendable, Equatable {
    public var trashName: [UInt8]
    public var originalPath: RawPath
    public var size: Int64
    public var mtimeNanoseconds: Int64
    /// The inode of `files/NAME` once moved; nil for entries moved before it was recorded.
    public var inode: UInt64?
    /// The change time of `files/NAME` once moved; nil for entries moved before it was recorded.
    public var ctimeNanoseconds: Int64?
    /// `DeletionDate=` as the move wrote it.
    public var deletionDate: String
    /// The volume's trash directory the entry is in; nil for this trash (see `JournaledMove.trashRoot`).
    public var trashRoot: RawPath?

    public init(trashName: [UInt8], originalPath: RawPath, size: Int64, mtimeNanoseconds: Int64, inode: UInt64?, deletionDate: String,
                trashRoot: RawPath? = nil, ctimeNanoseconds: Int64? = nil) {
        self.ctimeNanoseconds = ctimeNanoseconds
        self.trashName = trashName
        self.originalPath = originalPath
        self.size = size
        self.mtimeNanoseconds = mtimeNanoseconds
        self.inode = inode
        self.deletionDate = deletionDate
        self.trashRoot = trashRoot
    }
}

/// How a recorded entry stands on disk.
public enum EntryCondition: Sendable, Equatable {
    /// `files/NAME` is the file that was moved and its `.trashinfo` says where it came from.
    case intact
    /// `files/NAME` is the file that was moved, but its `.trashinfo` is missing, unreadable or
    /// names another path (why in words): the record knows better; `repairInfo` rewrites it.
    case damagedInfo(String)
    /// `files/NAME` is not what was moved (why in words): a link, a folder, another file.
    /// Left where it is: never restored, never deleted.
    case changed(String)
    /// Nothing is at `files/NAME`.
    case gone
    /// The entry's volume trash cannot be reached now (why in words: the disk is not mounted, its
    /// trash folder was replaced): nothing is known, so nothing is restored, deleted or recorded.
    case unavailable(String)
}

extension Trash {
    /// Compares `files/NAME` (type, size, mtime, inode) and its `.trashinfo` with the record,
    /// without following any link.
    public func condition(of entry: RecordedEntry) -> EntryCondition {
        if isElsewhere(entry.trashRoot) {
            do { return try shelf(entry.trashRoot).condition(of: entry) } catch { return .unavailable(error.description) }
        }
        guard Self.isPlainName(entry.trashName) else { return .changed("its name in the trash is not a plain file name") }
        let found: FileStatus
        do {
            guard let status = try statusIfPresent(filePath(entry.trashName)) else { return .gone }
            found = status
        } catch {
            return .changed("it cannot be looked at: \(error.reason)")
        }
        switch found.kind {
        case .symlink: return .changed("it is a symbolic link now")
        case .directory: return .changed("it is a folder now")
        case .other: return .changed("it is not a regular file now")
        case .regular: break
        }
        if let inode = entry.inode, found.inode != inode { return .changed("it is another file now (another inode)") }
        guard found.size == entry.size, found.mtimeNanoseconds == entry.mtimeNanoseconds else {
            return .changed("its size or modification time changed")
        }
        // Rewritten in place with its size and modification time set back: only the change time tells.
        if let ctime = entry.ctimeNanoseconds, found.ctimeNanoseconds != ctime {
            return .changed("it was changed in place since it was moved (its change time moved)")
        }
        let bytes: [UInt8]
        do {
            guard let status = try statusIfPresent(infoPath(entry.trashName)) else { return .damagedInfo("its .trashinfo is missing") }
            guard status.kind == .regular else { return .damagedInfo("its .trashinfo is not a regular file") }
            bytes = try readSmallFile(infoPath(entry.trashName))
        } catch {
            return .damagedInfo("its .trashinfo cannot be read: \(error.reason)")
        }
        switch TrashInfo.parse(bytes) {
        case .failure(let error):
            return .damagedInfo("its .trashinfo \(error)")
        case .success(let info) where info.originalPath != entry.originalPath:
            return .damagedInfo("its .trashinfo says Path=\(info.originalPath), not where the file came from")
        case .success:
            return .intact
        }
    }

    /// Rewrites `info/NAME.trashinfo` from the record: written beside it, synced, renamed over it
    /// (a link or a damaged file there is replaced, never followed). A folder there is left alone.
    public func repairInfo(_ entry: RecordedEntry) throws(TrashFailure) {
        if isElsewhere(entry.trashRoot) { return try shelf(entry.trashRoot).repairInfo(entry) }
        guard Self.isPlainName(entry.trashName) else { throw TrashFailure("'\(RawPath(bytes: entry.trashName))' is not a plain file name") }
        let target = infoPath(entry.trashName)
        let temporary = infoDirectory.appending(Array(".swipeclean-repair-".utf8) + entry.trashName.prefix(200))
        do {
            if let status = try statusIfPresent(target), status.kind == .directory {
                throw TrashFailure("'\(target)' is a folder; left alone")
            }
            try removeIfPresent(temporary)
            try writeNewFile(temporary, TrashInfo(originalPath: entry.originalPath, deletionDate: entry.deletionDate).bytes)
            try operations.rename(temporary, to: target)
            try operations.synchronizeDirectory(infoDirectory)
        } catch let error as TrashFailure {
            try? removeIfPresent(temporary)
            throw error
        } catch let error as FileSystemError {
            try? removeIfPresent(temporary)
            throw TrashFailure(error)
        } catch {
            throw TrashFailure("\(error)")
        }
    }

    /// Deletes one recorded entry for good: `files/NAME` (unlinked, never followed), then its
    /// `.trashinfo`. Only an entry still `.intact` or with a `.damagedInfo` is deleted; a changed
    /// one is refused and left where it is. Returns the bytes freed.
    public func purge(_ entry: RecordedEntry) throws(TrashFailure) -> Int64 {
        if isElsewhere(entry.trashRoot) { return try shelf(entry.trashRoot).purge(entry) }
        switch condition(of: entry) {
        case .changed(let why):
            throw TrashFailure("the trashed copy of '\(entry.originalPath)' was changed outside clean (\(why)); left where it is")
        case .unavailable(let why):
            throw TrashFailure("'\(entry.originalPath)' was not deleted: \(why)")
        case .gone:
            return 0
        case .intact, .damagedInfo:
            break
        }
        do {
            try operations.unlink(filePath(entry.trashName))
            try operations.synchronizeDirectory(filesDirectory)
            try removeInfoIfFile(entry.trashName)
            return entry.size
        } catch {
            throw TrashFailure(error)
        }
    }

    /// Removes `info/NAME.trashinfo` when it is a file or a link (a folder there is left alone).
    func removeInfoIfFile(_ name: [UInt8]) throws(FileSystemError) {
        guard let status = try statusIfPresent(infoPath(name)), status.kind != .directory else { return }
        try removeIfPresent(infoPath(name))
        try operations.synchronizeDirectory(infoDirectory)
    }

    /// A name that stays inside `files/`: not empty, no `/`, not `.` or `..`.
    static func isPlainName(_ name: [UInt8]) -> Bool {
        !name.isEmpty && !name.contains(UInt8(ascii: "/")) && name != [0x2E] && name != [0x2E, 0x2E] && !name.contains(0)
    }
}

extension Trash {
    /// Finishes a purge a crash interrupted: when `files/NAME` is gone, its `.trashinfo` goes too
    /// and true is returned; when the file is still there, nothing changes and false is returned.
    public func finishPurge(_ entry: RecordedEntry) throws(TrashFailure) -> Bool {
        if isElsewhere(entry.trashRoot) { return try shelf(entry.trashRoot).finishPurge(entry) }
        guard Self.isPlainName(entry.trashName) else { return false }
        do {
            guard try statusIfPresent(filePath(entry.trashName)) == nil else { return false }
            try removeInfoIfFile(entry.trashName)
            return true
        } catch {
            throw TrashFailure(error)
        }
    }
}
