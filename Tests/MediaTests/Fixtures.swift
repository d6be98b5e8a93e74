import FileSystem
import Foundation

/// Where the corpus of real phone media lives (`Fixtures/corpus` in the repository) and temp-file helpers.
enum Fixtures {
    static let packageRoot: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let corpus = packageRoot.appendingPathComponent("Fixtures/corpus")
    static let media = corpus.appendingPathComponent("media")

    struct Expected: Decodable {
        var mime: String
        var kind: String
        var capturedAt: String?
        var dateTag: String?
        var make: String?
        var model: String?
    }

    /// The reference answers (empty when `expected.json` is missing: `corpusIsPresent` then fails).
    static let expected: [String: Expected] = {
        guard let data = try? Data(contentsOf: corpus.appendingPathComponent("expected.json")),
              let decoded = try? JSONDecoder().decode([String: Expected].self, from: data) else { return [:] }
        return decoded
    }()

    static var corpusNames: [String] { expected.keys.sorted() }

    /// A fresh temporary directory, removed by the caller with `remove`.
    static func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("media-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// Writes `bytes` to `name` inside `directory` (creating subfolders) and returns its path.
    @discardableResult
    static func write(_ bytes: [UInt8], _ name: String, in directory: URL, mtime: Date? = nil) throws -> RawPath {
        let url = directory.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(bytes).write(to: url)
        if let mtime { try FileManager.default.setAttributes([.modificationDate: mtime], ofItemAtPath: url.path) }
        return RawPath(url.path)
    }

    static func bytes(ofCorpusFile name: String) throws -> [UInt8] {
        Array(try Data(contentsOf: media.appendingPathComponent(name)))
    }
}
