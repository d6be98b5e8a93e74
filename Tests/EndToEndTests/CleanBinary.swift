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

    /// Runs `executable` with `arguments`, writes `input` to its stdin, and collects its output and status.
    func launch(_ executable: URL, _ arguments: [String], input: String?, environment: [String: String]) throws -> Run {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.environment = environment
        let out = Pipe(), err = Pipe(), inPipe = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = inPipe
        try process.run()
        if let input { inPipe.fileHandleForWriting.write(Data(input.utf8)) }
        try inPipe.fileHandleForWriting.close()
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        let stderr = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Run(status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self),
                   stderr: String(decoding: stderr, as: UTF8.self))
    }

    /// Parses the stdout of a `--json` run.
    static func object(_ run: Run) throws -> [String: Any] {
        try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any] ?? [:]
    }
}
