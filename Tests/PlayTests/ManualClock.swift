import Foundation

/// A clock that moves only when a test says so: play rules on time run without waiting.
final class ManualClock: Clock, @unchecked Sendable {
    struct Instant: InstantProtocol {
        var offset: Duration
        func advanced(by duration: Duration) -> Instant { Instant(offset: offset + duration) }
        func duration(to other: Instant) -> Duration { other.offset - offset }
        static func < (a: Instant, b: Instant) -> Bool { a.offset < b.offset }
    }

    private(set) var now = Instant(offset: .zero)
    var minimumResolution: Duration { .zero }

    func sleep(until deadline: Instant, tolerance: Duration?) async throws {
        if deadline > now { now = deadline }
    }

    func advance(by duration: Duration) { now = now.advanced(by: duration) }
}
