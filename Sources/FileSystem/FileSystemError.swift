#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A failed system call, with the operation and the path it was about, ready to show a person.
public struct FileSystemError: Error, Equatable, Sendable, CustomStringConvertible {
    public let operation: String
    public let path: RawPath
    public let code: Int32

    public init(_ operation: String, _ path: RawPath, code: Int32) {
        self.operation = operation
        self.path = path
        self.code = code
    }

    /// The error for the `errno` left by the call that just failed.
    public static func last(_ operation: String, _ path: RawPath) -> FileSystemError {
        FileSystemError(operation, path, code: errno)
    }

    /// The system's own words for the error, e.g. "No such file or directory".
    public var reason: String {
        if code == ELOOP { return "it, or a folder on the way to it, is a symbolic link (links are never followed)" }
        return String(cString: strerror(code))
    }

    public var description: String { "cannot \(operation) '\(path)': \(reason)" }

    public var isNotFound: Bool { code == ENOENT || code == ENOTDIR }
}
