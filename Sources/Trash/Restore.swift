#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import FileSystem

/// Why a restore did not happen. Nothing was changed in any of these cases.
public enum RestoreError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The original path is relative, contains `..` or `.`, or is empty.
    case unsafePath(RawPath)
    /// `files/NAME` is not there (or the name is not a plain name).
    case notInTrash([UInt8])
    /// Something already exists at the original path and renaming was not asked for.
    case taken(RawPath)
    /// `files/NAME` is not what the move put there (why in words); it is left where it is.
    case changed(RawPath, String)
    /// A file call failed.
    case failed(TrashFailure)

    public var description: String {
        switch self {
        case .unsafePath(let path): "refusing to restore to '\(path)': not an absolute path without '.' or '..'"
        case .notInTrash(let name): "'\(RawPath(bytes: name))' is not in the trash"
        case .taken(let path): "'\(path)' already exists; not overwritten (`clean restore --rename ID` keeps both: it comes back as NAME (restored).EXT)"
        case .changed(let path, let why): "the trashed copy of '\(path)' was changed outside clean (\(why)); left where it is"
        case .failed(let failure): failure.description
        }
    }
}

extension Trash {
    /// Puts a recorded entry back at its recorded original path (never where a `.trashinfo`
    /// says), after checking `files/NAME` is still what the move put there: a link, a folder or
    /// another file planted in its place is refused and left where it is.
    @discardableResult
    public func restore(_ entry: RecordedEntry, renameIfTaken: Bool) throws(RestoreError) -> RawPath {
        try restore(entry, to: restoreTarget(for: entry.originalPath, renameIfTaken: renameIfTaken))
    }

    /// Where a restore of a file from `originalPath` goes: there when it is free, else (with
    /// `renameIfTaken`) `NAME (restored).EXT`, `NAME (restored 2).EXT`… beside it. Changes nothing:
    /// the caller journals the answer before `restore(_:to:)` moves anything.
    public func restoreTarget(for originalPath: RawPath, renameIfTaken: Bool) throws(RestoreError) -> RawPath {
        guard Self.isSafeAbsolutePath(originalPath) else { throw .unsafePath(originalPath) }
        guard exists(originalPath) else { return originalPath }
        guard renameIfTaken else { throw .taken(originalPath) }
        do { return try freeRestoredName(for: originalPath) } catch { throw .failed(error) }
    }

    /// Puts a recorded entry back at exactly `target` (from `restoreTarget`), checked as above.
    @discardableResult
    public func restore(_ entry: RecordedEntry, to target: RawPath) throws(RestoreError) -> RawPath {
        switch condition(of: entry) {
        case .changed(let why): throw .changed(entry.originalPath, why)
        case .gone: throw .notInTrash(entry.trashName)
        case .unavailable(let why): throw .failed(TrashFailure("not restored: \(why)"))
        case .intact, .damagedInfo: break
        }
        if isElsewhere(entry.trashRoot) {
            let volume: Trash
            do { volume = try shelf(entry.trashRoot) } catch { throw .failed(error) }
            return try volume.restore(entry.trashName, exactlyTo: target, original: entry.originalPath)
        }
        return try restore(entry.trashName, exactlyTo: target, original: entry.originalPath)
    }

    /// Puts `files/NAME` back at `originalPath` (the caller's record, not `Path=`); see `restoreTarget`.
    @discardableResult
    public func restore(_ trashName: [UInt8], to originalPath: RawPath, renameIfTaken: Bool) throws(RestoreError) -> RawPath {
        try restore(trashName, exactlyTo: restoreTarget(for: originalPath, renameIfTaken: renameIfTaken), original: originalPath)
    }

    /// Moves `files/NAME` to `target`, recreating missing parent folders; never over an existing
    /// file. Across file systems (or with `forceCopy`) it copies into a temporary name beside the
    /// target, syncs, compares and renames before removing the trash copy. The `.trashinfo` goes
    /// last, once the file is back. A crash at any step is settled by `settleRestore`.
    private func restore(_ trashName: [UInt8], exactlyTo target: RawPath, original originalPath: RawPath) throws(RestoreError) -> RawPath {
        guard Self.isSafeAbsolutePath(target) else { throw .unsafePath(target) }
        guard Self.isPlainName(trashName) else { throw .notInTrash(trashName) }
        let stored = filePath(trashName)
        do {
            guard let status = try statusIfPresent(stored) else { throw RestoreError.notInTrash(trashName) }
            try makeDirectories(target.parent, permissions: 0o755)
            if exists(target) { throw RestoreError.taken(target) }
            let sameDevice = try !forceCopy && operations.status(target.parent).device == status.device
            if sameDevice {
                try operations.rename(stored, to: target)
                try operations.synchronizeDirectory(target.parent)
                try operations.synchronizeDirectory(filesDirectory)
            } else {
                guard status.kind == .regular else {
                    throw TrashFailure("'\(originalPath)' is a folder on another file system; restoring it there is not supported yet")
                }
                try copyVerified(stored, expected: status, to: target, via: Self.restoringPath(for: target))
                try operations.unlink(stored)
                try operations.synchronizeDirectory(filesDirectory)
            }
            // The file is back: a `.trashinfo` that cannot go (a folder planted there) is only left over.
            try? removeInfoIfFile(trashName)
            return target
        } catch let error as RestoreError {
            throw error
        } catch let error as TrashFailure {
            throw .failed(error)
        } catch let error as FileSystemError {
            throw .failed(TrashFailure(error))
        } catch {
            throw .failed(TrashFailure("\(error)"))
        }
    }

