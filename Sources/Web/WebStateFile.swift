#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// `$SWIPECLEAN_HOME/web.json` while `clean web` runs: where the server is and the token that
/// opens its API to scripts (`Authorization: Bearer <apiToken>`). Readable by its owner only (0600
/// from its creation, never wider for an instant), and removed when the server stops.
public struct WebStateFile: Codable, Equatable, Sendable {
    public let url: String
    public let port: Int
    public let apiToken: String

    public init(url: String, port: Int, apiToken: String) {
        self.url = url
        self.port = port
        self.apiToken = apiToken
    }

    public static func path(home: String) -> String { home + "/web.json" }

    /// Writes the file: created 0600 under a temporary name beside it, then renamed over any left
    /// by a run that was killed.
    public func write(home: String) throws {
        let path = Self.path(home: home), temporary = path + ".\(getpid()).tmp"
        let data = try JSONEncoder.sorted.encode(self)
        let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw WebStateError("cannot create \(temporary): \(String(cString: strerror(errno)))") }
        let written = data.withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
        let synced = fsync(fd) == 0
        close(fd)
        guard written == data.count, synced, rename(temporary, path) == 0 else {
            unlink(temporary)
            throw WebStateError("cannot write \(path): \(String(cString: strerror(errno)))")
        }
    }

    /// Removes the file if it is still this run's (a second server on the same home may have replaced it).
    public func remove(home: String) {
        let path = Self.path(home: home)
        if (try? Self.read(home: home)) == self { unlink(path) }
    }

    /// The running server's file, or an error saying none is running.
    public static func read(home: String) throws -> WebStateFile {
        let path = Self.path(home: home)
        guard let data = FileManager.default.contents(atPath: path) else {
            throw WebStateError("no clean web is running for \(home) (\(path) is missing); start one with `clean web`")
        }
        guard let state = try? JSONDecoder().decode(WebStateFile.self, from: data) else {
            throw WebStateError("\(path) is not what clean web writes; stop any clean web and start it again")
        }
        return state
    }
}

public struct WebStateError: Error, CustomStringConvertible {
    public let description: String
    init(_ description: String) { self.description = description }
}

extension JSONEncoder {
    static var sorted: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }
}
