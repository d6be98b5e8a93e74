/// Why a photo is a bad shot, if it is one: at most one kind each, judged from `ShotQuality` by
/// thresholds measured on Benchmarks/make_quality_set.py's set (Docs/quality.md), precision first:
/// a sunset, a silhouette, a sky, snow, a night scene, a bokeh portrait or a low-key shot is none.
public enum BadShot: String, Sendable, CaseIterable, Codable {
    case blurry, dark, overexposed, accidental

    /// The limits a photo is judged by; `strictness` above 1 flags more (the `[quality]` section).
    public struct Limits: Sendable, Equatable {
        /// Focus of the sharpest tiles below this: out of focus.
        public var blurryFocus: Double
        /// Below this and gradients this one-directional: shaken.
        public var shakenFocus: Double
        public var shakenAnisotropy: Double
        /// ...but not gradients as one-directional as this: a scene whose edges nearly all run one way is panned on
        /// purpose or striped (three of the tune set's panned keepers measure 0.93 to 0.96, its macro look of
        /// BytheWater, flagged without this limit, 0.958) as often as shaken (the tune set's shakes that only this
        /// rule finds measure 0.82 at most; a shake that one-directional is left to the frame's smear). 0.89: the
        /// middle of the two.
        public var shakenAnisotropyMost: Double = 0.89
        /// A median below `darkMedian`, the brightest 1 % no brighter than `darkBrightest`, and no light
        /// (`ShotQuality.lights` under `lightShare`): nothing shows, though a few pixels may be brighter (a dim lamp,
        /// noise, a lit screen's edge). A night scene keeps its lights: street lamps, windows, a screen, stars.
        /// Chosen on the dark set's tune photos (Benchmarks/make_dark_set.py, Docs/quality.md): its darkened frames
        /// reach a median of 21; lifted by a lamp, noise or an edge their brightest 1 % lies at 12 to 18 % grey, and
        /// darkened by the median alone up to 57 (60: 50 of those 52 flagged, 51 at 80); the low-key looks of the
        /// quality set's 35 photos (a gamma of 1.8 at 0.7) reach 60 or less with no light in one of them, 80 in three.
        /// A light (`lightShare`: 3 in 100,000 pixels, 10 of a 512×683 decode, at `ShotQuality.lightLevel` or more):
        /// the gamma nights' 25 lights make 1 in 1,000, the sparsest starry skies 8 in 100,000 (the first limits, 1 in
        /// 10,000 at half grey, called two held-out skies and a held-out night's one dim window dark); the dark frames
        /// of both sets reach 2.4 in 100,000 at most (a held-out tone-curve frame's own highlights).
        public var darkMedian: Int
        public var darkBrightest: Int
        public var lightShare: Double = 0.00003
        /// A smeared dark frame (a pocket shot: nothing sharp, no lights): a median under `smearedMedian` and
        /// highlights at most `smearedSpread` levels above it. A night scene's lights stand far above its median.
        public var smearedMedian: Int = 25
        public var smearedSpread: Int = 24
        /// At least this share brighter than 245, and a median at least `overexposedMedian` (snow has shadows).
        public var brightShare: Double
        public var overexposedMedian: Int
        /// Least share of textured tiles before focus is judged at all (a sky is not blurry).
        public var texturedShare: Double
        /// A photo blurred so much that few tiles keep texture: judged when at least `blurredTexturedShare`
        /// of its tiles hold texture and their focus is under `blurredFocus` (a night scene has fewer).
        public var blurredFocus: Double = 0.4
        public var blurredTexturedShare: Double = 0.15
        /// A frame smeared all over (`ShotQuality.smear`) at least this much: shaken or out of focus though some
        /// edges stay sharp. 0.28: the middle of the limits (0.272 to 0.284) that flag none of the tune set's good
        /// photos (its softest, a clock's photo, 0.271) and the most of its blurs, drawn twice (`make_quality_set.py
        /// --seed`): the shortest shake only this finds measures 0.284.
        public var smearedFrame: Double = 0.28
        /// The same for the fine frame's smear (`ShotQuality.fineSmear`, 192 px: shorter shakes). 0.31: the middle of
        /// the limits that flag none of the tune set's good photos (the most, 0.252: BytheWater panned) nor any source
        /// photo of both sets measured at its own size (the most, 0.277: the Moto G's soft photo) and the most of the
        /// tune set's blurs (the shortest shake only this finds: 0.345).
        public var smearedFineFrame: Double = 0.31
        /// In a similar group (a burst, the same moment taken again): a photo whose focus is under this share of the
        /// sharpest member's is blurry beside it, when that member's focus is at least `sharpNeighbourFocus` (it is
        /// sharp itself) and both hold texture enough to judge.
        public var neighbourShare: Double = 0.38
        public var sharpNeighbourFocus: Double = 1.5

        /// Chosen on the tune half of the set (Docs/quality.md), precision first: the fewest good photos
        /// flagged (1 of 88 on the set as it is made now), then the most bad shots. Snow keeps its median under 225.
        public static let defaults = Limits(blurryFocus: 0.8, shakenFocus: 1.5, shakenAnisotropy: 0.65,
                                            darkMedian: 22, darkBrightest: 60, brightShare: 0.35, overexposedMedian: 225,
                                            texturedShare: 0.4)

