import FileSystem
import Foundation

/// The real phone media in `Fixtures/corpus/media`, by name.
enum Corpus {
    static let media = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/corpus/media")

    static func path(_ name: String) -> RawPath { RawPath(media.appendingPathComponent(name).path) }
    static func bytes(_ name: String) throws -> [UInt8] { Array(try Data(contentsOf: media.appendingPathComponent(name))) }
}
