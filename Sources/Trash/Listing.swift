import FileSystem
import Foundation

/// One entry of the trash: `files/NAME` with its `info/NAME.trashinfo`.
public struct TrashEntry: Sendable, Equatable {
    public var trashName: [UInt8]
    /// `Path=` from the `.trashinfo`: for display and matching, never trusted for a restore.
    public var originalPath: RawPath
    /// Bytes of the file, or of every regular file under a trashed directory.
    public var size: Int64
    public var isDirectory: Bool
    /// `DeletionDate=` as written, and the instant it names in the trash's time zone.
    public var deletionDate: String
    public var deletedAt: Date
}

/// Something in the trash that is not a well-formed entry; reported and skipped, never guessed at.
public struct TrashProblem: Error, Sendable, Equatable, CustomStringConvertible {
    public enum Kind: Sendable, Equatable {
        /// `info/NAME.trashinfo` whose `files/NAME` is gone (removed by hand, or a crash).
        case infoWithoutFile
        /// `files/NAME` with no `.trashinfo`: its original place is unknown, so it is left alone.
        case fileWithoutInfo
        /// A `.trashinfo` that could not be read.
        case unreadableInfo
        /// A `.trashinfo` that is not in the format (no group, no Path=, a bad date, bad escapes).
        case badInfo
        /// Something in `info/` that is not a `.trashinfo` file.
        case strayInInfo
    }

    public var kind: Kind
    public var trashName: [UInt8]
    public var detail: String

    public var description: String { "\(RawPath(bytes: trashName)): \(detail)" }
}

/// The trash's contents: good entries sorted by name, and everything else as problems.
public struct TrashListing: Sendable {
    public var entries: [TrashEntry] = []
    public var problems: [TrashProblem] = []
}

extension Trash {
    /// Every entry with its original path, size and deletion date, plus what is wrong; never throws.
    public func list() -> TrashListing {
        var listing = TrashListing()
        let suffix = Array(".trashinfo".utf8)
        var described = Set<[UInt8]>()
        do {
            for item in try operations.list(infoDirectory) {
                guard item.name.count > suffix.count, Array(item.name.suffix(suffix.count)) == suffix else {
                    listing.problems.append(TrashProblem(kind: .strayInInfo, trashName: item.name, detail: "is not a .trashinfo file; left alone"))
                    continue
                }
                let name = Array(item.name.dropLast(suffix.count))
                described.insert(name)
                if let outcome = entry(named: name) {
                    switch outcome {
                    case .success(let entry): listing.entries.append(entry)
                    case .failure(let problem): listing.problems.append(problem)
                    }
                }
            }
        } catch {
            listing.problems.append(TrashProblem(kind: .unreadableInfo, trashName: [], detail: "\(error)"))
        }
        do {
            for item in try operations.list(filesDirectory) where !described.contains(item.name) {
                listing.problems.append(TrashProblem(kind: .fileWithoutInfo, trashName: item.name,
                                                     detail: "is in files/ without a .trashinfo; its original place is unknown, left alone"))
            }
        } catch {
            listing.problems.append(TrashProblem(kind: .unreadableInfo, trashName: [], detail: "\(error)"))
        }
        listing.entries.sort { $0.trashName.lexicographicallyPrecedes($1.trashName) }
        listing.problems.sort { $0.trashName.lexicographicallyPrecedes($1.trashName) }
        return listing
    }

    /// The entry `name`, or the problem with it.
    func entry(named name: [UInt8]) -> Result<TrashEntry, TrashProblem>? {
        let bytes: [UInt8]
        do {
            bytes = try readSmallFile(infoPath(name))
        } catch {
            return .failure(TrashProblem(kind: .unreadableInfo, trashName: name, detail: "its .trashinfo cannot be read: \(error.reason)"))
        }
        let info: TrashInfo
        switch TrashInfo.parse(bytes) {
        case .success(let parsed): info = parsed
        case .failure(let error): return .failure(TrashProblem(kind: .badInfo, trashName: name, detail: "its .trashinfo \(error)"))
        }
        guard info.originalPath.isAbsolute else {
            return .failure(TrashProblem(kind: .badInfo, trashName: name, detail: "its .trashinfo has a relative Path="))
        }
        let status: FileStatus
        do {
            guard let found = try statusIfPresent(filePath(name)) else {
                return .failure(TrashProblem(kind: .infoWithoutFile, trashName: name, detail: "has a .trashinfo but no file in files/"))
            }
            status = found
        } catch {
            return .failure(TrashProblem(kind: .unreadableInfo, trashName: name, detail: "\(error)"))
        }
        let size = status.kind == .directory ? treeSize(filePath(name)) : (status.kind == .regular ? status.size : 0)
        let deletedAt = DeletionDate.parse(info.deletionDate, in: timeZone) ?? Date(timeIntervalSince1970: 0)
        return .success(TrashEntry(trashName: name, originalPath: info.originalPath, size: size,
                                   isDirectory: status.kind == .directory, deletionDate: info.deletionDate, deletedAt: deletedAt))
    }

    /// Bytes of the regular files under a directory, without following links.
    func treeSize(_ directory: RawPath) -> Int64 {
        guard let items = try? operations.list(directory) else { return 0 }
        var total: Int64 = 0
        for item in items {
            let path = directory.appending(item.name)
            guard let status = try? operations.status(path) else { continue }
            switch status.kind {
            case .regular: total += status.size
            case .directory: total += treeSize(path)
            case .symlink, .other: break
            }
        }
        return total
    }
}
