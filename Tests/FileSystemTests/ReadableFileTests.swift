import FileSystem
import Foundation
import Testing

/// Reading a file's head with the size the walk saw: the same bytes whatever that size says.
@Suite struct ReadableFileTests {
    /// A file of `count` bytes 0, 1, 2, …, read into a buffer of `capacity` with the size hint `size`.
    func read(_ count: Int, capacity: Int, size: Int64?) throws -> [UInt8] {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("readable-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let content = (0..<count).map { UInt8(truncatingIfNeeded: $0) }
        try Data(content).write(to: URL(fileURLWithPath: path))
        var buffer = [UInt8](repeating: 0xAA, count: capacity)
        let filled = try ReadableFile(RawPath(path)).read(at: 0, into: &buffer, size: size)
        #expect(Array(buffer.prefix(filled)) == Array(content.prefix(capacity)))
        return Array(buffer.prefix(filled))
    }

    /// The hint right, too small (the file grew since it was seen), too large (it shrank), absent;
    /// files smaller than the buffer, as large, and larger.
    @Test(arguments: [0, 1, 3000, 4096, 5000])
    func theHeadIsTheFilesWhateverTheSizeHintSays(count: Int) throws {
        for size in [Int64(count), Int64(count / 2), Int64(count) + 100, nil] {
            #expect(try read(count, capacity: 4096, size: size).count == min(count, 4096), "hint \(String(describing: size))")
        }
    }
}
