/// What a video looks like along its time: the 64-bit perceptual hash of each frame sampled, with the
/// frame's time and how much its gray values spread (a black or flat frame's hash says nothing: it
/// looks like every other flat frame). Two copies of one video have hashes a few bits apart at the same
/// times; a trimmed copy's hashes are its source's shifted by where the trim starts (`VideoAlignment`).
/// Kept in the index with the item.
public struct VideoFingerprint: Sendable, Equatable {
    public struct Sample: Sendable, Equatable {
        /// Seconds from the video's first frame.
        public let time: Float
        public let hash: UInt64
        /// The standard deviation of the frame's 32×32 gray values, rounded (at most 255).
        public let deviation: UInt8

        public init(time: Float, hash: UInt64, deviation: UInt8) {
            self.time = time
            self.hash = hash
            self.deviation = deviation
        }

        /// Under this deviation a frame is black or flat: its hash is not compared.
        public static let flat: UInt8 = 5
        /// From this deviation a frame clearly shows something: against a flat frame it is another picture.
        public static let clear: UInt8 = 15

        public var isInformative: Bool { deviation >= Self.flat }
    }

    /// Seconds the video plays.
    public let duration: Double
    /// The frames sampled, by time.
    public let samples: [Sample]
    /// Frames decoded in all, the black and flat ones counted.
    public let frames: Int

    public init(duration: Double, samples: [Sample], frames: Int) {
        self.duration = duration
        self.samples = samples
        self.frames = frames
    }

    // MARK: - As the index keeps it

    /// Version 1: "SVF1", the duration (Float64 bits), the frames decoded (UInt32), the sample count
    /// (UInt32), then each sample's time (Float32 bits), hash (UInt64) and deviation (UInt8), all little-endian.
    public var bytes: [UInt8] {
        var out: [UInt8] = Array("SVF1".utf8)
        out.reserveCapacity(20 + samples.count * Self.sampleBytes)
        Self.append(duration.bitPattern, 8, to: &out)
        Self.append(UInt64(frames), 4, to: &out)
        Self.append(UInt64(samples.count), 4, to: &out)
        for sample in samples {
            Self.append(UInt64(sample.time.bitPattern), 4, to: &out)
            Self.append(sample.hash, 8, to: &out)
            out.append(sample.deviation)
        }
        return out
    }

    /// The fingerprint `bytes` wrote; nil for anything else.
    public init?(bytes: [UInt8]) {
        guard bytes.count >= 20, bytes.starts(with: Array("SVF1".utf8)) else { return nil }
        let count = Int(Self.read(bytes, 16, 4))
        guard bytes.count == 20 + count * Self.sampleBytes else { return nil }
        duration = Double(bitPattern: Self.read(bytes, 4, 8))
        frames = Int(Self.read(bytes, 12, 4))
        samples = (0..<count).map { index in
            let at = 20 + index * Self.sampleBytes
            return Sample(time: Float(bitPattern: UInt32(Self.read(bytes, at, 4))), hash: Self.read(bytes, at + 4, 8), deviation: bytes[at + 12])
        }
        guard duration.isFinite, duration >= 0, samples.allSatisfy({ $0.time.isFinite }) else { return nil }
    }

    private static let sampleBytes = 13

    private static func append(_ value: UInt64, _ count: Int, to out: inout [UInt8]) {
        for byte in 0..<count { out.append(UInt8(truncatingIfNeeded: value >> (8 * UInt64(byte)))) }
    }

    private static func read(_ bytes: [UInt8], _ at: Int, _ count: Int) -> UInt64 {
        (0..<count).reduce(0) { $0 | UInt64(bytes[at + $1]) << (8 * UInt64($1)) }
    }
}
