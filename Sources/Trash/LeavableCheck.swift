#if canImport(Glibc)
import Glibc
#endif
import FileSystem

extension Trash {
    /// The first folder among those of `paths` that no file can leave, with why: a read-only mount,
    /// a phone's storage that refuses changes, a folder whose entries this user cannot remove. A
    /// batch is checked whole before its first file moves, so such a folder moves nothing at all,
    /// instead of failing file after file. Nil when every folder can be left.
    public func unleavableFolder(_ paths: [RawPath]) -> (folder: RawPath, reason: String)? {
        var seen = Set<RawPath>()
        for path in paths {
            let folder = path.parent
            guard seen.insert(folder).inserted else { continue }
            do {
                try operations.checkLeavable(folder)
            } catch {
                return (folder, error.code == EROFS ? "it is on a read-only file system" : error.reason)
            }
        }
        return nil
    }
}
