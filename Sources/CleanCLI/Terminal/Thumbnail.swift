#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// A photo drawn in text by `chafa`, when it is installed: optional, and any failure (no chafa,
/// an unreadable file, a slow render) simply means no thumbnail.
enum Thumbnail {
    /// `command -v chafa`: the first executable `chafa` on PATH.
    static let chafa: String? = {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").map { $0 + "/chafa" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }()

    /// The lines of a `columns`×`rows` rendering of the image at `path`, or nil.
    static func render(_ path: String, columns: Int = 40, rows: Int = 20, color: Bool, timeout: Double = 1.5) -> [String]? {
        guard let chafa else { return nil }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: chafa)
        process.arguments = ["--size=\(columns)x\(rows)", "--format=symbols", "--animate=off", "--polite=on",
                             color ? "--colors=256" : "--colors=none", "--", path]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        do { try process.run() } catch { return nil }
        let bytes = readAll(output.fileHandleForReading.fileDescriptor, until: Date().addingTimeInterval(timeout))
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
        guard let bytes, process.terminationReason == .exit, process.terminationStatus == 0 else { return nil }
        let lines = String(decoding: bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
            .map(String.init).filter { !$0.isEmpty }
        return lines.isEmpty ? nil : lines
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
