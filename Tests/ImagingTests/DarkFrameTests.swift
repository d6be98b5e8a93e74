import FileSystem
import Foundation
import Imaging
import Testing

/// A frame in which nothing shows is dark though a few pixels are brighter; a night scene keeps its lights (issue 48).
/// On real phone photos darkened by Fixtures/make-dark.py (the rules of Benchmarks/make_dark_set.py), judged from the
/// fingerprint as the scan takes it.
@Suite struct DarkFrameTests {
    static let folder = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/dark")

    static func quality(_ name: String) throws -> ShotQuality {
        try #require(try PerceptualHashing.fingerprint(RawPath(folder.appendingPathComponent(name).path)).quality)
    }

    /// 4 stops under with a dim lamp, 6 stops under in linear light with a lit screen's edge: the brightest 1 % at 12 to
    /// 18 % grey, the highlights over the old limit (32), no light. Dark.
    @Test(arguments: ["dim-lamp.jpg", "dim-edge.jpg"])
    func aDimFrameWithAFewBrighterPixelsIsDark(_ name: String) throws {
        let q = try Self.quality(name)
        #expect((31...46).contains(q.brightest), "\(name): brightest \(q.brightest)")
        #expect(q.highlight > 32, "\(name): the old rule kept it")
        #expect(q.lights == 0, "\(name): no pixel of it is a light")
        #expect(BadShot.judge(q) == .dark, "\(name)")
    }

    /// Street lamps, and a starry sky whose stars on the fingerprint's decode are no brighter than a dim lamp (its
    /// brightest 1 % at 5 % grey): counted on a decode of at least 512 px, both hold lights. Kept.
    @Test(arguments: ["night-lamps.jpg", "night-stars.jpg"])
    func aNightSceneWithLightsIsKept(_ name: String) throws {
        let q = try Self.quality(name)
        #expect(try #require(q.lights) >= BadShot.Limits.defaults.lightShare, "\(name)")
        #expect(BadShot.judge(q) == nil, "\(name)")
    }

    @Test func theStarsAreCountedOnAFinerDecodeThanTheFingerprints() throws {
        let q = try Self.quality("night-stars.jpg")
        let limits = BadShot.Limits.defaults
        #expect(q.median < limits.darkMedian && q.brightest <= limits.darkBrightest, "as dim as a dark frame but for its stars")
        var unlit = q
        unlit.lights = nil
        #expect(BadShot.judge(unlit) == .dark, "without its lights it would be dark")
    }

    /// The limits, on measures: a median under the limit with the brightest 1 % dim and no light is dark; a light, a
    /// brighter 1 % (a low-key photo) or a brighter median is not. A pocket shot smeared until no light stands out is
    /// dark though its median is over the limit.
    @Test func theDarkLimits() {
        func q(median: Int, brightest: Int, highlight: Int? = nil, lights: Double? = 0) -> ShotQuality {
            ShotQuality(darkShare: 0.4, brightShare: 0, median: median, highlight: highlight ?? brightest + 5, brightest: brightest,
                        focus: nil, faintFocus: 2, anisotropy: 0, texturedShare: 0, lights: lights)
        }
        let limits = BadShot.Limits.defaults
        #expect(BadShot.judge(q(median: 10, brightest: 40)) == .dark)
        #expect(BadShot.judge(q(median: limits.darkMedian - 1, brightest: limits.darkBrightest)) == .dark)
        #expect(BadShot.judge(q(median: 10, brightest: 40, lights: limits.lightShare)) == nil)
        #expect(BadShot.judge(q(median: 10, brightest: limits.darkBrightest + 1, highlight: 200)) == nil)
        #expect(BadShot.judge(q(median: limits.darkMedian, brightest: 40, highlight: 60)) == nil)
        #expect(BadShot.judge(q(median: 24, brightest: 44, highlight: 46)) == .dark)
        #expect(BadShot.judge(q(median: 30, brightest: 44, highlight: 46)) == nil)
    }

    /// A night scene's frame is mostly sensor noise, and its smear measures that: with lights in it, the frame's smear
    /// does not make it blurry (a lit-windows night of the dark set read 0.30 and 0.36), nor do few textured tiles; the
    /// same measures on a frame without lights, or a brighter one, still do.
    @Test func aNightScenesSmearIsItsNoise() {
        func q(median: Int, lights: Double?) -> ShotQuality {
            ShotQuality(darkShare: 0.9, brightShare: 0, median: median, highlight: 170, brightest: 52, focus: 1.3,
                        faintFocus: 3, anisotropy: 0.3, texturedShare: 0.07, smear: 0.30, fineSmear: 0.36, lights: lights)
        }
        #expect(BadShot.judge(q(median: 7, lights: 0.008)) == nil)
        #expect(BadShot.blur(q(median: 7, lights: 0.008)) == nil)
        #expect(BadShot.judge(q(median: 60, lights: nil)) == .blurry)
        #expect(BadShot.blur(q(median: 7, lights: 0)) == .smeared)
        // The dark, not a blur, leaves a night's tiles without texture: few textured tiles of low focus are no blur in it.
        func few(median: Int, lights: Double?) -> ShotQuality {
            ShotQuality(darkShare: 0.9, brightShare: 0, median: median, highlight: 217, brightest: 142, focus: 0.36,
                        faintFocus: 0.63, anisotropy: 0.4, texturedShare: 0.15, lights: lights)
        }
        #expect(BadShot.judge(few(median: 1, lights: 0.012)) == nil)
        #expect(BadShot.judge(few(median: 60, lights: nil)) == .blurry)
    }
}
