import Foundation

/// Runs a shell script as root of a private mount namespace (`unshare --mount --map-root-user`), so a
/// test may mount a tmpfs or bind a folder read-only without touching the machine's own mounts.
enum PrivateMounts {
    /// `script` run by /bin/sh with `arguments` as `$0 $1 …`, in `environment`; its exit status and output.
    static func run(_ script: String, _ arguments: [String] = [], environment: [String: String]) throws
        -> (status: Int32, stdout: String, stderr: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/unshare")
        process.arguments = ["--mount", "--map-root-user", "/bin/sh", "-c", script] + arguments
        process.environment = environment
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let stdout = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let stderr = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, stdout, stderr)
    }
}
