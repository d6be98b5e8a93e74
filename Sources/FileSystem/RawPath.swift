/// A file path as the exact bytes the kernel knows it by.
///
/// Photo libraries hold names that are not valid UTF-8 (old cameras, Windows shares, broken
/// backups). A Swift `String` would repair them and we could never find the file again, so
/// paths travel as bytes and are turned into text only for display.
public struct RawPath: Hashable, Sendable, Comparable, CustomStringConvertible {
    public private(set) var bytes: [UInt8]

    public init(bytes: [UInt8]) { self.bytes = bytes }
    public init(_ string: String) { self.bytes = Array(string.utf8) }

    /// Human-readable form: invalid UTF-8 bytes are shown as U+FFFD, control characters escaped
    /// as `ls` shows them (`\n`, `\033`; see `escapingControlCharacters`). Never use it to open a file.
    public var description: String { escapingControlCharacters(String(decoding: bytes, as: UTF8.self)) }

    /// The exact text when the bytes are valid UTF-8, nil otherwise.
    public var exactString: String? { String(validating: bytes, as: UTF8.self) }

    public var isAbsolute: Bool { bytes.first == UInt8(ascii: "/") }

    /// The last component (the file name), as bytes.
    public var lastComponent: [UInt8] {
        guard let slash = bytes.lastIndex(of: UInt8(ascii: "/")) else { return bytes }
        return Array(bytes[(slash + 1)...])
    }

    /// The directory that holds this path ("/" for a top-level entry, "." for a bare name).
    public var parent: RawPath {
        guard let slash = bytes.lastIndex(of: UInt8(ascii: "/")) else { return RawPath(".") }
        if slash == 0 { return RawPath("/") }
        return RawPath(bytes: Array(bytes[..<slash]))
    }

    public func appending(_ component: [UInt8]) -> RawPath {
        var result = bytes
        if result.last != UInt8(ascii: "/") { result.append(UInt8(ascii: "/")) }
        result.append(contentsOf: component)
        return RawPath(bytes: result)
    }

    public func appending(_ component: String) -> RawPath { appending(Array(component.utf8)) }

    /// Calls `body` with a NUL-terminated copy of the path for a system call.
    public func withCString<T>(_ body: (UnsafePointer<CChar>) throws -> T) rethrows -> T {
        var terminated = bytes.map { CChar(bitPattern: $0) }
        terminated.append(0)
        return try terminated.withUnsafeBufferPointer { try body($0.baseAddress!) }
    }

    public static func < (lhs: RawPath, rhs: RawPath) -> Bool { lhs.bytes.lexicographicallyPrecedes(rhs.bytes) }
}
