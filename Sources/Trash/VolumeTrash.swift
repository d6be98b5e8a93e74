#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import FileSystem

/// The trash of another volume (FreeDesktop.org Trash specification, "trash directories on other
/// volumes"), for a trash that only ever renames (the desktop's): a file there goes to
/// `$topdir/.Trash/$UID` when `$topdir/.Trash` is a real folder with the sticky bit, otherwise to
/// `$topdir/.Trash-$UID`, created with mode 0700 when absent. A `.Trash` that is a symbolic link
/// or lacks the sticky bit is never used; a per-user folder that is a link, not a folder or not
/// the user's own is refused. Entries there are moved, recovered, restored, listed and emptied
/// by the same code as this trash's, each through the `Trash` opened at that folder.
extension Trash {
    /// True when `location` names a trash folder other than this one.
    func isElsewhere(_ location: RawPath?) -> Bool { location.map { $0 != root } ?? false }

    /// The trash an entry or a move lives in: this one, or a volume's as it is now. Nothing is
    /// created here: a volume trash that is not there (its disk not mounted) is an error, never
    /// an empty trash, so no entry of an unmounted disk is ever counted as removed. Checked on
    /// every call, even for a trash opened before: a disk can be unmounted in between.
    func shelf(_ location: RawPath?) throws(TrashFailure) -> Trash {
        guard let location, location != root else { return self }
        for folder in [location, location.appending("files"), location.appending("info")] {
            switch Result(catching: { () throws(FileSystemError) in try statusIfPresent(folder) }) {
            case .failure(let error):
                throw TrashFailure("the volume trash \(location) cannot be reached (\(error.reason))", code: error.code)
            case .success(nil):
                throw TrashFailure("the volume trash \(location) is not there now (is its disk mounted?)", code: ENOENT)
            case .success(let status?):
                if let why = Self.notOwnFolder(status) { throw TrashFailure("the volume trash folder \(folder) \(why); not used") }
            }
        }
        if let opened = volumes[location] { return opened }
        return try open(location)
    }

    /// The trash of the volume `source` is on (`device`, not this trash's), made when absent.
    func volumeTrash(for source: RawPath, device: UInt64) throws(TrashFailure) -> Trash {
        let top = topDirectory(of: source, device: device)
        let user = "\(getuid())"
        var candidates: [RawPath] = []
        let shared = top.appending(".Trash")
        if let status = try? statusIfPresent(shared), status.kind == .directory, status.permissions & 0o1000 != 0 {
            candidates.append(shared.appending(user))
        }
        candidates.append(top.appending(".Trash-" + user))
        var reasons: [String] = []
        for root in candidates {
            if let open = volumes[root] { return open }
            do {
                return try prepare(root, device: device)
            } catch {
                reasons.append(error.description)
            }
        }
        throw TrashFailure("'\(source)' is on another volume (mounted at \(top)) whose trash cannot be used: "
                           + reasons.joined(separator: "; ") + "; the desktop trash is never copied into, so it stays where it is")
    }

    /// Makes `root` with `files/` and `info/` (mode 0700) where absent, checks each is a real
    /// folder of the user's on `device`, and opens it.
    private func prepare(_ root: RawPath, device: UInt64) throws(TrashFailure) -> Trash {
        for folder in [root, root.appending("files"), root.appending("info")] {
            let status: FileStatus
            do {
                status = try made(folder)
            } catch {
                throw TrashFailure(error)
            }
            if let why = Self.notOwnFolder(status) { throw TrashFailure("\(folder) \(why)") }
            guard status.device == device else { throw TrashFailure("\(folder) is on yet another volume") }
        }
        return try open(root)
    }

    /// `folder` made (mode 0700, its parent synced) when absent, and what is there now.
    private func made(_ folder: RawPath) throws(FileSystemError) -> FileStatus {
        if try statusIfPresent(folder) == nil {
            do { try operations.makeDirectory(folder, permissions: 0o700) } catch where error.code == EEXIST {}
            try operations.synchronizeDirectory(folder.parent)
        }
        return try operations.status(folder)
    }

    /// Opens the trash at `root` (every folder there already), renaming only, and remembers it.
    private func open(_ root: RawPath) throws(TrashFailure) -> Trash {
        let volume: Trash
        do { volume = try Trash(root: root, operations: operations, timeZone: timeZone, now: now) } catch { throw TrashFailure(error) }
        volume.renameOnly = true
        volumes[root] = volume
        return volume
    }

    /// Why a per-user trash folder is not to be used, or nil when it is a folder the user owns.
    static func notOwnFolder(_ status: FileStatus) -> String? {
        switch status.kind {
        case .symlink: return "is a symbolic link"
        case .directory: return status.owner == getuid() ? nil : "belongs to another user"
        case .regular, .other: return "is not a folder"
        }
    }

    /// The mount point of the volume `source` is on: its highest ancestor on `device`.
    func topDirectory(of source: RawPath, device: UInt64) -> RawPath {
        var top = source.parent
        while top.bytes != [UInt8(ascii: "/")] {
            let up = top.parent
            guard let status = try? operations.status(up), status.device == device else { break }
            top = up
        }
        return top
    }
}
