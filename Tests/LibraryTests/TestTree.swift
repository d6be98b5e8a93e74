import FileSystem
import Foundation
@testable import Library
@testable import Scanning

/// A throw-away directory for one test: files written into it, a database beside it.
final class TestTree {
    let root: String
    private(set) var database: LibraryDatabase!

    init() throws {
        root = NSTemporaryDirectory() + "swipeclean-library-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: root + "/photos", withIntermediateDirectories: true)
        database = try LibraryDatabase(path: root + "/library.sqlite")
    }

    deinit { try? FileManager.default.removeItem(atPath: root) }

    var photos: String { root + "/photos" }

    /// Writes `data` at `relative` below photos/, creating folders.
    @discardableResult
    func write(_ relative: String, _ data: Data) throws -> String {
        let path = photos + "/" + relative
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try data.write(to: URL(fileURLWithPath: path))
        return path
    }

    /// Copies a file of the corpus of real phone media (`Fixtures/corpus/media`) to `relative` below photos/.
    @discardableResult
    func copyCorpus(_ name: String, to relative: String) throws -> String {
        try write(relative, try Data(contentsOf: URL(fileURLWithPath: Self.corpus + "/" + name)))
    }

    static let corpus: String = {
        let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        return packageRoot.appendingPathComponent("Fixtures/corpus/media").path
    }()

    /// The real clock: the copies' mtimes (the fallback date of undated files) must not lie in the future.
    static let now = Date()

    static var calendar: Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar
    }

    func scan(rehash: Bool = false, options: ScanOptions = .defaults) throws -> ScanReport {
        try database.scan(ScanRequest(roots: [RawPath(photos)], options: options, now: Self.now,
                                      calendar: Self.calendar, rehash: rehash))
    }

    func items(_ filter: ItemFilter = .all) throws -> [ItemRecord] {
        var items: [ItemRecord] = []
        try database.forEachItem(filter, thresholds: Thresholds(options: .defaults, now: Self.now, calendar: Self.calendar)) {
            items.append($0)
        }
        return items
    }

    func item(_ relative: String) throws -> ItemRecord? {
        try items().first { $0.rawPath == RawPath(photos + "/" + relative) }
    }
}

/// Random bytes of a given length behind a JPEG's first marker: content that cannot collide by
/// chance, typed a photo by libmagic (the game's duplicates are photos and videos only), never
/// decoded (the picture that follows is noise).
func randomData(_ count: Int) -> Data {
    let head: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x10, 0x4A, 0x46, 0x49, 0x46, 0x00, 0x01]
    return Data(head.prefix(count) + (0..<max(0, count - head.count)).map { _ in UInt8.random(in: 0...255) })
}
