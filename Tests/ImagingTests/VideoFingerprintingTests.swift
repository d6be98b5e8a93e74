import FileSystem
import Foundation
@testable import Imaging
import Testing

/// Similar videos from the fixtures of `Fixtures/make-videos.sh`: a 10 s clip made of the corpus's iPhone clip and
/// two corpus photos, its copies (an HEVC export, a messenger's 240×136 re-encode, a trimmed clip), a clip that
/// shares only its first 4 s, and the clip with its media data overwritten. Needs ffmpeg (`make setup`).
@Suite struct VideoFingerprintingTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fixtures/video/similar").path

    static func fingerprint(_ name: String, frames: VideoFrames? = VideoFrames.installed) throws -> VideoFingerprint {
        let frames = try #require(frames, "ffmpeg is not installed: make setup installs it")
        let result = VideoFingerprinting.fingerprint(RawPath(folder + "/" + name), duration: nil, frames: frames)
        guard case .fingerprint(let fingerprint) = result else { throw Unexpected(result: result) }
        return fingerprint
    }

    struct Unexpected: Error { let result: VideoFingerprinting.Result }

    /// The camera's clip is read from its keyframes alone (one a second); the HEVC export's long group of
    /// pictures is decoded densely.
    @Test func aCameraClipIsSampledAtItsKeyframesAnExportDensely() throws {
        let original = try Self.fingerprint("original.mp4")
        #expect(original.samples.count == 10)
        #expect(zip(original.samples, 0..<10).allSatisfy { abs($0.time - Float($1)) < 0.01 })
        #expect(abs(original.duration - 10) < 0.1)
        let export = try Self.fingerprint("hevc.MOV")
        #expect(export.samples.count >= 30)
        #expect(zip(export.samples.dropFirst(), export.samples).allSatisfy { $0.time - $1.time >= Float(VideoFingerprinting.spacing) - 0.01 })
    }

    @Test(arguments: ["hevc.MOV", "messenger.mp4", "trimmed.mp4"])
    func aCopyIsSimilarToItsOriginal(copy: String) throws {
        let original = try Self.fingerprint("original.mp4"), other = try Self.fingerprint(copy)
        let match = try #require(VideoAlignment.align(original, other))
        #expect(VideoAlignment.isSimilar(original, other), "\(match)")
        #expect(match.share >= 0.95, "\(match)")
        // The trimmed copy starts 2.6 s into the original.
        #expect(abs(match.offset - (copy == "trimmed.mp4" ? 2.6 : 0)) <= 0.5, "\(match)")
    }

    /// The same first 4 s, then a pan over another photo: aligned over the intro, unlike after it.
    @Test(arguments: ["original.mp4", "hevc.MOV", "messenger.mp4", "trimmed.mp4"])
    func aClipSharingOnlyItsIntroIsNotSimilar(other: String) throws {
        let intro = try Self.fingerprint("intro.mp4"), video = try Self.fingerprint(other)
        #expect(!VideoAlignment.isSimilar(intro, video), "\(String(describing: VideoAlignment.align(intro, video)))")
    }

    @Test func aVideoWithNoDecodableFrameHasNoFingerprint() throws {
        let frames = try #require(VideoFrames.installed)
        guard case .noFrames = VideoFingerprinting.fingerprint(RawPath(Self.folder + "/undecodable.mp4"), duration: 10, frames: frames) else {
            Issue.record("a fingerprint, or another failure, for a video whose frames cannot be decoded")
            return
        }
    }

    /// A decoder that never answers is stopped at the time limit; one that fails says why.
    @Test func aHungOrFailingDecoderGivesNoFingerprintInTime() throws {
        let hung = try Self.script("exec sleep 60")
        defer { try? FileManager.default.removeItem(atPath: hung) }
        let start = Date()
        let result = VideoFingerprinting.fingerprint(RawPath(Self.folder + "/original.mp4"), duration: 10,
                                                     frames: VideoFrames(program: hung), timeLimit: 1)
        #expect(result == .timedOut)
        // Allowed minutes in all, a decoder that says nothing is stopped after the idle limit.
        let silent = VideoFingerprinting.fingerprint(RawPath(Self.folder + "/original.mp4"), duration: 10,
                                                     frames: VideoFrames(program: hung, idleLimit: 1), timeLimit: 300)
        #expect(silent == .timedOut)
        #expect(Date().timeIntervalSince(start) < 8)
        let failing = try Self.script("echo 'Invalid data found when processing input' >&2; exit 1")
        defer { try? FileManager.default.removeItem(atPath: failing) }
        #expect(VideoFingerprinting.fingerprint(RawPath(Self.folder + "/original.mp4"), duration: 10, frames: VideoFrames(program: failing))
                == .noFrames("Invalid data found when processing input"))
        // A file that cannot be opened is not handed to the decoder at all.
        let missing = VideoFingerprinting.fingerprint(RawPath(Self.folder + "/missing.mp4"), duration: 10, frames: VideoFrames(program: failing))
        guard case .failed(let why) = missing else { Issue.record("\(missing)"); return }
        #expect(why.contains("missing.mp4"))
    }

    /// However many frames come (a container that understated its length), the samples kept stay bounded.
    @Test func theSamplesKeptAreBoundedWhateverTheLength() {
        var collector = VideoFingerprinting.Collector(spacing: 0, duration: nil)
        let pixels = (0..<1024).map { UInt8(truncatingIfNeeded: $0 * 7) }
        for frame in 0..<20_000 {
            _ = pixels.withUnsafeBytes { collector.take(Double(frame) * 0.5, $0) }
        }
        #expect(collector.samples.count <= 2 * VideoFingerprinting.maximumSamples)
        let fingerprint = collector.fingerprint(duration: nil)
        #expect(fingerprint.samples.count == VideoFingerprinting.maximumSamples)
        #expect(fingerprint.duration == 10_000)
    }

    @Test func theFingerprintIsKeptAsBytes() throws {
        let original = try Self.fingerprint("trimmed.mp4")
        #expect(VideoFingerprint(bytes: original.bytes) == original)
        #expect(VideoFingerprint(bytes: Array(original.bytes.dropLast())) == nil)
        #expect(VideoFingerprint(bytes: Array("SVF2".utf8) + Array(original.bytes.dropFirst(4))) == nil)
    }

    /// An executable shell script standing in for ffmpeg.
    static func script(_ body: String) throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("fake-ffmpeg-\(UUID().uuidString)").path
        try "#!/bin/sh\n\(body)\n".write(toFile: path, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: path)
        return path
    }
}
