import Foundation

/// Runs the built `clean` binary in a throw-away home, as a user or a script would.
struct CleanBinary {
    struct Run {
        let status: Int32
        let stdout: String
        let stderr: String
    }

    let home: String
    var environment: [String: String]

    init() throws {
        home = NSTemporaryDirectory() + "swipeclean-e2e-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
        environment = [
            "SWIPECLEAN_HOME": home + "/state", "XDG_CONFIG_HOME": home + "/config", "HOME": home,
            "TZ": "UTC", "NO_COLOR": "1", "PATH": "/usr/bin:/bin",
            // A card's picture waits for chafa (and ffmpeg) this long: the suite runs many
            // processes on two cores, where 1.5 s has not always been enough for a video's frame.
            "SWIPECLEAN_PICTURE_SECONDS": String(Int(30 * Slowdown.factor)),
        ]
    }

    func removeHome() { try? FileManager.default.removeItem(atPath: home) }

    /// The binary built next to this test bundle (`swift build` puts both in .build/debug).
    static let executable: URL = {
        var directory = Bundle.main.bundleURL
        for _ in 0..<4 {
            let candidate = directory.appendingPathComponent("clean")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            directory = directory.deletingLastPathComponent()
        }
        let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        return packageRoot.appendingPathComponent(".build/debug/clean")
    }()

    static let corpus: String = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fixtures/corpus/media").path

    @discardableResult
    func run(_ arguments: [String], input: String? = nil) throws -> Run {
        try launch(Self.executable, arguments, input: input, environment: environment)
    }

    /// How long one run may take before it is killed and the test fails (a hang must fail, not stall CI).
    static var timeout: Double { 300 * Slowdown.factor }

    /// A run that did not finish within `CleanBinary.timeout`.
    struct Hung: Error, CustomStringConvertible {
        let arguments: [String]
        let stderr: String
        var description: String { "clean \(arguments.joined(separator: " ")) did not finish within \(Int(CleanBinary.timeout)) s (killed); stderr: \(stderr.suffix(2_000))" }
    }

    /// Runs `executable` with `arguments`, writes `input` to its stdin, and collects its output and status;
    /// a run still going after `timeout` seconds is killed and thrown as `Hung`.
    func launch(_ executable: URL, _ arguments: [String], input: String?, environment: [String: String],
                timeout: Double = CleanBinary.timeout) throws -> Run {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.environment = environment
        let out = Pipe(), err = Pipe(), inPipe = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = inPipe
        try process.run()
        let watchdog = Watchdog(process, after: timeout)
        if let input { inPipe.fileHandleForWriting.write(Data(input.utf8)) }
        try inPipe.fileHandleForWriting.close()
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        let stderr = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        watchdog.cancel()
        let run = Run(status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self),
                      stderr: String(decoding: stderr, as: UTF8.self))
        if watchdog.fired { throw Hung(arguments: arguments, stderr: run.stderr) }
        return run
    }

    /// Parses the stdout of a `--json` run.
    static func object(_ run: Run) throws -> [String: Any] {
        try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any] ?? [:]
    }
}

/// Kills a process that outlives its time (SIGTERM, then SIGKILL two seconds later), and says so.
final class Watchdog: @unchecked Sendable {
    private let lock = NSLock()
    private var done = false
    private var killed = false

    init(_ process: Process, after seconds: Double) {
        let pid = process.processIdentifier
        DispatchQueue.global().asyncAfter(deadline: .now() + seconds) { [self] in
            guard lock.withLock({ !done }) else { return }
            lock.withLock { killed = true }
            kill(pid, SIGTERM)
            DispatchQueue.global().asyncAfter(deadline: .now() + 2) { [self] in
                if lock.withLock({ !done }) { kill(pid, SIGKILL) }
            }
        }
    }

    func cancel() { lock.withLock { done = true } }
    var fired: Bool { lock.withLock { killed } }
}
