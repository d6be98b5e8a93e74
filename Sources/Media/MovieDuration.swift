import FileSystem

/// How long a QuickTime/MP4/3GP movie plays, from its `moov/mvhd` header: a few bounded reads,
/// never the whole file. For the cards, which show a video's duration.
public enum MovieDuration {
    /// Seconds, or nil when the file is not such a movie or its header says nothing usable.
    public static func seconds(of path: RawPath) -> Double? {
        guard let (source, moov) = ISOFile.movieHeader(of: path) else { return nil }
        return QuickTimeMetadata.read(source, moov: moov).durationSeconds
    }

    /// "0:07", "12:34", "1:02:03".
    public static func text(_ seconds: Double) -> String {
        let total = Int(seconds.rounded())
        let (hours, minutes, rest) = (total / 3600, total / 60 % 60, total % 60)
        let two = { (n: Int) in n < 10 ? "0\(n)" : "\(n)" }
        return hours > 0 ? "\(hours):\(two(minutes)):\(two(rest))" : "\(minutes):\(two(rest))"
    }
}
