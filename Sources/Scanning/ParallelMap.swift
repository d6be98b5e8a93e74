import Dispatch
import Synchronization

/// Maps `items` on `jobs` threads, each with its own worker state (a libmagic handle is not
/// thread-safe, so every thread makes its own), handing out items one by one so a slow file
/// does not hold up the others. Results keep the order of `items`.
func parallelMap<Item: Sendable, Worker, Output: Sendable>(
    _ items: [Item],
    jobs: Int,
    makeWorker: @Sendable () throws -> Worker,
    progress: @Sendable (Int) -> Void = { _ in },
    _ transform: @Sendable (inout Worker, Item) -> Output
) throws -> [Output] {
    guard !items.isEmpty else { return [] }
    let threads = max(1, min(jobs, items.count))
    let next = Atomic<Int>(0)
    let done = Atomic<Int>(0)
    let failure = Mutex<(any Error)?>(nil)
    let slots = ResultSlots<Output>(count: items.count)
    DispatchQueue.concurrentPerform(iterations: threads) { _ in
        var worker: Worker
        do { worker = try makeWorker() } catch {
            failure.withLock { $0 = error }
            return
        }
        while true {
            let index = next.add(1, ordering: .relaxed).oldValue
            guard index < items.count else { return }
            slots.set(index, transform(&worker, items[index]))
            let finished = done.add(1, ordering: .relaxed).newValue
            if finished % 256 == 0 { progress(finished) }
        }
    }
    if let error = failure.withLock({ $0 }) { throw error }
    return slots.collect()
}

/// Write-once result storage: each index is written by exactly one thread, read after all join.
private final class ResultSlots<Output>: @unchecked Sendable {
    private let storage: UnsafeMutableBufferPointer<Output?>
    init(count: Int) {
        storage = .allocate(capacity: count)
        storage.initialize(repeating: nil)
    }
    deinit {
        storage.deinitialize()
        storage.deallocate()
    }
    func set(_ index: Int, _ value: Output) { storage[index] = value }
    func collect() -> [Output] { storage.map { $0! } }
}
