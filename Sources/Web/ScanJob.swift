import App
import Foundation
import Library
import Scanning

/// A scan of the folders scanned before, started from the pages (a phone has no command line): one at a
/// time, on a thread of its own, its progress read by the page while it runs.
final class ScanJob: @unchecked Sendable {
    private let lock = NSLock()
    private var running = false
    private var progress: ScanProgress?
    private var folders: [String] = []
    /// The last scan's `clean scan --json` document, or why it failed.
    private var last: ScanDocument?
    private var failure: String?

    var isRunning: Bool { lock.withLock { running } }

    /// Starts `scan` over `folders` unless one runs already (false then).
    func start(_ folders: [String], scan: @escaping @Sendable (@escaping @Sendable (ScanProgress) -> Void) throws -> ScanDocument) -> Bool {
        let started = lock.withLock { () -> Bool in
            guard !running else { return false }
            running = true
            progress = nil
            failure = nil
            self.folders = folders
            return true
        }
        guard started else { return false }
        Thread.detachNewThread {
            let outcome = Result { try scan { progress in self.lock.withLock { self.progress = progress } } }
            self.lock.withLock {
                self.running = false
                switch outcome {
                case .success(let document): self.last = document
                case .failure(let error): self.failure = (error as? WebError ?? WebError.unexpected(error, doing: "a scan")).description
                }
            }
        }
        return true
    }

    /// Where the scan stands, for `GET /api/v1/scan`.
    func state(folders known: [String]) -> ScanState {
        lock.withLock {
            ScanState(running: running, scanning: folders, progress: running ? progress : nil, last: last, error: failure, folders: known)
        }
    }
}

/// `GET /api/v1/scan`: running or not, its phase and counts while it runs, the folders it walks, the
/// last scan's document and the last failure (each left out when there is none), the folders known.
struct ScanState: Encodable {
    let running: Bool
    let scanning: [String]
    let progress: ScanProgress?
    let last: ScanDocument?
    let error: String?
    let folders: [String]

    private enum Keys: String, CodingKey { case running, scanning, phase, done, total, last, error, folders }

    func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: Keys.self)
        try c.encode(running, forKey: .running)
        try c.encode(scanning, forKey: .scanning)
        if let progress {
            try c.encode(progress.phase.rawValue, forKey: .phase)
            try c.encode(progress.done, forKey: .done)
            try c.encodeIfPresent(progress.total, forKey: .total)
        }
        if let last { try c.encode(last, forKey: .last) }
        if let error { try c.encode(error, forKey: .error) }
        try c.encode(folders, forKey: .folders)
    }
}

/// `POST /api/v1/scan`'s answer: the scan started over these folders.
struct ScanStarted: Encodable {
    let running = true
    let scanning: [String]
}
