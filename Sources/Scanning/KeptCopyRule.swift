import Foundation
import Library

/// Which copy of a duplicate group is kept by default. Deterministic, in this order:
/// 1. a copy in a camera folder (a path with a `DCIM` or `Camera` directory) before one elsewhere
///    (backups, downloads, chat exports);
/// 2. then the oldest capture date (a copy with no date last);
/// 3. then the shortest path;
/// 4. then the path that sorts first byte by byte.
enum KeptCopyRule {
    struct Copy {
        let id: Int64
        let path: Data
        let capturedEpoch: Double?
    }

    static func kept(_ copies: [Copy]) -> Copy {
        copies.min(by: precedes)!
    }

    static func precedes(_ a: Copy, _ b: Copy) -> Bool {
        let cameraA = isInCameraFolder(a.path), cameraB = isInCameraFolder(b.path)
        if cameraA != cameraB { return cameraA }
        switch (a.capturedEpoch, b.capturedEpoch) {
        case let (x?, y?) where x != y: return x < y
        case (.some, nil): return true
        case (nil, .some): return false
        default: break
        }
        if a.path.count != b.path.count { return a.path.count < b.path.count }
        return a.path.lexicographicallyPrecedes(b.path)
    }

    private static let cameraFolders: [[UInt8]] = ["/DCIM/", "/Camera/"].map { Array($0.utf8) }

    static func isInCameraFolder(_ path: Data) -> Bool {
        let bytes = [UInt8](path)
        return cameraFolders.contains { folder in
            bytes.indices.contains { bytes[$0...].starts(with: folder) }
        }
    }
}
