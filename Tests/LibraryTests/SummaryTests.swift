import FileSystem
import Foundation
import Testing
@testable import Library
@testable import Scanning

@Suite struct SummaryTests {
    @Test func theCorpusIsCountedByKindWithOldPhotos() throws {
        let tree = try TestTree()
        let names = try FileManager.default.contentsOfDirectory(atPath: TestTree.corpus)
        for name in names { try tree.copyCorpus(name, to: name) }
        let report = try tree.scan()
        let s = report.summary
        #expect(s.files == names.count)
        #expect(s.photos + s.videos + s.other == s.files)
        #expect(s.videos == 5)  // two .mov, three .mp4
        #expect(s.other == 0)
        // Every dated photo in the corpus is from 2020 or before: older than two years now,
        // except the undated ones whose date falls back to the copy's mtime (today).
        let dated = try tree.items(.all).filter { $0.kind == .photo && $0.dateSource != .mtime }
        #expect(s.oldPhotos.count == dated.count)
        #expect(report.errors.isEmpty)
    }

    @Test func bigVideosAreOverTheThreshold() throws {
        let tree = try TestTree()
        try tree.copyCorpus("with-gps.mov", to: "a.mov")
        var options = ScanOptions.defaults
        options.bigVideoBytes = 100_000
        let report = try tree.scan(options: options)
        #expect(report.summary.bigVideos.count == 1)
        options.bigVideoBytes = 10_000_000
        #expect(try tree.scan(options: options).summary.bigVideos.count == 0)
    }
}
