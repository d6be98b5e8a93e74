import CZlib

/// zlib-compressed metadata (a PNG's compressed XMP), inflated with a cap on the output.
/// The only file that imports `CZlib`.
enum Inflate {
    /// The inflated bytes, or nil when the data is not zlib or inflates past `limit` (a bomb).
    static func zlib(_ input: ArraySlice<UInt8>, limit: Int = ByteSource.maximumPayload) -> [UInt8]? {
        guard !input.isEmpty, input.count <= Int(UInt32.max) else { return nil }
        var stream = z_stream()
        guard swipeclean_inflate_init(&stream) == Z_OK else { return nil }
        defer { inflateEnd(&stream) }
        var output: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        let input = Array(input)
        return input.withUnsafeBufferPointer { source -> [UInt8]? in
            stream.next_in = UnsafeMutablePointer(mutating: source.baseAddress)
            stream.avail_in = UInt32(source.count)
            while true {
                let status = chunk.withUnsafeMutableBufferPointer { buffer -> Int32 in
                    stream.next_out = buffer.baseAddress
                    stream.avail_out = UInt32(buffer.count)
                    return inflate(&stream, Z_NO_FLUSH)
                }
                let produced = chunk.count - Int(stream.avail_out)
                guard output.count + produced <= limit else { return nil }
                output += chunk[0..<produced]
                switch status {
                case Z_STREAM_END: return output
                case Z_OK where produced > 0 || stream.avail_in > 0: continue
                default: return nil  // a data error, or truncated input that makes no progress
                }
            }
        }
    }
}
