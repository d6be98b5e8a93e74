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
        /// At least this share darker than 15, and highlights no brighter than `darkHighlight`: dark.
        public var darkShare: Double
        public var darkHighlight: Int
        /// At least this share brighter than 245, and a median at least `overexposedMedian`.
        public var brightShare: Double
        public var overexposedMedian: Int
        /// Least share of textured tiles before focus is judged at all (a sky is not blurry).
        public var texturedShare: Double

        public static let defaults = Limits(blurryFocus: 0.55, shakenFocus: 0.8, shakenAnisotropy: 0.5,
                                            darkShare: 0.9, darkHighlight: 60, brightShare: 0.6, overexposedMedian: 246,
                                            texturedShare: 0.08)

        /// These limits made stricter (more flagged) or laxer by `factor` (1: as they are).
        public func scaled(_ factor: Double) -> Limits {
            guard factor != 1 else { return self }
            var limits = self
            limits.blurryFocus *= factor
            limits.shakenFocus *= factor
            limits.darkShare = min(0.99, darkShare / factor)
            limits.brightShare = min(0.99, brightShare / factor)
            return limits
        }
    }

    /// The kind of bad shot these measures make, or nil for a photo to keep.
    public static func judge(_ q: ShotQuality, limits: Limits = .defaults) -> BadShot? {
        if q.darkShare >= limits.darkShare && q.highlight <= limits.darkHighlight {
            // Nothing shows. Sharp remains (a scene underexposed) are dark; smeared or none, a pocket shot.
            if let faint = q.faintFocus, faint >= limits.blurryFocus { return .dark }
            return .accidental
        }
        if q.brightShare >= limits.brightShare && q.median >= limits.overexposedMedian { return .overexposed }
        if q.texturedShare >= limits.texturedShare, let focus = q.focus {
            if focus < limits.blurryFocus { return .blurry }
            if focus < limits.shakenFocus && q.anisotropy >= limits.shakenAnisotropy { return .blurry }
        }
        return nil
    }
}
