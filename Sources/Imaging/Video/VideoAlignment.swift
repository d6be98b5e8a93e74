/// Whether two videos are copies of one another: the shorter one's frames, matched in order at one
/// shift of time, inside the longer one. A re-encode, an HEVC export, a 30 fps copy or a cloud's copy
/// align at a shift of about zero; a trimmed copy at the time its trim starts. The frames must match all
/// along the shorter video, not only at its start: two videos that share an intro (the same first
/// seconds, then other content) align over the intro and fail after it.
///
/// Where the two were sampled at different rates (a camera's keyframes, a second apart, against a
/// re-encode decoded densely), the sparser one's frames are looked for among the denser one's, near
/// their own time: a keyframe half a second from the nearest sample of a pan or of a cut would not match.
public enum VideoAlignment {
    public struct Match: Sendable, Equatable {
        /// Where the shorter video starts in the longer one, in seconds.
        public let offset: Double
        /// Frames compared: an informative frame against frames of the other video near its time, or a
        /// flat frame against frames that clearly show something.
        public let compared: Int
        /// Of those, the informative frames within `frameDistance` bits of an informative frame near their time.
        public let matched: Int

        public var share: Double { compared == 0 ? 0 : Double(matched) / Double(compared) }
    }

    /// Two frames are the same picture at most this many bits apart.
    public static let frameDistance = 12
    /// Durations and the trim's start are known to about this much (edit lists, a last frame, audio).
    static let slack: Float = 1.0
    /// At least this many frames compared and this share of them matched.
    public static let minimumCompared = 3
    public static let minimumShare = 0.8
    /// Shifts tried, the most voted first.
    static let shiftsTried = 4
    /// Samples this far apart (a camera's keyframes) leave a moment between two of them unseen.
    static let sparse: Float = 0.6
    /// A frame this far from the one before it in its own video follows a cut or a quick move.
    static let changed = 20

    /// The best alignment of the shorter of `a` and `b` inside the longer; nil when nothing lines up.
    public static func align(_ a: VideoFingerprint, _ b: VideoFingerprint) -> Match? {
        let (long, short) = a.duration >= b.duration ? (a, b) : (b, a)
        let longFrames = long.samples.filter(\.isInformative), shortFrames = short.samples.filter(\.isInformative)
        guard longFrames.count >= 2, shortFrames.count >= 2 else { return nil }
        let lowest = -slack, highest = Float(long.duration - short.duration) + slack
        // Votes for a shift, in quarter seconds, from every pair of frames that look alike.
        var votes: [Int: Int] = [:]
        for s in shortFrames {
            for l in longFrames where (l.hash ^ s.hash).nonzeroBitCount <= frameDistance {
                let shift = l.time - s.time
                if shift >= lowest, shift <= highest { votes[Int((shift * 4).rounded()), default: 0] += 1 }
            }
        }
        // The most voted first; of shifts voted alike, the smallest (a copy more often than a trim).
        let shifts = votes.sorted { ($0.value, abs($1.key)) > ($1.value, abs($0.key)) }.prefix(shiftsTried).map { Float($0.key) / 4 }
        let longSpacing = spacing(long), shortSpacing = spacing(short)
        var best: Match?
        for shift in shifts {   // the most voted first; another replaces it only matching clearly better
            let match: Match
            if longSpacing > shortSpacing * 1.5 {
                // The longer one's frames over the shorter one's span, looked for in the shorter one.
                let span = long.samples.filter { $0.time >= shift - 0.3 && $0.time <= shift + Float(short.duration) + 0.3 }
                match = compare(span, with: short.samples, at: -shift, window: max(0.3, 0.6 * shortSpacing),
                                bothSparse: shortSpacing >= sparse)
            } else {
                match = compare(short.samples, with: long.samples, at: shift, window: max(0.3, 0.6 * longSpacing),
                                bothSparse: shortSpacing >= sparse && longSpacing >= sparse)
            }
            let found = Match(offset: Double(shift), compared: match.compared, matched: match.matched)
            if best.map({ found.share > $0.share + 0.05 }) ?? true { best = found }
        }
        return best
    }

    /// Whether `a` and `b` are copies of one video (`align` at a shift where enough frames match).
    public static func isSimilar(_ a: VideoFingerprint, _ b: VideoFingerprint) -> Bool {
        guard let match = align(a, b) else { return false }
        return match.compared >= minimumCompared && match.share >= minimumShare
    }

    /// The median time between samples: about a second for keyframes, a quarter for a dense decode.
    static func spacing(_ video: VideoFingerprint) -> Float {
        guard video.samples.count >= 2 else { return 1 }
        let gaps = zip(video.samples.dropFirst(), video.samples).map { $0.time - $1.time }.sorted()
        return gaps[gaps.count / 2]
    }

    /// Each of `frames`, at its time plus `shift`, against the `other` frames within `window` of it. Where both
    /// were sampled sparsely (keyframes a second apart, at their own moments), a frame that follows a cut or a
    /// quick move in its own video (`changed` bits from the one before) is compared only with a frame of the
    /// other taken at about the same moment: the other's nearest frame may lie before the cut.
    static func compare(_ frames: [VideoFingerprint.Sample], with other: [VideoFingerprint.Sample], at shift: Float,
                        window: Float, bothSparse: Bool = false) -> Match {
        var compared = 0, matched = 0
        var from = 0
        var previous: UInt64?
        for frame in frames {
            let target = frame.time + shift
            let follows = bothSparse && frame.isInformative && previous.map { ($0 ^ frame.hash).nonzeroBitCount > changed } == true
            if frame.isInformative { previous = frame.hash }
            while from < other.count, other[from].time < target - window { from += 1 }
            var to = from
            while to < other.count, other[to].time <= target + window { to += 1 }
            let near = other[from..<to]
            guard !near.isEmpty else { continue }
            if follows, !near.contains(where: { abs($0.time - target) <= 0.15 }) { continue }
            if frame.isInformative {
                let nearest = near.lazy.filter(\.isInformative).map { ($0.hash ^ frame.hash).nonzeroBitCount }.min()
                if let nearest {
                    compared += 1
                    if nearest <= frameDistance { matched += 1 }
                } else if frame.deviation >= VideoFingerprint.Sample.clear {
                    compared += 1   // a picture where the other is black or flat
                }
            } else if near.allSatisfy({ $0.deviation >= VideoFingerprint.Sample.clear }) {
                compared += 1   // black or flat where the other shows a picture
            }
        }
        return Match(offset: Double(shift), compared: compared, matched: matched)
    }
}
