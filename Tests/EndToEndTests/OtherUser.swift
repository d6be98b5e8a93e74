import Foundation

/// Runs the built `clean` as a user who owns nothing in the test's home, for the permission cases: as root
/// (CI) through setpriv(1) as `nobody`, since root reads and writes everywhere; otherwise as the current user.
extension CleanBinary {
    func runAsOtherUser(_ arguments: [String], input: String? = nil, extraEnvironment: [String: String] = [:]) throws -> Run {
        let process = Process()
        if getuid() == 0 {
            // A copy in the open home: CI's clone lies in a folder only root may enter.
            chmod(home, 0o777)
            let copy = home + "/clean"
            if !FileManager.default.fileExists(atPath: copy) {
                try FileManager.default.copyItem(atPath: CleanBinary.executable.path, toPath: copy)
            }
            process.executableURL = URL(fileURLWithPath: "/usr/bin/setpriv")
            process.arguments = ["--reuid=65534", "--regid=65534", "--clear-groups", copy] + arguments
        } else {
            process.executableURL = CleanBinary.executable
            process.arguments = arguments
        }
        process.environment = environment.merging(extraEnvironment) { _, new in new }
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
}
