import FileSystem
import Foundation
import Imaging
import Testing
@testable import Library
@testable import Scanning

/// Similar videos through a real scan (`Fixtures/video/similar`, ffmpeg from `make setup`): the copies in one
/// group, the intro-sharing clip and the undecodable one in none, never a group mixing photos and videos; a
/// rescan decodes nothing; without ffmpeg, or with a decoder that hangs, the scan goes on and says so.
@Suite struct SimilarVideoScanTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fixtures/video/similar").path
    static let videos = ["original.mp4", "hevc.MOV", "messenger.mp4", "trimmed.mp4", "intro.mp4", "undecodable.mp4"]

    /// The six videos in folders of their own, and a photo with a resized copy (a similar photo group).
    static func tree() throws -> TestTree {
        let tree = try TestTree()
        for (index, name) in videos.enumerated() {
            try tree.write("folder\(index)/\(name)", try Data(contentsOf: URL(fileURLWithPath: fixtures + "/" + name)))
        }
        try tree.copyCorpus("Apple iPhone 6.jpg", to: "Camera/IMG_0001.jpg")
        try tree.write("Edited/IMG_0001-small.jpg", Data(try Preview.jpeg(RawPath(TestTree.corpus + "/Apple iPhone 6.jpg"), longSide: 800, quality: 80)))
        return tree
    }

    func scan(_ tree: TestTree, frames: VideoFrames?) throws -> ScanReport {
        var request = ScanRequest(roots: [RawPath(tree.photos)], now: TestTree.now, calendar: TestTree.calendar)
        request.videoFrames = frames
        return try tree.database.scan(request)
    }

    /// Each similar group's members by file name, and the kinds they are.
    static func groups(_ tree: TestTree) throws -> [Set<String>: Set<String>] {
        let items = try tree.items(.similar)
        var groups: [Int64: [ItemRecord]] = [:]
        for item in items { groups[item.similarGroup!, default: []].append(item) }
        return Dictionary(uniqueKeysWithValues: groups.values.map { members in
            (Set(members.map { String(decoding: $0.rawPath.lastComponent, as: UTF8.self) }), Set(members.map(\.kind.rawValue)))
        })
    }

    @Test func theCopiesAreOneGroupTheIntroAndTheUndecodableNone() throws {
        let tree = try Self.tree()
        let report = try scan(tree, frames: try #require(VideoFrames.installed, "make setup installs ffmpeg"))
        #expect(report.videos == VideoComparison(fingerprinted: 5, withoutFingerprint: 1))
        let groups = try Self.groups(tree)
        #expect(groups[["original.mp4", "hevc.MOV", "messenger.mp4", "trimmed.mp4"]] == ["video"])
        #expect(groups[["IMG_0001.jpg", "IMG_0001-small.jpg"]] == ["photo"])
        #expect(groups.count == 2)
        #expect(report.summary.similar.groups == 2 && report.summary.similar.files == 6)

        // A rescan decodes nothing: a decoder that would fail every video is never called.
        let failing = VideoFrames(program: "/nonexistent/ffmpeg")
        let rescan = try scan(tree, frames: failing)
        #expect(rescan.videos == VideoComparison())
        #expect(try Self.groups(tree) == groups)

        // A changed video is sampled again (and only it): trimmed.mp4 becomes the intro clip (a few bytes more,
        // so not an exact duplicate of it), and joins it.
        let trimmed = tree.photos + "/folder3/trimmed.mp4"
        try (Data(contentsOf: URL(fileURLWithPath: Self.fixtures + "/intro.mp4")) + Data(count: 16)).write(to: URL(fileURLWithPath: trimmed))
        let changed = try scan(tree, frames: try #require(VideoFrames.installed))
        #expect(changed.videos == VideoComparison(fingerprinted: 1))
        let regrouped = try Self.groups(tree)
        #expect(regrouped[["original.mp4", "hevc.MOV", "messenger.mp4"]] == ["video"])
        #expect(regrouped[["intro.mp4", "trimmed.mp4"]] == ["video"])
    }

    /// Without ffmpeg the rest of the scan is done (the similar photos too) and the videos are counted as not compared.
    @Test func withoutFFmpegVideosAreNotComparedAndTheRestIsDone() throws {
        let tree = try Self.tree()
        let report = try scan(tree, frames: nil)
        #expect(report.videos == VideoComparison(notCompared: 6))
        #expect(try Self.groups(tree) == [["IMG_0001.jpg", "IMG_0001-small.jpg"]: ["photo"]])
        #expect(report.summary.videos == 6)
    }

    /// A decoder that never answers costs each video its idle limit, then the video simply has no fingerprint.
    @Test func aHungDecoderNeverStallsTheScan() throws {
        let hung = NSTemporaryDirectory() + "hung-ffmpeg-\(UUID().uuidString)"
        try "#!/bin/sh\nexec sleep 60\n".write(toFile: hung, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: hung)
        defer { try? FileManager.default.removeItem(atPath: hung) }
        let tree = try Self.tree()
        let start = Date()
        let report = try scan(tree, frames: VideoFrames(program: hung, idleLimit: 0.5))
        #expect(Date().timeIntervalSince(start) < 30)
        #expect(report.videos == VideoComparison(withoutFingerprint: 6))
        #expect(try Self.groups(tree).values.allSatisfy { $0 == ["photo"] })
    }
}
