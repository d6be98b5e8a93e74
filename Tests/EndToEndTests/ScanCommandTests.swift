import Foundation
import Testing

@Suite struct ScanCommandTests {
    @Test func scanningTheCorpusGivesTheDesignFieldsAndAJSONLineForEveryItem() throws {
        let clean = try CleanBinary()
        defer { clean.removeHome() }
        let library = clean.home + "/library"
        try FileManager.default.copyItem(atPath: CleanBinary.corpus, toPath: library)
        let scan = try clean.run(["scan", library, "--json"])
        #expect(scan.status == 0, "\(scan.stderr)")
        let summary = try CleanBinary.object(scan)
        for key in ["files", "bytes", "photos", "videos", "screenshots", "other", "bigVideos", "oldPhotos", "duplicates", "errors", "elapsedSeconds"] {
            #expect(summary[key] != nil, "scan --json lacks \(key)")
        }
        let count = try FileManager.default.contentsOfDirectory(atPath: CleanBinary.corpus).count
        #expect(summary["files"] as? Int == count)

        let items = try clean.run(["items", "--json"])
        #expect(items.status == 0)
        let lines = items.stdout.split(separator: "\n")
        #expect(lines.count == count)
        let expected = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: CleanBinary.corpus + "/../expected.json"))) as? [String: [String: Any]])
        for line in lines {
            let item = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            for key in ["id", "path", "size", "mime", "kind", "screenshot", "capturedAt", "dateSource", "width", "height", "bigVideo", "old", "hash", "duplicateGroup"] {
                #expect(item.keys.contains(key), "items --json lacks \(key)")
            }
            let path = try #require(item["path"] as? String)
            let name = try #require(path.split(separator: "/").last.map(String.init))
            #expect(item["mime"] as? String == expected[name]?["mime"] as? String, "\(name)")
            if let date = expected[name]?["capturedAt"] as? String {
                #expect(item["capturedAt"] as? String == date, "\(name)")
            }
        }
    }

    @Test func aMissingDirectoryIsOneSentenceAndExitOne() throws {
        let clean = try CleanBinary()
        defer { clean.removeHome() }
        let run = try clean.run(["scan", clean.home + "/nope"])
        #expect(run.status == 1)
        #expect(run.stderr.contains("cannot scan '\(clean.home)/nope': No such file or directory"))
        #expect(run.stdout.isEmpty)
    }

    @Test func aBrokenConfigFileIsOneSentenceNamingTheFile() throws {
        let clean = try CleanBinary()
        defer { clean.removeHome() }
        try FileManager.default.createDirectory(atPath: clean.home + "/config/swipeclean", withIntermediateDirectories: true)
        try "[scan]\njobs = \"two\"\n".write(toFile: clean.home + "/config/swipeclean/config.toml", atomically: true, encoding: .utf8)
        let run = try clean.run(["scan", clean.home])
        #expect(run.status == 1)
        #expect(run.stderr.contains("config file \(clean.home)/config/swipeclean/config.toml: key 'scan.jobs' must be a whole number"))
    }

    @Test func aNameThatIsNotUTF8SurvivesJSONAsSurrogateEscapes() throws {
        let clean = try CleanBinary()
        defer { clean.removeHome() }
        let library = clean.home + "/library"
        try FileManager.default.createDirectory(atPath: library, withIntermediateDirectories: true)
        let path = Array((library + "/caf").utf8) + [0xE9, 0x2E, 0x6A, 0x70, 0x67, 0]
        let fd = path.withUnsafeBufferPointer { open(UnsafeRawPointer($0.baseAddress!).assumingMemoryBound(to: CChar.self), O_CREAT | O_WRONLY, 0o644) }
        #expect(fd >= 0)
        close(fd)
        #expect(try clean.run(["scan", library, "--quiet"]).status == 0)
        let items = try clean.run(["items", "--json"])
        #expect(items.stdout.contains(#"/caf\udce9.jpg""#))
    }
}
