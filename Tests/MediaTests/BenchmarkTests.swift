import FileSystem
import Foundation
import Testing
@testable import Media

/// Throughput over a directory tree, only when MEDIA_BENCH names one (run with `-c release`).
@Suite struct BenchmarkTests {
    @Test(.enabled(if: ProcessInfo.processInfo.environment["MEDIA_BENCH"] != nil))
    func inspectThroughput() throws {
        let root = ProcessInfo.processInfo.environment["MEDIA_BENCH"]!
        let files = FileManager.default.enumerator(atPath: root)!.compactMap { $0 as? String }
            .map { root + "/" + $0 }.filter { (try? linkStatus(RawPath($0)).kind) == .regular }
        let inspector = try Inspector()
        let now = Date()
        let start = Date()
        var photos = 0
        for file in files {
            let path = RawPath(file)
            let info = try inspector.inspect(path, status: linkStatus(path), now: now)
            if info.kind == .photo { photos += 1 }
        }
        let elapsed = Date().timeIntervalSince(start)
        print("BENCH \(files.count) files, \(photos) photos, \(elapsed) s, \(elapsed / Double(files.count) * 1e6) µs/file")
    }

    @Test(.enabled(if: ProcessInfo.processInfo.environment["MEDIA_BENCH_HASH"] != nil))
    func fullHashThroughput() throws {
        let path = RawPath(ProcessInfo.processInfo.environment["MEDIA_BENCH_HASH"]!)
        let size = try linkStatus(path).size
        for _ in 0..<3 {
            let start = Date()
            let hash = try ContentHash.full(path)
            let elapsed = Date().timeIntervalSince(start)
            print("BENCH hash \(hash) \(size) bytes in \(elapsed) s = \(Double(size) / elapsed / 1e9) GB/s")
        }
    }
}
