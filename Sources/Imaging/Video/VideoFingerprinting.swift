import FileSystem
import Foundation

/// Samples a video's frames and hashes them into its `VideoFingerprint`, decoding as little as will do.
/// First its keyframes alone (each decodes on its own: a camera's one a second cost a few milliseconds
/// each). When they are too sparse to follow the video (an encoder's default of one every 8 s, or a clip
/// of a few seconds), every frame but the B-frames is decoded and one kept each `spacing` seconds.
/// Memory holds the hashes, never the frames: bounded whatever the video's length (at most
/// `maximumSamples` samples; a longer video is sampled more sparsely).
public enum VideoFingerprinting {
    public enum Result: Equatable, Sendable {
        case fingerprint(VideoFingerprint)
        /// ffmpeg ran but gave no frame (no video stream, or none it could decode): its last words if it failed.
        case noFrames(String?)
        /// Still decoding at the time limit.
        case timedOut
        /// ffmpeg could not be run on the file: why.
        case failed(String)
    }

    /// Keyframes this far apart or closer (the median gap) follow a video closely enough.
    static let keyframeGap = 1.5
    /// And at least this many of them.
    static let minimumKeyframes = 8
    /// Frames decoded densely are kept this far apart at least.
    static let spacing = 0.24
    static let maximumSamples = 1_200

    /// The time limit for a video of `duration` seconds (unknown: as for ten minutes): a minute plus its
    /// playing time, never more than half an hour. Sampling runs 20 to 100 times faster than playing; the
    /// limit is for a decoder that crawls or loops, on a machine as loaded as it may be.
    public static func timeLimit(duration: Double?) -> Double {
        min(1_800, 60 + (duration ?? 600))
    }

    /// `duration` (the container's, when known) places the last samples and bounds the sampling; `keyframes`
    /// (the container's count, when known: `Media.MovieKeyframes`) chooses the decode before any: a video whose
    /// keyframes are too sparse is decoded densely at once, without a look at its keyframes first.
    public static func fingerprint(_ path: RawPath, duration: Double?, keyframes: Int? = nil, frames source: VideoFrames,
                                   timeLimit: Double? = nil) -> Result {
        let limit = timeLimit ?? Self.timeLimit(duration: duration)
        let start = Date()
        let sparse = keyframes.map { $0 < minimumKeyframes || Double($0) < (duration ?? 0) / (keyframeGap + 0.1) } ?? false
        var keyframeSamples: VideoFingerprint?
        if !sparse {
            var collector = Collector(spacing: (duration ?? 0) / Double(maximumSamples), duration: duration)
            let outcome = source.frames(of: path, decode: .keyframes, timeLimit: limit) { collector.take($0, $1) }
            switch outcome {
            case .timedOut: return .timedOut
            case .notRun(let why): return .failed(why)
            case .failed(let words) where collector.frames == 0: return .noFrames(words)
            case .finished where collector.frames == 0: return .noFrames(nil)
            default: break
            }
            if collector.followsTheVideo(duration: duration) { return .fingerprint(collector.fingerprint(duration: duration)) }
            keyframeSamples = collector.fingerprint(duration: duration)
        }
        let spacing = max(Self.spacing, (duration ?? 0) / Double(maximumSamples))
        var dense = Collector(spacing: spacing, duration: duration)
        let left = limit - Date().timeIntervalSince(start)
        let outcome = source.frames(of: path, decode: .referenceFrames, spacing: spacing, timeLimit: max(0.5, left)) {
            dense.take($0, $1)
        }
        switch outcome {
        case .timedOut: return .timedOut
        case .notRun(let why): return keyframeSamples.map { .fingerprint($0) } ?? .failed(why)
        case .failed(let words) where dense.frames == 0: return keyframeSamples.map { .fingerprint($0) } ?? .noFrames(words)
        case .finished where dense.frames == 0: return keyframeSamples.map { .fingerprint($0) } ?? .noFrames(nil)
        default: return .fingerprint(dense.fingerprint(duration: duration))
        }
    }

    /// Hashes frames as they come, at most one each `spacing` seconds, with how flat each is. Past
    /// twice `maximumSamples` (a video longer than its container said) every other sample is dropped
    /// and the spacing doubled: memory stays bounded.
    struct Collector {
        private(set) var spacing: Double
        let duration: Double?
        private(set) var frames = 0
        private(set) var samples: [VideoFingerprint.Sample] = []
        /// The first frames' times, for the gaps between keyframes.
        private var times: [Double] = []
        private var lastTime = 0.0
        private var last = -Double.infinity
        /// The shortest time between two frames seen: the last frame shows for about that long.
        private var frameTime = Double.infinity

        init(spacing: Double, duration: Double?) {
            self.spacing = spacing
            self.duration = duration
        }

        mutating func take(_ time: Double, _ pixels: UnsafeRawBufferPointer) -> Bool {
            if time > lastTime, frames > 0 { frameTime = min(frameTime, time - lastTime) }
            lastTime = max(lastTime, time)
            guard time - last >= spacing - 0.005 else { return true }   // ffmpeg's own selection, rounded
            last = time
            frames += 1
            if times.count < VideoFingerprinting.maximumSamples { times.append(time) }
            if samples.count >= VideoFingerprinting.maximumSamples * 2 {
                samples = samples.enumerated().filter { $0.offset % 2 == 0 }.map(\.element)
                spacing = max(spacing * 2, VideoFingerprinting.spacing)
            }
            let values = pixels.map(Double.init)
            let mean = values.reduce(0, +) / Double(values.count)
            let deviation = (values.reduce(0) { $0 + ($1 - mean) * ($1 - mean) } / Double(values.count)).squareRoot()
            samples.append(.init(time: Float(time), hash: PerceptualHash(luminance: values).bits,
                                 deviation: UInt8(min(255, deviation.rounded()))))
            return true
        }

        /// Whether the keyframes alone are dense enough: at least `minimumKeyframes`, a median gap of at
        /// most `keyframeGap` seconds, none missing over the video's length.
        func followsTheVideo(duration: Double?) -> Bool {
            guard times.count >= VideoFingerprinting.minimumKeyframes else { return false }
            let gaps = zip(times.dropFirst(), times).map { $0 - $1 }.sorted()
            guard gaps[gaps.count / 2] <= VideoFingerprinting.keyframeGap else { return false }
            return Double(frames) >= (duration ?? 0) / (VideoFingerprinting.keyframeGap + 0.1)
        }

        func fingerprint(duration: Double?) -> VideoFingerprint {
            var kept = samples.sorted { $0.time < $1.time }
            if kept.count > VideoFingerprinting.maximumSamples {
                let step = Double(kept.count) / Double(VideoFingerprinting.maximumSamples)
                kept = (0..<VideoFingerprinting.maximumSamples).map { kept[Int(Double($0) * step)] }
            }
            // Without the container's duration, the last frame is taken to show as long as frames are apart.
            let end = lastTime + (frameTime.isFinite ? min(frameTime, 1) : 0)
            return VideoFingerprint(duration: duration ?? end, samples: kept, frames: frames)
        }
    }
}
