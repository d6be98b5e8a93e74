#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import FileSystem

/// For a similar photo: the photo its group keeps, as it was when the card was dealt. The copy
/// moves only while that photo still exists unchanged. Its bytes differ from the copy's by nature,
/// so it is checked like a duplicate's twin (reached without links, another file) but by size and
/// modification time instead of content.
public struct KeptPhoto: Sendable {
    public var path: RawPath
    public var expected: FileStatus

    public init(path: RawPath, expected: FileStatus) {
        self.path = path
        self.expected = expected
    }
}

extension Trash {
    /// Nil when `kept` is another regular file than `path`, reached without following a link,
    /// with the size and modification time it had when the card was dealt; otherwise why not.
    func checkKeptPhoto(_ kept: KeptPhoto, of path: RawPath) -> String? {
        guard kept.path != path else { return "'\(path)' names itself as the photo kept in its place; not moved" }
        let unsure = "'\(path)' might be the only picture of its kind left, not moved"
        do {
            let moving = try ReadableFile(reachedWithoutLinks: path)
            let file: ReadableFile
            do {
                file = try ReadableFile(reachedWithoutLinks: kept.path)
            } catch where error.isNotFound {
                return "the photo kept in its place, '\(kept.path)', is gone; \(unsure)"
            } catch where error.code == ELOOP {
                return "the photo kept in its place, '\(kept.path)', is a symbolic link or is reached through one now; \(unsure)"
            } catch where error.code == EINVAL {
                return "the photo kept in its place, '\(kept.path)', is no longer a regular file; \(unsure)"
            }
            let movingStatus = try moving.status(), keptStatus = try file.status()
            guard movingStatus.device != keptStatus.device || movingStatus.inode != keptStatus.inode else {
                return "the photo kept in its place, '\(kept.path)', is the same file as '\(path)'; not moved"
            }
            guard keptStatus.size == kept.expected.size, keptStatus.mtimeNanoseconds == kept.expected.mtimeNanoseconds else {
                return "the photo kept in its place, '\(kept.path)', changed since it was dealt (size or modification time); \(unsure)"
            }
            return nil
        } catch {
            return "the photo kept in its place could not be checked: \(error); '\(path)' not moved"
        }
    }
}
