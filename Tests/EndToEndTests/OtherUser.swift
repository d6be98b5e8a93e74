import Foundation

/// Runs the built `clean` as a user who owns nothing in the test's home, for the permission cases: as root
/// (CI) through setpriv(1) as `nobody`, since root reads and writes everywhere; otherwise as the current user.
extension CleanBinary {
    func runAsOtherUser(_ arguments: [String], input: String? = nil, extraEnvironment: [String: String] = [:]) throws -> Run {
        let environment = environment.merging(extraEnvironment) { _, new in new }
        guard getuid() == 0 else { return try launch(CleanBinary.executable, arguments, input: input, environment: environment) }
        // A copy in the open home: CI's clone lies in a folder only root may enter.
        chmod(home, 0o777)
        let copy = home + "/clean"
        if !FileManager.default.fileExists(atPath: copy) {
            try FileManager.default.copyItem(atPath: CleanBinary.executable.path, toPath: copy)
        }
        return try launch(URL(fileURLWithPath: "/usr/bin/setpriv"), ["--reuid=65534", "--regid=65534", "--clear-groups", copy] + arguments,
                          input: input, environment: environment)
    }
}