        /// These limits made stricter (more flagged) or laxer by `factor` (1: as they are).
        public func scaled(_ factor: Double) -> Limits {
            guard factor != 1 else { return self }
            var limits = self
            limits.blurryFocus *= factor
            limits.shakenFocus *= factor
            // The shaken rule's upper limit only rises (stricter: edges all one way count as a shake too); scaled
            // down it would fall under the lower limit at 0.73 and the laxest settings would never call a photo shaken.
            limits.shakenAnisotropyMost = min(1.01, shakenAnisotropyMost * max(1, factor))
            limits.blurredFocus *= factor
            limits.smearedFrame /= factor
            limits.smearedFineFrame /= factor
            limits.neighbourShare = min(0.9, neighbourShare * factor)
            limits.darkBrightest = Int((Double(darkBrightest) * factor).rounded())
            limits.lightShare *= factor
            limits.smearedSpread = Int((Double(smearedSpread) * factor).rounded())
            limits.brightShare = min(0.99, brightShare / factor)
            return limits
        }
    }

    /// The focus of the good photos of the tune set (139 with texture enough to judge,
    /// Benchmarks/make_quality_set.py --split tune), at every 5th percentile from 0 to 100.
    static let referenceFocus: [Double] = [0.70, 1.16, 1.27, 1.43, 1.49, 1.60, 1.73, 1.84, 1.95, 2.02, 2.05,
                                           2.18, 2.29, 2.37, 2.46, 2.61, 2.75, 2.88, 3.07, 3.45, 3.74]

    /// The share (0 to 1) of those sharp photos whose sharpest part is sharper than `focus`: the card's
    /// "softer than 98 % of sharp photos".
    public static func sharperShare(than focus: Double) -> Double {
        let r = referenceFocus
        guard focus > r[0] else { return 1 }
        guard focus < r[r.count - 1] else { return 0 }
        let step = 1 / Double(r.count - 1)
        for i in 1..<r.count where focus < r[i] {
            let within = (focus - r[i - 1]) / (r[i] - r[i - 1])
            return 1 - (Double(i - 1) + within) * step
        }
        return 0
    }

    /// Whether a photo is blurry beside the sharpest photo of its similar group: the frame of a burst that moved
    /// or missed focus while the others did not. `focus` and `textured` are the photo's (`ShotQuality`), `sharpest`
    /// the best focus among the others of its group that hold texture enough to judge.
    public static func softerThanNeighbours(focus: Double?, textured: Double, sharpest: Double, limits: Limits = .defaults) -> Bool {
        guard let focus, textured >= limits.texturedShare, sharpest >= limits.sharpNeighbourFocus else { return false }
        return focus < limits.neighbourShare * sharpest
    }

    /// Which way a photo is blurry on its own measures, in the order the verdict tries them.
    public enum Blur: Sendable, Equatable {
        /// Its sharpest tiles are soft, or a heavy blur left few tiles any texture.
        case outOfFocus
        /// Soft, with its edges fainter along one direction (but not nearly all one way).
        case shaken
        /// Three quarters of the frame smeared alike (`ShotQuality.smear`, or `fineSmear` for a shorter smear).
        case smeared
    }

    /// The blur these measures show, or nil: the one statement of the blur rules, which the verdict (`judge`)
    /// and the card's words (`CardReason`) both read.
    public static func blur(_ q: ShotQuality, limits: Limits = .defaults) -> Blur? {
        // A night scene is not judged for blur: its frame is mostly its sensor's noise, which the smear measures (a
        // lit-windows night of the dark set read 0.30 and 0.36); the dark, not a blur, leaves its tiles without texture
        // (a held-out low-key night: 15 % textured); and the tiles that have texture are its lights' halos and beams,
        // soft by nature (held-out concerts: focus 0.71 and 0.74).
        if isNight(q, limits: limits) { return nil }
        if q.texturedShare >= limits.texturedShare, let focus = q.focus {
            if focus < limits.blurryFocus { return .outOfFocus }
            if focus < limits.shakenFocus && q.anisotropy >= limits.shakenAnisotropy && q.anisotropy < limits.shakenAnisotropyMost {
                return .shaken
            }
        }
        if q.texturedShare >= limits.blurredTexturedShare, let focus = q.focus, focus < limits.blurredFocus { return .outOfFocus }
        if let smear = q.smear, smear >= limits.smearedFrame { return .smeared }
        if let smear = q.fineSmear, smear >= limits.smearedFineFrame { return .smeared }
        return nil
    }

    /// A frame as dark as a dark frame, with lights in it (a lamp, a window, a screen, stars): a night scene.
    public static func isNight(_ q: ShotQuality, limits: Limits = .defaults) -> Bool {
        q.median < limits.darkMedian && (q.lights ?? 0) >= limits.lightShare
    }

    /// The kind of bad shot these measures make, or nil for a photo to keep.
    public static func judge(_ q: ShotQuality, limits: Limits = .defaults) -> BadShot? {
        // Nothing shows: a frame with no texture at all, even faint, is a pocket shot; else dark. A light in it (a
        // lamp, a window, a screen, stars) is something to see.
        if (q.lights ?? 0) < limits.lightShare,
           q.median < limits.darkMedian && q.brightest <= limits.darkBrightest
            || q.median < limits.smearedMedian && q.highlight - q.median <= limits.smearedSpread {
            return q.faintFocus == nil ? .accidental : .dark
        }
        if q.brightShare >= limits.brightShare && q.median >= limits.overexposedMedian { return .overexposed }
        return blur(q, limits: limits) == nil ? nil : .blurry
    }
}
