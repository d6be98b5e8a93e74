import Foundation

/// How many times longer than usual an end-to-end test waits for a screen or a process.
/// `make sanitize` sets `SWIPECLEAN_TEST_SLOWDOWN` (under AddressSanitizer or ThreadSanitizer
/// `clean` runs several times slower and the 5 s waits for a screen ran out); 1 otherwise.
enum Slowdown {
    static let factor: Double = {
        guard let text = ProcessInfo.processInfo.environment["SWIPECLEAN_TEST_SLOWDOWN"], let value = Double(text) else { return 1 }
        return max(1, value)
    }()
}
