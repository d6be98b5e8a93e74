import Foundation

/// Programs SwipeClean may call on when they are installed (chafa, xdg-open, ffmpeg).
public enum ExternalProgram {
    /// `command -v NAME`: the first executable NAME on PATH.
    public static func find(_ name: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").map { $0 + "/" + name }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }
}