    /// The temporary name a cross-device restore copies into, beside its target.
    static func restoringPath(for target: RawPath) -> RawPath {
        target.parent.appending(Array(".swipeclean-restoring-".utf8) + target.lastComponent.prefix(200))
    }

    /// An absolute path whose components are never `.`, `..` or empty-but-trailing.
    static func isSafeAbsolutePath(_ path: RawPath) -> Bool {
        guard path.isAbsolute, path.bytes.count > 1, path.bytes.last != UInt8(ascii: "/") else { return false }
        for component in path.bytes.split(separator: UInt8(ascii: "/")) {
            if component.elementsEqual(".".utf8) || component.elementsEqual("..".utf8) { return false }
        }
        return true
    }

    /// `NAME (restored).EXT`, then `NAME (restored 2).EXT`…, the first that does not exist.
    func freeRestoredName(for path: RawPath) throws(TrashFailure) -> RawPath {
        let name = path.lastComponent
        var stem = name
        var suffix: [UInt8] = []
        if let dot = name.lastIndex(of: UInt8(ascii: ".")), dot > 0 {
            stem = Array(name[..<dot])
            suffix = Array(name[dot...])
        }
        for attempt in 1..<10_000 {
            let tag = attempt == 1 ? " (restored)" : " (restored \(attempt))"
            let candidate = path.parent.appending(stem + Array(tag.utf8) + suffix)
            if !exists(candidate) { return candidate }
        }
        throw TrashFailure("no free name to restore '\(path)' beside the file that took its place")
    }
}

/// Where an interrupted restore left its file.
public enum RestoreSettlement: Sendable, Equatable {
    /// The file is at the target and nothing of it is in the trash (finished now if it was not).
    case restored
    /// The file is still in the trash and the target holds nothing of it (undone now if needed).
    case stillInTrash
    /// Neither the trash nor the target holds it (removed outside clean).
    case vanished
}

extension Trash {
    /// Finishes or undoes a restore of `entry` to `target` that a crash interrupted, from what is
    /// on disk; running it twice changes nothing the second time.
    ///
    /// - `files/NAME` gone, a regular file of the recorded size at the target: the rename (or the
    ///   copy and its unlink) happened; its `.trashinfo` goes → restored.
    /// - `files/NAME` there and the target a verified copy of it (a cross-device restore stopped
    ///   before the trash copy was unlinked): the trash copy and its `.trashinfo` go → restored.
    /// - `files/NAME` there otherwise: the restore had not moved it; a half-written temporary
    ///   copy beside the target is removed, anything else at the target is left alone → still in the trash.
    public func settleRestore(_ entry: RecordedEntry, to target: RawPath) throws(TrashFailure) -> RestoreSettlement {
        if isElsewhere(entry.trashRoot) { return try shelf(entry.trashRoot).settleRestore(entry, to: target) }
        do {
            let temporary = Self.restoringPath(for: target)
            let stored = try statusIfPresent(filePath(entry.trashName))
            let back = try statusIfPresent(target)
            if let stored {
                if let back, back.kind == .regular, stored.kind == .regular, back.size == stored.size,
                   back.inode != stored.inode || back.device != stored.device, try sameContent(target, filePath(entry.trashName)) {
                    try operations.unlink(filePath(entry.trashName))
                    try operations.synchronizeDirectory(filesDirectory)
                    try removeInfoIfFile(entry.trashName)
                    try removeIfPresent(temporary)
                    return .restored
                }
                try removeIfPresent(temporary)
                return .stillInTrash
            }
            try removeIfPresent(temporary)
            guard let back, back.kind == .regular, back.size == entry.size else { return .vanished }
            try removeInfoIfFile(entry.trashName)
            return .restored
        } catch {
            throw TrashFailure(error)
        }
    }
}
