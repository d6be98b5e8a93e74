import Foundation

/// A video's poster frame, where ffmpeg is installed: one frame a second in (or the first, for a
/// shorter clip) written as a small JPEG in a temporary folder, for chafa to draw like a photo.
enum Poster {
    static let ffmpeg = Helpers.find("ffmpeg")

    /// The frame's path (made once per video and process), or nil without ffmpeg or on any failure.
    static func frame(of path: String, seconds: Double?, timeout: Double = 3) -> String? {
        guard let ffmpeg else { return nil }
        let folder = NSTemporaryDirectory() + "swipeclean-posters-\(getpid())"
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        let output = folder + "/\(UInt(bitPattern: path.hashValue)).jpg"
        if FileManager.default.fileExists(atPath: output) { return output }
        let at = (seconds ?? 0) > 2 ? "1" : "0"
        let process = Process()
        process.executableURL = URL(fileURLWithPath: ffmpeg)
        process.arguments = ["-nostdin", "-v", "error", "-ss", at, "-i", path, "-frames:v", "1", "-vf", "scale=640:-2", "-y", output]
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        do { try process.run() } catch { return nil }
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning && Date() < deadline { usleep(20_000) }
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
        return process.terminationStatus == 0 && FileManager.default.fileExists(atPath: output) ? output : nil
    }
}
