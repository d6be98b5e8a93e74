import Foundation
import FileSystem
import Media

/// Programs the terminal front-end may call on (chafa, xdg-open, ffmpeg): found on PATH, optional.
enum Helpers {
    /// `command -v NAME`: the first executable NAME on PATH.
    static func find(_ name: String) -> String? { ExternalProgram.find(name) }

    /// `o` on a card: the file in the desktop's own viewer (`xdg-open`), started and left to run on its
    /// own, its output discarded so it cannot draw over the game. The answer is the flash line's text.
    static func open(_ path: String, environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        // No desktop session: xdg-open would fall back to a terminal program or fail unseen.
        guard environment["DISPLAY"].map({ !$0.isEmpty }) ?? false || environment["WAYLAND_DISPLAY"].map({ !$0.isEmpty }) ?? false else {
            return "no desktop to open it in (no DISPLAY or WAYLAND_DISPLAY): Enter or z shows the picture here"
        }
        guard let xdgOpen = find("xdg-open") else { return "cannot open: xdg-open is not installed (apt-get install xdg-utils)" }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: xdgOpen)
        process.arguments = [path]
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        do { try process.run() } catch { return "cannot open: \(error.localizedDescription)" }
        return "opened in the desktop's viewer"
    }
}
