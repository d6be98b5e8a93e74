import Dispatch
import Synchronization

/// Runs `work` on this thread and `other` on another meanwhile (a read beside a write: SQLite's WAL
/// lets a reader work while the writer does); returns what `other` returned once both are done.
/// `work`'s error is thrown first, after `other` has finished too.
func beside<T: Sendable>(_ other: @escaping @Sendable () throws -> T, _ work: () throws -> Void) throws -> T {
    let result = Mutex<Result<T, any Error>?>(nil)
    let done = DispatchGroup()
    DispatchQueue.global().async(group: done) { result.withLock { $0 = Result { try other() } } }
    defer { done.wait() }
    try work()
    done.wait()
    return try result.withLock { $0! }.get()
}
