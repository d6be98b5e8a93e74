#if canImport(Glibc)
import Glibc
#endif
import FileSystem
import Foundation
import Keeping
import Library
import Media
import Scanning

extension AppContext {
    /// A scan of `roots` under the configuration: the state folder and the trash left out.
    package func scanRequest(_ roots: [RawPath], jobs: Int? = nil, crossFileSystems: Bool = false,
                             rehash: Bool = false, similar: Bool = true) -> ScanRequest {
        var options = ScanOptions(configuration.scan)
        if let jobs { options.jobs = jobs }
        if crossFileSystems { options.oneFileSystem = false }
        var request = ScanRequest(
            roots: roots, options: options, screenshotRules: ScreenshotRules(configuration.media),
            excluded: [RawPath(home), RawPath(trashDirectory)],
            now: now, calendar: calendar, rehash: rehash,
            similar: similar ? SimilarOptions(configuration.similar, quality: configuration.quality) : nil)
        request.keeper = KeeperRule(configuration.keep)   // the cards' rule: one kept copy for the index and the card
        return request
    }
}

/// A folder to scan as the user named it, resolved (links, `..`) to the folder it is.
package enum ScanRoot {
    package static func resolve(_ argument: String) throws -> RawPath {
        guard let resolved = realpath(argument, nil) else {
            throw CleanError("cannot scan '\(argument)': \(String(cString: strerror(errno)))")
        }
        defer { free(resolved) }
        let path = RawPath(bytes: Array(UnsafeBufferPointer(start: UnsafeRawPointer(resolved).assumingMemoryBound(to: UInt8.self),
                                                             count: strlen(resolved))))
        guard (try? linkStatus(path))?.kind == .directory else {
            throw CleanError("cannot scan '\(argument)': not a directory; give clean scan a folder")
        }
        return path
    }
}
