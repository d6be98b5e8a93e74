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
        case .taken(let path): "'\(path)' already exists; not overwritten (restore with renaming to keep both)"
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
        switch condition(of: entry) {
        case .changed(let why): throw .changed(entry.originalPath, why)
        case .gone: throw .notInTrash(entry.trashName)
        case .intact, .damagedInfo: break
        }
        return try restore(entry.trashName, to: entry.originalPath, renameIfTaken: renameIfTaken)
    }

    /// Puts `files/NAME` back at `originalPath` (the caller's record, not `Path=`), recreating
    /// missing parent folders. Never overwrites: when the path is taken it refuses, or with
    /// `renameIfTaken` restores as `NAME (restored).EXT`, `NAME (restored 2).EXT`… beside it.
    /// Across file systems it copies, syncs and compares before removing the trash copy.
    /// The `.trashinfo` goes last, once the file is back. Returns where the file now is.
    @discardableResult
    public func restore(_ trashName: [UInt8], to originalPath: RawPath, renameIfTaken: Bool) throws(RestoreError) -> RawPath {
        guard Self.isSafeAbsolutePath(originalPath) else { throw .unsafePath(originalPath) }
        guard !trashName.isEmpty, !trashName.contains(UInt8(ascii: "/")), trashName != Array(".".utf8),
              trashName != Array("..".utf8) else { throw .notInTrash(trashName) }
        let stored = filePath(trashName)
        do {
            guard let status = try statusIfPresent(stored) else { throw RestoreError.notInTrash(trashName) }
            try makeDirectories(originalPath.parent, permissions: 0o755)
            var target = originalPath
            if exists(target) {
                guard renameIfTaken else { throw RestoreError.taken(originalPath) }
                target = try freeRestoredName(for: originalPath)
            }
            let sameDevice = try operations.status(target.parent).device == status.device
            if sameDevice {
                try operations.rename(stored, to: target)
                try operations.synchronizeDirectory(target.parent)
                try operations.synchronizeDirectory(filesDirectory)
            } else {
                guard status.kind == .regular else {
                    throw TrashFailure("'\(originalPath)' is a folder on another file system; restoring it there is not supported yet")
                }
                let temporary = target.parent.appending(Array(".swipeclean-restoring-".utf8) + target.lastComponent.prefix(200))
                try copyVerified(stored, expected: status, to: target, via: temporary)
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
