#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// A picture on the terminal, as chafa drew it.
enum Picture: Equatable {
    /// Lines of symbols (text with colour codes), placed like any other line.
    case symbols([String])
    /// A pixel protocol chafa found the terminal speaks (kitty, iTerm2, sixel): bytes written once
    /// at the cursor, covering `rows` lines.
    case graphics(String, rows: Int)

    var rows: Int {
        switch self {
        case .symbols(let lines): lines.count
        case .graphics(_, let rows): rows
        }
    }
}

/// A photo drawn by `chafa`, when it is installed: optional, and any failure (no chafa,
/// an unreadable file, a slow render) simply means no thumbnail.
enum Thumbnail {
    static let chafa = Helpers.find("chafa")

    /// How long a card waits for its picture before it is drawn without one: 1.5 s, or
    /// `SWIPECLEAN_PICTURE_SECONDS` (0.1…600) on a slow or busy machine, where chafa (and ffmpeg for
    /// a video's frame) can take longer and the card would otherwise show no picture.
    static let budget: Double = {
        guard let text = ProcessInfo.processInfo.environment["SWIPECLEAN_PICTURE_SECONDS"], let seconds = Double(text),
              seconds.isFinite else { return 1.5 }
        return min(600, max(0.1, seconds))
    }()

    /// The image at `path` fitted into `columns`×`rows` cells (its aspect kept), in the best format
    /// chafa detects for this terminal (kitty, iTerm2, sixel, else symbols), or symbols when `symbols` (to be
    /// laid beside others); plain symbols without colour when `color` is off. Nil when it cannot be drawn.
    static func render(_ path: String, columns: Int, rows: Int, color: Bool, symbols: Bool = false, timeout: Double = budget) -> Picture? {
        guard let chafa else { return nil }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: chafa)
        process.arguments = ["--size=\(columns)x\(rows)", "--animate=off", "--polite=on"]
            + (color ? (symbols ? ["--format=symbols"] : []) : ["--format=symbols", "--colors=none"]) + ["--", path]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        do { try process.run() } catch { return nil }
        let bytes = readAll(output.fileHandleForReading.fileDescriptor, until: Date().addingTimeInterval(timeout))
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
        guard let bytes, process.terminationReason == .exit, process.terminationStatus == 0 else { return nil }
        let text = String(decoding: bytes, as: UTF8.self)
        if ["\u{1B}P", "\u{1B}_G", "\u{1B}]1337;"].contains(where: text.contains) { return .graphics(text, rows: rows) }
        // Symbols: drop chafa's cursor show/hide and empty lines; each line is reset after it.
        let lines = text.replacingOccurrences(of: "\u{1B}[?25l", with: "").replacingOccurrences(of: "\u{1B}[?25h", with: "")
            .split(separator: "\n", omittingEmptySubsequences: false).map(String.init).filter { !$0.isEmpty }
        return lines.isEmpty ? nil : .symbols(lines)
    }

    /// Everything until end of file, or nil if it does not come before `deadline`.
    private static func readAll(_ fd: Int32, until deadline: Date) -> [UInt8]? {
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 16_384)
        var descriptor = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        while true {
            let left = deadline.timeIntervalSinceNow
            guard left > 0 else { return nil }
            let ready = poll(&descriptor, 1, Int32(left * 1000) + 1)
            if ready < 0 && errno == EINTR { continue }
            guard ready > 0 else { return nil }
            let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count >= 0 else { return nil }
            if count == 0 { return bytes }
            bytes += buffer[..<count]
        }
    }
}
