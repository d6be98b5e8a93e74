import FileSystem
import Foundation
import Imaging
import Testing

/// Each kind of bad shot and each hard negative, on small copies of real phone photos (`Fixtures/quality`,
/// made by Benchmarks/make_quality_set.py from Fixtures/corpus): judged from the fingerprint's one decode.
@Suite struct BadShotTests {
    static let folder = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/quality")

    static func verdict(_ name: String) throws -> BadShot? {
        let print = try PerceptualHashing.fingerprint(RawPath(folder.appendingPathComponent(name).path))
        return BadShot.judge(try #require(print.quality))
    }

    @Test(arguments: [("blurry-gauss0.jpg", BadShot.blurry), ("blurry-shaken1.jpg", .blurry), ("dark-under0.jpg", .dark),
                      ("dark-pocket.jpg", .dark), ("overexposed-over1.jpg", .overexposed), ("accidental-pocket.jpg", .accidental),
                      ("blurry-smeared.jpg", .blurry), ("blurry-shaken.jpg", .blurry),
                      ("blurry-shortshake.jpg", .blurry)])
    func aBadShotIsFlaggedAsItsKind(_ name: String, _ kind: BadShot) throws {
        #expect(try Self.verdict(name) == kind, "\(name)")
    }

    /// Sunsets, night scenes, snow, bokeh portraits and low-key shots are photos a person keeps.
    @Test(arguments: ["good-original.jpg", "good-night.jpg", "good-sunset.jpg", "good-snow.jpg", "good-bokeh.jpg", "good-lowkey.jpg",
                      "good-panned.jpg"])
    func aHardNegativeIsNotFlagged(_ name: String) throws {
        #expect(try Self.verdict(name) == nil, "\(name)")
    }

    /// The focus measure is taken at one working size: a 360-pixel and a full-size copy of one photo agree within 40 %.
    /// (The 360-pixel copy, shrunk and saved again, is softer itself: it measures 1.66 decoded at half or at full size
    /// and shrunk to 128 pixels, against 2.61 for the full photo's eighth.)
    @Test func focusAgreesAcrossResolutions() throws {
        let full = try PerceptualHashing.fingerprint(RawPath(Corpus.media.appendingPathComponent("HTC One.jpg").path))
        let small = try PerceptualHashing.fingerprint(RawPath(Self.folder.appendingPathComponent("good-original.jpg").path))
        let a = try #require(full.quality?.focus), b = try #require(small.quality?.focus)
        #expect(abs(a - b) / max(a, b) < 0.4, "\(a) vs \(b)")
    }

    /// A shaken photo whose sharpest tiles stay sharp (focus over the shaken limit) is found by its frame's smear
    /// alone; a photo panned on purpose, its lower half smeared as much under a still sky, is not
    /// (Fixtures/make-smeared.py).
    @Test func aFrameSmearedAllOverIsBlurryWhereItsSharpestTilesAreNot() throws {
        let limits = BadShot.Limits.defaults
        let print = try PerceptualHashing.fingerprint(RawPath(Self.folder.appendingPathComponent("blurry-smeared.jpg").path))
        let q = try #require(print.quality)
        #expect(try #require(q.focus) >= limits.shakenFocus)
        #expect(try #require(q.smear) >= limits.smearedFrame)
        var withoutSmear = limits
        withoutSmear.smearedFrame = .infinity
        #expect(BadShot.judge(q, limits: withoutSmear) == nil)
        #expect(BadShot.judge(q, limits: limits) == .blurry)
        let panned = try #require(try PerceptualHashing.fingerprint(RawPath(Self.folder.appendingPathComponent("good-panned.jpg").path)).quality)
        #expect(try #require(panned.smear) < limits.smearedFrame / 2)
    }

    /// A shake too short for the frame's smear at 128 px (2.5 % of the photo: 3 px there) is found by the fine frame's
    /// at 192 px, where the same lags reach shorter; without that limit the photo is kept (Fixtures/make-smeared.py).
    @Test func aShortShakeIsFoundByTheFineFramesSmear() throws {
        let limits = BadShot.Limits.defaults
        let q = try #require(try PerceptualHashing.fingerprint(RawPath(Self.folder.appendingPathComponent("blurry-shortshake.jpg").path)).quality)
        #expect(try #require(q.focus) >= limits.shakenFocus)
        #expect(try #require(q.smear) < limits.smearedFrame)
        #expect(try #require(q.fineSmear) >= limits.smearedFineFrame)
        #expect(BadShot.blur(q) == .smeared)
        var withoutFine = limits
        withoutFine.smearedFineFrame = .infinity
        #expect(BadShot.judge(q, limits: withoutFine) == nil)
    }

    /// The fine frame is measured where the photo has room for it: the Moto G's soft photo (the softest source photo of
    /// the quality sets at its own size) from the decode at hand, and kept; a photo under 384 px on its short side
    /// (good-original.jpg, 360 px, in doubt) not at all.
    @Test func theFineFrameIsMeasuredOnPhotosLargeEnoughOnly() throws {
        let soft = try #require(try PerceptualHashing.fingerprint(Corpus.path("Motorola XT1068 (Moto G).jpg")).quality)
        #expect(soft.smear != nil, "in doubt")
        #expect(try #require(soft.fineSmear) < BadShot.Limits.defaults.smearedFineFrame)
        #expect(BadShot.judge(soft) == nil)
        let small = try #require(try PerceptualHashing.fingerprint(RawPath(Self.folder.appendingPathComponent("good-original.jpg").path)).quality)
        #expect(small.smear != nil, "in doubt")
        #expect(small.fineSmear == nil)
    }

    /// Soft with its gradients one-directional is shaken; with nearly all of them running one way it is a scene
    /// panned on purpose or striped, and kept.
    @Test func gradientsNearlyAllOneWayAreNotAShake() {
        func q(_ anisotropy: Double) -> ShotQuality {
            ShotQuality(darkShare: 0, brightShare: 0, median: 120, highlight: 250, brightest: 240, focus: 1.2, faintFocus: 1.2,
                        anisotropy: anisotropy, texturedShare: 0.9)
        }
        #expect(BadShot.judge(q(0.6)) == nil)
        #expect(BadShot.judge(q(0.8)) == .blurry)
        #expect(BadShot.judge(q(0.97)) == nil)
    }

    @Test func exposureSharesAreCountedExactly() {
        // Left half black, right half white: half the pixels under 15, half over 245.
        let image = PerceptualHashTests.gray(64, 64) { x, _ in x < 32 ? 0 : 255 }
        let q = ShotQuality.measure(image)
        #expect(q.darkShare == 0.5)
        #expect(q.brightShare == 0.5)
        #expect(q.highlight == 255)
        // A flat black frame holds no texture at all: a pocket shot.
        let black = ShotQuality.measure(PerceptualHashTests.gray(200, 150) { _, _ in 3 })
        #expect(black.focus == nil && black.faintFocus == nil)
        #expect(BadShot.judge(black) == .accidental)
    }

    @Test func strictnessFlagsMoreAboveOne() {
        let q = ShotQuality(darkShare: 0, brightShare: 0, median: 120, highlight: 250, brightest: 240, focus: 0.9, faintFocus: 0.9,
                            anisotropy: 0.2, texturedShare: 0.9)
        #expect(BadShot.judge(q) == nil)
        #expect(BadShot.judge(q, limits: BadShot.Limits.defaults.scaled(1.2)) == .blurry)
    }

    /// Laxer limits flag fewer, but every kind still: a photo shaken well under every limit (focus 0.6, its edges
    /// 80 % fainter one way) is shaken at the laxest strictness too (the upper limit on its anisotropy does not fall
    /// under the lower), and stricter limits let a shake with edges nearly all one way count.
    @Test func theLaxestStrictnessStillFindsAShake() {
        func q(_ focus: Double, _ anisotropy: Double) -> ShotQuality {
            ShotQuality(darkShare: 0, brightShare: 0, median: 120, highlight: 250, brightest: 240, focus: focus, faintFocus: focus,
                        anisotropy: anisotropy, texturedShare: 0.9)
        }
        let laxest = BadShot.Limits.defaults.scaled(0.5)
        #expect(laxest.shakenAnisotropyMost == BadShot.Limits.defaults.shakenAnisotropyMost)
        #expect(BadShot.blur(q(0.6, 0.8), limits: laxest) == .shaken)
        #expect(BadShot.blur(q(1.2, 0.95)) == nil)
        #expect(BadShot.blur(q(1.2, 0.95), limits: BadShot.Limits.defaults.scaled(1.2)) == .shaken)
    }

    /// A frame 38 % blown out with a median of 230 is overexposed (the tune set's gain-3 copies); snow,
    /// 27 % white at a median of 220, is not.
    @Test func overexposureIsToldFromSnow() {
        func q(_ bright: Double, _ median: Int) -> ShotQuality {
            ShotQuality(darkShare: 0, brightShare: bright, median: median, highlight: 255, brightest: 250, focus: 2, faintFocus: 2,
                        anisotropy: 0.2, texturedShare: 0.8)
        }
        #expect(BadShot.judge(q(0.38, 230)) == .overexposed)
        #expect(BadShot.judge(q(0.27, 220)) == nil)
    }

    /// The card's "softer than N % of sharp photos" reads the tune set's good photos' focus: the least of
    /// them is softer than none, the median softer than half, the sharpest than all.
    @Test func sharperShareReadsTheReferencePhotos() {
        #expect(BadShot.sharperShare(than: 0.5) == 1)
        #expect(BadShot.sharperShare(than: 4) == 0)
        #expect(abs(BadShot.sharperShare(than: 2.05) - 0.5) < 1e-9)
        #expect(abs(BadShot.sharperShare(than: 0.93) - 0.975) < 1e-9)
    }

    /// A heavy blur leaves few tiles with texture, and those soft: still blurry. A night scene, with
    /// texture in fewer than 15 % of its tiles, is not judged.
    @Test func aHeavyBlurWithLittleTextureLeftIsBlurry() {
        func q(_ textured: Double) -> ShotQuality {
            ShotQuality(darkShare: 0, brightShare: 0, median: 120, highlight: 250, brightest: 240, focus: 0.3, faintFocus: 0.7,
                        anisotropy: 0.4, texturedShare: textured)
        }
        #expect(BadShot.judge(q(0.25)) == .blurry)
        #expect(BadShot.judge(q(0.05)) == nil)
    }

    /// Beside a sharp photo of its group, a photo with under 38 % of its focus is blurry; beside a soft one, or
    /// with 40 % of it (the tune set's shallow-focus edit of a sharp photo measured 39.8 %), it is not.
    @Test func aFrameMuchSofterThanASharpNeighbourIsBlurry() {
        #expect(BadShot.softerThanNeighbours(focus: 0.6, textured: 0.8, sharpest: 2.0))
        #expect(!BadShot.softerThanNeighbours(focus: 0.8, textured: 0.8, sharpest: 2.0))
        #expect(!BadShot.softerThanNeighbours(focus: 1.6, textured: 0.8, sharpest: 4.0))
        #expect(!BadShot.softerThanNeighbours(focus: 0.4, textured: 0.8, sharpest: 1.2))
        #expect(!BadShot.softerThanNeighbours(focus: 0.3, textured: 0.1, sharpest: 2.0))
        #expect(!BadShot.softerThanNeighbours(focus: nil, textured: 0.8, sharpest: 2.0))
    }
}
