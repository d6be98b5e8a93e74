import Foundation
import Testing

/// A Python script of the repository's tests (`Tests/Browser`, `Tests/Load`) run on the built binary.
enum PythonScript {
    /// Runs `path` (from the package root) with `arguments`: it must exit 0 within `seconds` (times the
    /// slowdown), its output being the failure message otherwise. Its output.
    @discardableResult
    static func run(_ path: String, _ arguments: [String], within seconds: Double) throws -> String {
        let python = "/usr/bin/python3"
        try #require(FileManager.default.isExecutableFile(atPath: python),
                     "Debian's python3 is missing: sudo apt-get install -y python3 python3-selenium chromium chromium-driver (or make setup)")
        let name = (path as NSString).lastPathComponent
        let process = Process()
        process.executableURL = URL(fileURLWithPath: python)
        // -B: no __pycache__ beside the scripts (CI checks that a test leaves the checkout as it was cloned).
        process.arguments = ["-B", WebBrowserTests.packageRoot.appendingPathComponent(path).path] + arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let limit = seconds * Slowdown.factor
        let watchdog = Watchdog(process, after: limit)
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        watchdog.cancel()
        #expect(!watchdog.fired, "\(name) did not finish within \(Int(limit)) s (killed): \(text.suffix(2_000))")
        #expect(process.terminationStatus == 0, "\(name): \(text)")
        return text
    }
}
