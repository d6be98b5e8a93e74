@testable import Imaging
import Testing

/// The alignment of two fingerprints, on made-up ones: a scene is a run of frames whose hashes drift a bit
/// each sample, and scenes are far apart (about 32 bits).
@Suite struct VideoAlignmentTests {
    /// `scenes[i]` seconds `lengths[i]` long, sampled every `step` seconds from `start` into the video.
    static func video(_ scenes: [UInt64], lengths: [Double], step: Double, start: Double = 0, flat: ClosedRange<Double>? = nil) -> VideoFingerprint {
        var samples: [VideoFingerprint.Sample] = []
        let total = lengths.reduce(0, +)
        var time = 0.0
        while time < total - start - 1e-9 {
            let at = time + start
            var end = 0.0, scene = 0
            for (index, length) in lengths.enumerated() {
                end += length
                if at < end { scene = index; break }
            }
            // Two bits move each second: close frames a few bits apart, as a pan's are.
            let drift = UInt64(Int(at) % 16) * 2
            let hash = scenes[scene] ^ ((1 << drift) | (1 << (drift + 1)))
            let isFlat = flat.map { $0.contains(at) } ?? false
            samples.append(.init(time: Float(time), hash: hash, deviation: isFlat ? 0 : 40))
            time += step
        }
        return VideoFingerprint(duration: total - start, samples: samples, frames: samples.count)
    }

    static let a: UInt64 = 0x0123_4567_89AB_CDEF, b: UInt64 = 0xF0E1_D2C3_B4A5_9687, c: UInt64 = 0x5A5A_3C3C_0F0F_6969
    static let d: UInt64 = 0x1357_9BDF_2468_ACE0

    @Test func aReEncodeAlignsAtZero() {
        let original = Self.video([Self.a, Self.b, Self.c], lengths: [4, 3, 3], step: 1)
        let copy = Self.video([Self.a, Self.b, Self.c], lengths: [4, 3, 3], step: 0.25)
        let match = VideoAlignment.align(original, copy)
        #expect(match?.offset == 0)
        #expect(VideoAlignment.isSimilar(original, copy))
    }

    /// The trimmed copy starts 2.5 s in: it aligns there, inside its source, whichever is given first.
    @Test func aTrimmedCopyAlignsInsideItsSource() {
        let original = Self.video([Self.a, Self.b, Self.c], lengths: [4, 3, 3], step: 0.25)
        let trimmed = Self.video([Self.a, Self.b, Self.c], lengths: [4, 3, 3], step: 0.25, start: 2.5)
        #expect(VideoAlignment.align(trimmed, original)?.offset == 2.5)
        #expect(VideoAlignment.isSimilar(trimmed, original))
        #expect(VideoAlignment.isSimilar(original, trimmed))
    }

    /// The first 4 s alike, then another scene: every frame after the intro fails.
    @Test func aSharedIntroIsNotEnough() {
        let one = Self.video([Self.a, Self.b, Self.c], lengths: [4, 3, 3], step: 0.25)
        let other = Self.video([Self.a, Self.d], lengths: [4, 5], step: 1)
        let match = VideoAlignment.align(one, other)
        #expect((match?.share ?? 0) < 0.5, "\(String(describing: match))")
        #expect(!VideoAlignment.isSimilar(one, other))
    }

    /// Where one video is black and the other shows its scene, that is another video, not nothing to compare.
    @Test func aPictureAgainstBlackIsAMismatch() {
        let one = Self.video([Self.a, Self.b], lengths: [4, 6], step: 0.25, flat: 4...10)
        let other = Self.video([Self.a, Self.c], lengths: [4, 6], step: 0.25)
        #expect(!VideoAlignment.isSimilar(one, other))
        // Black in both after the intro: nothing says they differ, and the intro matches.
        let both = Self.video([Self.a, Self.d], lengths: [4, 6], step: 0.25, flat: 4...10)
        #expect(VideoAlignment.isSimilar(one, both))
    }

    /// A camera's keyframes, a second apart, against a copy sampled densely and trimmed at 1.3 s: each keyframe
    /// is looked for among the copy's frames near its time, so a scene cut between two keyframes costs nothing.
    @Test func sparseKeyframesAreLookedForAmongDenseFrames() {
        let camera = Self.video([Self.a, Self.b, Self.c, Self.d], lengths: [2.5, 2.5, 2.5, 2.5], step: 1)
        let trimmed = Self.video([Self.a, Self.b, Self.c, Self.d], lengths: [2.5, 2.5, 2.5, 2.5], step: 0.25, start: 1.3)
        let match = VideoAlignment.align(camera, trimmed)
        #expect(match?.share == 1, "\(String(describing: match))")
        #expect(abs((match?.offset ?? 0) - 1.3) <= 0.35)
    }

    /// Keyframes a second apart in both, at their own moments: a keyframe just after a cut finds only the other's
    /// frame from before it. It is compared only with a frame of about its own moment, never counted against.
    @Test func betweenTwoSparseVideosAFrameAfterACutNeedsItsOwnMoment() {
        let mine: [VideoFingerprint.Sample] = [.init(time: 0, hash: Self.a, deviation: 40), .init(time: 1, hash: Self.a, deviation: 40),
                                               .init(time: 2, hash: Self.b, deviation: 40)]
        let theirs: [VideoFingerprint.Sample] = [.init(time: 0.55, hash: Self.a, deviation: 40), .init(time: 1.55, hash: Self.a, deviation: 40)]
        let sparse = VideoAlignment.compare(mine, with: theirs, at: 0, window: 0.6, bothSparse: true)
        #expect((sparse.compared, sparse.matched) == (2, 2))
        let dense = VideoAlignment.compare(mine, with: theirs, at: 0, window: 0.6)
        #expect((dense.compared, dense.matched) == (3, 2))
        // Another picture at its own moment still counts against.
        let cut: [VideoFingerprint.Sample] = theirs + [.init(time: 2.05, hash: Self.c, deviation: 40)]
        let seen = VideoAlignment.compare(mine, with: cut, at: 0, window: 0.6, bothSparse: true)
        #expect((seen.compared, seen.matched) == (3, 2))
    }

    @Test func videosWithoutPicturesNeverMatch() {
        let black = Self.video([Self.a], lengths: [10], step: 0.25, flat: 0...10)
        #expect(VideoAlignment.align(black, black) == nil)
        #expect(!VideoAlignment.isSimilar(black, black))
    }
}
