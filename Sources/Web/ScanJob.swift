import Foundation
import Library

/// A scan of the folders scanned before, started from the pages (a phone has no command line): one at a
/// time, on a thread of its own, its progress read by the page while it runs.
final class ScanJob: @unchecked Sendable {
    private let lock = NSLock()
    private var running = false
    private var progress: ScanProgress?
    private var folders: [String] = []
    /// The last scan's `clean scan --json` document, or why it failed.
    private var last: String?
    private var failure: String?

    var isRunning: Bool { lock.withLock { running } }

    /// Starts `scan` over `folders` unless one runs already (false then).
    func start(_ folders: [String], scan: @escaping @Sendable (@escaping @Sendable (ScanProgress) -> Void) throws -> String) -> Bool {
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

    /// Where the scan stands, for `GET /api/v1/scan`: running or not, its phase and counts, the folders it
    /// walks, the last scan's document and the last failure.
    func state() -> [String: Any] {
        lock.withLock {
            var state: [String: Any] = ["running": running, "scanning": folders]
            if running, let progress {
                state["phase"] = progress.phase.rawValue
                state["done"] = progress.done
                state["total"] = progress.total as Any? ?? NSNull()
            }
            if let last, let object = try? JSONSerialization.jsonObject(with: Data(last.utf8)) { state["last"] = object }
            if let failure { state["error"] = failure }
            return state
        }
    }
}
