import FileSystem
import Foundation

/// A video's poster frame, where `ffmpeg` is installed (an optional program found on PATH): one
/// frame a second in (the first, for a clip of 2 s or less), scaled to `width` pixels wide, as
/// JPEG bytes. The terminal draws it with chafa; the web app shows it for a video the browser
/// cannot play (HEVC in a MOV, for one).
public enum VideoPoster {
    public static let ffmpeg = ExternalProgram.find("ffmpeg")

    /// The frame, or nil without ffmpeg, past `timeout` seconds (ffmpeg is stopped) or on any failure.
    public static func jpeg(of path: RawPath, width: Int = 640, timeout: Double = 5) -> [UInt8]? {
        guard let ffmpeg, let input = path.exactString, path.isAbsolute else { return nil }
        let at = (MovieDuration.seconds(of: path) ?? 0) > 2 ? "1" : "0"
        let output = NSTemporaryDirectory() + "swipeclean-poster-\(getpid())-\(UUID().uuidString).jpg"
        defer { try? FileManager.default.removeItem(atPath: output) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: ffmpeg)
        process.arguments = ["-nostdin", "-v", "error", "-ss", at, "-i", input, "-frames:v", "1", "-vf", "scale=\(width):-2",
                             "-update", "1", "-y", output]
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        do { try process.run() } catch { return nil }
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning && Date() < deadline { usleep(20_000) }
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
        guard process.terminationReason == .exit, process.terminationStatus == 0,
              let bytes = FileManager.default.contents(atPath: output), bytes.starts(with: [0xFF, 0xD8]) else { return nil }
        return Array(bytes)
    }
}
