import FileSystem
import Foundation
import Testing
@testable import Media

/// One Inspector per thread, as the scanner runs them: same answers as one thread alone.
@Suite struct ConcurrencyTests {
    @Test func twoThreadsAgreeWithOne() throws {
        let paths = Fixtures.corpusNames.map { RawPath(Fixtures.media.appendingPathComponent($0).path) }
        let now = Date(timeIntervalSince1970: 2_000_000_000)
        let serial = try Inspector()
        let expected = try paths.map { try serial.inspect($0, now: now) }

        let results = Results()
        DispatchQueue.concurrentPerform(iterations: 2) { worker in
            guard let inspector = try? Inspector() else { return }
            var mine: [MediaInfo?] = []
            for _ in 0..<10 { mine = paths.map { try? inspector.inspect($0, now: now) } }
            results.store(mine, for: worker)
        }
        for worker in results.all { #expect(worker == expected.map { Optional($0) }) }
    }

    /// What each worker found, behind a lock (Mutex needs macOS 15; the package supports 13).
    final class Results: @unchecked Sendable {
        private let lock = NSLock()
        private var values: [[MediaInfo?]] = [[], []]
        func store(_ value: [MediaInfo?], for worker: Int) { lock.withLock { values[worker] = value } }
        var all: [[MediaInfo?]] { lock.withLock { values } }
    }
}
