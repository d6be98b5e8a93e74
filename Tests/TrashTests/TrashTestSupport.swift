#if canImport(Glibc)
import Glibc
#endif
import FileSystem
import Foundation
import Testing
@testable import Trash

/// A fresh directory under `base`, removed when released.
final class TemporaryDirectory {
    let path: RawPath

    init(in base: String = NSTemporaryDirectory()) throws {
        var template = Array((base.hasSuffix("/") ? base : base + "/").utf8CString.dropLast()) + Array("swipeclean-trash-XXXXXX".utf8CString)
        guard let made = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) else {
            throw FileSystemError.last("create temporary directory", RawPath(base))
        }
        path = RawPath(String(cString: made))
    }

    deinit { try? FileManager.default.removeItem(atPath: path.description) }

    func callAsFunction(_ relative: String) -> RawPath { path.appending(relative) }
}

func write(_ path: RawPath, _ bytes: [UInt8]) throws {
    try FileManager.default.createDirectory(atPath: path.parent.description, withIntermediateDirectories: true)
    let fd = path.withCString { open($0, O_WRONLY | O_CREAT | O_TRUNC, 0o644) }
    guard fd >= 0 else { throw FileSystemError.last("create", path) }
    defer { close(fd) }
    let wrote = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
    guard wrote == bytes.count else { throw FileSystemError.last("write", path) }
}

func write(_ path: RawPath, _ text: String) throws { try write(path, Array(text.utf8)) }

/// All bytes of a regular file, nil when there is none.
func contents(_ path: RawPath) -> [UInt8]? {
    guard let file = try? ReadableFile(path), let size = try? file.status().size else { return nil }
    return try? file.read(at: 0, count: Int(size) + 1)
}

func request(_ id: Int64, _ path: RawPath, linked: [RawPath] = [], twin: RawPath? = nil) throws -> MoveRequest {
    MoveRequest(itemID: id, path: path, expected: try linkStatus(path),
                linked: try linked.map { MoveRequest.LinkedFile(path: $0, expected: try linkStatus($0)) }, twin: twin)
}

let utc = TimeZone(identifier: "UTC")!
/// 2026-03-02T18:30:00Z.
let fixedNow = Date(timeIntervalSince1970: 1_772_476_200)

func makeTrash(_ root: RawPath, operations: FileOperations = SystemFileOperations(), forceCopy: Bool = false,
               now: @escaping () -> Date = { fixedNow }) throws -> Trash {
    try Trash(root: root, operations: operations, timeZone: utc, now: now, forceCopy: forceCopy)
}

extension MoveResult {
    var entries: [MovedEntry] {
        if case .moved(_, let entries, _) = self { return entries }
        return []
    }

    /// Why nothing of the card moved (skipped for good, or deferred: it may move later).
    var skipReason: String? {
        switch self {
        case .skipped(_, let reason), .deferred(_, let reason): reason
        case .moved: nil
        }
    }
}

/// A directory on another file system than the system temporary directory, if there is one:
/// /dev/shm (a tmpfs), else a tmpfs mounted for the purpose. Nil when neither is possible.
func otherFileSystemBase() -> String? {
    var tmp = stat()
    var shm = stat()
    guard stat(NSTemporaryDirectory(), &tmp) == 0 else { return nil }
    if stat("/dev/shm", &shm) == 0, shm.st_dev != tmp.st_dev, access("/dev/shm", W_OK) == 0 { return "/dev/shm" }
    return nil
}
