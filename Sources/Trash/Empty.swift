import FileSystem
import Foundation

/// What emptying the trash deleted for good, and what it left.
public struct PurgeReport: Sendable {
    public struct Purged: Sendable, Equatable {
        public var entry: TrashEntry
        public var bytes: Int64
    }

    /// Entries deleted for good, with the bytes each freed.
    public var purged: [Purged] = []
    /// `.trashinfo` files removed because their file was already gone (removed by hand).
    public var cleanedInfos: [[UInt8]] = []
    /// Entries that could not be deleted, and trash contents left alone (a file without info).
    public var problems: [TrashProblem] = []

    public var bytesPurged: Int64 { purged.reduce(0) { $0 + $1.bytes } }
}

extension Trash {
    /// Deletes for good every entry deleted before `cutoff` (every entry when nil): the only
    /// place user data is unlinked. Directories in `files/` go recursively. The file goes first,
    /// then its `.trashinfo`, so an interruption leaves an info without file, cleaned next time.
    public func empty(olderThan cutoff: Date?) -> PurgeReport {
        let listing = list()
        var report = PurgeReport()
        for entry in listing.entries where cutoff.map({ entry.deletedAt < $0 }) ?? true {
            do {
                try removeTree(filePath(entry.trashName))
                try operations.synchronizeDirectory(filesDirectory)
                try removeIfPresent(infoPath(entry.trashName))
                try operations.synchronizeDirectory(infoDirectory)
                report.purged.append(.init(entry: entry, bytes: entry.size))
            } catch {
                report.problems.append(TrashProblem(kind: .unreadableInfo, trashName: entry.trashName, detail: "could not be deleted: \(error)"))
            }
        }
        for problem in listing.problems {
            guard problem.kind == .infoWithoutFile else {
                report.problems.append(problem)
                continue
            }
            do {
                try removeIfPresent(infoPath(problem.trashName))
                report.cleanedInfos.append(problem.trashName)
            } catch {
                report.problems.append(TrashProblem(kind: .unreadableInfo, trashName: problem.trashName, detail: "\(error)"))
            }
        }
        if !report.cleanedInfos.isEmpty { try? operations.synchronizeDirectory(infoDirectory) }
        return report
    }

    /// Deletes every entry for good.
    public func emptyAll() -> PurgeReport { empty(olderThan: nil) }

    /// Unlinks a file, or a directory and everything under it (links are removed, not followed).
    func removeTree(_ path: RawPath) throws(FileSystemError) {
        guard let status = try statusIfPresent(path) else { return }
        if status.kind == .directory {
            for item in try operations.list(path) { try removeTree(path.appending(item.name)) }
            try operations.removeDirectory(path)
        } else {
            try operations.unlink(path)
        }
    }
}
