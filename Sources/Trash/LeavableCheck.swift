#if canImport(Glibc)
import Glibc
#endif
import FileSystem

extension Trash {
    /// The folders of `paths` no file can leave now, each with why in words to follow "its folder F": a read-only
    /// mount, a phone's storage that refuses changes, a folder whose entries this user cannot remove, a folder gone since
    /// (renamed, moved, unmounted). A batch is checked before its first file moves, so the cards of such a folder wait
    /// while the others move, instead of failing file after file. Empty when every folder can be left.
    public func unleavableFolders(_ paths: [RawPath]) -> [RawPath: UnleavableFolder] {
        var seen = Set<RawPath>(), refused: [RawPath: UnleavableFolder] = [:]
        for path in paths {
            let folder = path.parent
            guard seen.insert(folder).inserted else { continue }
            do {
                try operations.checkLeavable(folder)
            } catch where error.isNotFound {
                refused[folder] = UnleavableFolder(gone: true, words: "is gone since it was dealt (renamed, moved or unmounted)")
            } catch {
                refused[folder] = UnleavableFolder(gone: false, words: error.code == EROFS ? "is on a read-only file system"
                                                   : "cannot be left (\(error.reason)), as on a phone's own storage")
            }
        }
        return refused
    }
}

/// Why no file can leave a folder now.
public struct UnleavableFolder: Sendable, Equatable {
    /// The folder is not there any more (it may come back: renamed back, mounted again).
    public let gone: Bool
    /// Why, in words that follow "its folder F": "is on a read-only file system".
    public let words: String
}
