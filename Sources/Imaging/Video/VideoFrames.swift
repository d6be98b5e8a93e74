import FileSystem
import Foundation

/// A video's frames as ffmpeg decodes them, each shrunk to 32×32 gray (each pixel the average of the
/// area it covers), with its time: the frames the fingerprint hashes. ffmpeg is an optional program
/// (found on PATH); `program` is the seam tests use to stand in a decoder that hangs or fails.
///
/// ffmpeg runs through `ChildProcess` (no shell, the file as descriptor 3, a time limit, killed past
/// it), on one thread, the loop filter skipped (a sample needs no more). The frames come on standard
/// output as raw bytes and their times on standard error as `framecrc` lines, one per frame in order.
public struct VideoFrames: Sendable {
    /// Which frames are decoded: the cost of a sample.
    public enum Decode: String, Sendable {
        /// Keyframes only: a camera writes one a second or so; each decodes on its own.
        case keyframes = "nokey"
        /// Every frame another frame is predicted from (the others, B-frames mostly, are skipped): a long
        /// group of pictures sampled densely at about half the cost of every frame.
        case referenceFrames = "noref"
    }

    public enum Outcome: Equatable, Sendable {
        /// ffmpeg went to the end (or was stopped once enough was read).
        case finished
        /// Still decoding at the time limit, or silent for the idle limit: stopped.
        case timedOut
        /// ffmpeg failed: its last words.
        case failed(String)
        /// ffmpeg could not be started on the file (the file unreadable, the program missing): why.
        case notRun(String)
    }

    public static let side = 32

    /// The program run: ffmpeg's path, or a test's stand-in.
    public let program: String
    /// A decoder silent this long (no frame, no word) has hung: it is stopped, whatever the time limit.
    public let idleLimit: Double

    public init(program: String, idleLimit: Double = 20) {
        self.program = program
        self.idleLimit = idleLimit
    }

    /// ffmpeg from PATH, nil when it is not installed (the scan then says videos were not compared).
    public static let installed: VideoFrames? = ExternalProgram.find("ffmpeg").map({ VideoFrames(program: $0) })

    /// Decodes `path`'s first video stream, calling `frame(seconds, 32×32 gray pixels)` for each frame
    /// at least `spacing` seconds after the last one passed (the others are dropped before they are shrunk),
    /// in order; `frame` returns false to stop early.
    public func frames(of path: RawPath, decode: Decode, spacing: Double = 0, timeLimit: Double,
                       frame: (Double, UnsafeRawBufferPointer) -> Bool) -> Outcome {
        let side = Self.side
        let select = spacing > 0 ? "select='isnan(prev_selected_t)+gte(t-prev_selected_t\\,\(spacing))'," : ""
        let arguments = ["-nostdin", "-hide_banner", "-nostats", "-v", "error", "-threads", "1",
                         "-skip_frame", decode.rawValue, "-skip_loop_filter", "all", "-i", "file:/dev/fd/3",
                         "-an", "-sn", "-dn", "-filter_complex", "[0:v:0]\(select)scale=\(side):\(side):flags=area,format=gray,split[a][b]",
                         "-map", "[a]", "-fps_mode", "passthrough", "-f", "rawvideo", "pipe:1",
                         "-map", "[b]", "-fps_mode", "passthrough", "-c:v", "rawvideo", "-f", "framecrc", "pipe:2"]
        var reader = Reader(frameBytes: side * side)
        let outcome: ChildProcess.Outcome
        do {
            outcome = try ChildProcess.run(program, arguments, file: path, timeout: timeLimit, idle: idleLimit) { chunk in
                switch chunk {
                case .output(let bytes): reader.pixels(bytes)
                case .errors(let bytes): reader.errors(bytes)
                }
                return reader.deliver(frame)
            }
        } catch {
            return .notRun(error.description)
        }
        switch outcome {
        case .exited(0), .stopped: return .finished
        case .timedOut: return .timedOut
        case .exited, .signalled: return .failed(reader.lastWords)
        }
    }

    /// Pairs the frames on standard output with the times on standard error, in order.
    struct Reader {
        let frameBytes: Int
        private var pending: [UInt8] = []
        private var line: [UInt8] = []
        private var times: [Double] = []
        private var timeBase: Double?
        private var delivered = 0
        private var words: [String] = []

        init(frameBytes: Int) {
            self.frameBytes = frameBytes
        }

        mutating func pixels(_ bytes: UnsafeRawBufferPointer) {
            pending.append(contentsOf: bytes)
        }

        mutating func errors(_ bytes: UnsafeRawBufferPointer) {
            for byte in bytes {
                if byte == UInt8(ascii: "\n") {
                    take(String(decoding: line, as: UTF8.self))
                    line.removeAll(keepingCapacity: true)
                } else if line.count < 4096 {
                    line.append(byte)
                }
            }
        }

        /// `#tb 0: 1/30`, then `0, dts, pts, duration, size, crc` per frame; anything else is ffmpeg's words.
        private mutating func take(_ text: String) {
            if text.hasPrefix("#tb 0:") {
                let fraction = text.dropFirst(6).split(separator: "/").compactMap { Double($0.trimmingCharacters(in: .whitespaces)) }
                if fraction.count == 2, fraction[1] > 0 { timeBase = fraction[0] / fraction[1] }
            } else if text.hasPrefix("0,") {
                let fields = text.split(separator: ",")
                if fields.count >= 3, let pts = Double(fields[2].trimmingCharacters(in: .whitespaces)), let timeBase {
                    times.append(pts * timeBase)
                }
            } else if !text.hasPrefix("#"), !text.isEmpty {
                words.append(text)
                if words.count > 4 { words.removeFirst() }
            }
        }

        /// Hands over each frame whose pixels and time have both come; false when `frame` says stop.
        mutating func deliver(_ frame: (Double, UnsafeRawBufferPointer) -> Bool) -> Bool {
            var used = 0
            defer { if used > 0 { pending.removeFirst(used) } }
            while pending.count - used >= frameBytes, delivered < times.count {
                let time = times[delivered]
                let keepGoing = pending[used..<(used + frameBytes)].withUnsafeBytes { frame(time, $0) }
                used += frameBytes
                delivered += 1
                guard keepGoing else { return false }
            }
            if delivered > 256 {   // times already paired are not kept
                times.removeFirst(delivered)
                delivered = 0
            }
            return true
        }

        var lastWords: String { words.last ?? "ffmpeg failed" }
    }
}
