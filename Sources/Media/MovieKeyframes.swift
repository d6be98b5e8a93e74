import FileSystem

/// How often a QuickTime/MP4/3GP movie's video has a keyframe, from its `moov` header alone: the video
/// track's sync-sample table (`stss`: no table, every sample is one) over the track's length (`mdhd`). A
/// camera writes one a second or so; an encoder's defaults one in 250 frames. Similar videos read it to
/// choose how to sample a video before decoding any of it.
public enum MovieKeyframes {
    public struct Summary: Sendable, Equatable {
        /// Keyframes in the video track.
        public let keyframes: Int
        /// The video track's length in seconds.
        public let seconds: Double
    }

    /// The first video track's keyframes and length; nil when the file is not such a movie or says nothing usable.
    public static func summary(of path: RawPath) -> Summary? {
        guard let (source, moov) = ISOFile.movieHeader(of: path) else { return nil }
        for trak in moov.children(in: source) where trak.type == "trak" {
            guard let mdia = trak.children(in: source).first(where: { $0.type == "mdia" }) else { continue }
            let boxes = mdia.children(in: source)
            guard let handler = boxes.first(where: { $0.type == "hdlr" }),
                  source.bytes(at: handler.payloadOffset + 8, count: 4)?.fourCC(0) == "vide",
                  let seconds = boxes.first(where: { $0.type == "mdhd" }).flatMap({ length(source, $0) }),
                  let stbl = boxes.first(where: { $0.type == "minf" })?.children(in: source).first(where: { $0.type == "stbl" })
            else { continue }
            let tables = stbl.children(in: source)
            let samples = tables.first { $0.type == "stsz" }.flatMap { source.bytes(at: $0.payloadOffset + 8, count: 4)?.u32(0) }
            let sync = tables.first { $0.type == "stss" }.flatMap { source.bytes(at: $0.payloadOffset + 4, count: 4)?.u32(0) }
            guard let count = sync ?? samples else { continue }
            return Summary(keyframes: Int(count), seconds: seconds)
        }
        return nil
    }

    /// `mdhd`: version 0 has a 32-bit time scale at 12 and duration at 16, version 1 at 20 and 24 (64 bits).
    private static func length(_ source: ByteSource, _ box: ISOBox) -> Double? {
        guard let data = source.bytes(at: box.payloadOffset, count: min(32, Int(box.payloadSize))), let version = data.u8(0) else { return nil }
        let scale = version == 1 ? data.u32(20) : data.u32(12)
        let duration = version == 1 ? data.u64(24) : data.u32(16).map(UInt64.init)
        guard let scale, scale > 0, let duration, duration < UInt64(Int64.max) else { return nil }
        return Double(duration) / Double(scale)
    }
}
