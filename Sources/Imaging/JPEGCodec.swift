import CTurboJPEG

/// JPEG through libjpeg-turbo: decoding at the smallest DCT scale that satisfies the request
/// (1/8 … 1, so a 12-megapixel photo shrinks while it is decoded), and encoding previews.
enum JPEGCodec {
    static func decode(_ bytes: [UInt8], name: String, size: SizeRequest, layout: Image.Layout) throws(ImagingError) -> Image {
        guard let handle = tjInitDecompress() else { throw .corrupt(path: name, format: "JPEG", reason: "libjpeg-turbo did not start") }
        defer { tjDestroy(handle) }
        var width: Int32 = 0, height: Int32 = 0, subsampling: Int32 = 0, colorspace: Int32 = 0
        guard tjDecompressHeader3(handle, bytes, UInt(bytes.count), &width, &height, &subsampling, &colorspace) == 0,
              width > 0, height > 0
        else { throw .corrupt(path: name, format: "JPEG", reason: message(handle)) }
        guard Int(width) * Int(height) <= maximumPixels else { throw .tooLarge(path: name, width: Int(width), height: Int(height)) }

        let (outW, outH) = scaledSize(width: Int(width), height: Int(height), for: size)
        let format = layout == .rgb ? TJPF_RGB : TJPF_GRAY
        let count = outW * outH * layout.rawValue
        func decompress(into out: UnsafeMutableBufferPointer<UInt8>) -> Int32 {
            tjDecompress2(handle, bytes, UInt(bytes.count), out.baseAddress, Int32(outW), 0, Int32(outH),
                          Int32(format.rawValue), TJFLAG_FASTDCT | TJFLAG_FASTUPSAMPLE)
        }
        // Not zeroed first: a clean decode writes every byte, and a damaged file that fails costs no
        // pass over the buffer. Only a decode with a warning (a truncated file) is made again over a
        // zeroed buffer, so whatever it leaves unwritten reads as it always has.
        var status: Int32 = 0
        var pixels = [UInt8](unsafeUninitializedCapacity: count) { out, initialized in
            status = decompress(into: out)
            initialized = status == 0 ? count : 0
        }
        if status != 0 && tjGetErrorCode(handle) != Int32(TJERR_FATAL.rawValue) {
            pixels = [UInt8](repeating: 0, count: count)
            status = pixels.withUnsafeMutableBufferPointer { decompress(into: $0) }
            // TurboJPEG calls an error a warning when a warning came before it: a file it gave up on before
            // writing a row (libjpeg-turbo writes mid-gray, never 0, where data is missing) is refused, not
            // read as a black picture that would hash like every other such file. (A picture black
            // throughout that also has a flaw is refused too: nothing here tells the two apart.)
            if status != 0 && !pixels.contains(where: { $0 != 0 }) {
                throw .corrupt(path: name, format: "JPEG", reason: message(handle))
            }
        }
        // A truncated file still yields its top part with a warning; only a hard error is refused.
        if status != 0 && tjGetErrorCode(handle) == Int32(TJERR_FATAL.rawValue) {
            throw .corrupt(path: name, format: "JPEG", reason: message(handle))
        }
        return Image(width: outW, height: outH, layout: layout, pixels: pixels)
    }

    /// The picture's size as its header records it (no decode), nil for a header libjpeg-turbo refuses.
    static func size(_ bytes: [UInt8]) -> (width: Int, height: Int)? {
        guard let handle = tjInitDecompress() else { return nil }
        defer { tjDestroy(handle) }
        var width: Int32 = 0, height: Int32 = 0, subsampling: Int32 = 0, colorspace: Int32 = 0
        guard tjDecompressHeader3(handle, bytes, UInt(bytes.count), &width, &height, &subsampling, &colorspace) == 0 else { return nil }
        return (Int(width), Int(height))
    }

    /// The smallest of libjpeg-turbo's scaled sizes that satisfies the request (the full size when
    /// none does); for `longSideAtMost`, the largest whose long side is within it (the smallest scale
    /// when none is).
    static func scaledSize(width: Int, height: Int, for size: SizeRequest) -> (Int, Int) {
        var count: Int32 = 0
        guard let factors = tjGetScalingFactors(&count) else { return (width, height) }
        // Looked through in place, no list made: this is asked of every JPEG hashed, twice.
        func scaled(_ i: Int) -> (width: Int, height: Int)? {
            let num = Int(factors[i].num), denom = Int(factors[i].denom)
            guard num <= denom else { return nil }   // never enlarge
            return ((width * num + denom - 1) / denom, (height * num + denom - 1) / denom)
        }
        func area(_ s: (width: Int, height: Int)) -> Int { s.width * s.height }
        if case .longSideAtMost(let side) = size {
            var within: (width: Int, height: Int)?, smallest: (width: Int, height: Int)?
            for i in 0..<Int(count) {
                guard let s = scaled(i) else { continue }
                if max(s.width, s.height) <= side && within.map({ area($0) < area(s) }) ?? true { within = s }
                if smallest.map({ area(s) < area($0) }) ?? true { smallest = s }
            }
            return (within ?? smallest).map { ($0.width, $0.height) } ?? (width, height)
        }
        var best = (width: width, height: height)
        for i in 0..<Int(count) {
            guard let s = scaled(i) else { continue }
            if size.isSatisfied(width: s.width, height: s.height) && area(s) < area(best) { best = s }
        }
        return (best.width, best.height)
    }

    /// The DCT scale, in eighths, libjpeg-turbo decodes this picture at for `size`: `decode` asks
    /// TurboJPEG for `scaledSize`, and TurboJPEG takes the largest scale whose picture fits it, so a
    /// picture as large at two scales (1 × 1 px, at every one) is decoded at the larger.
    static func eighths(width: Int, height: Int, for size: SizeRequest) -> Int {
        let (w, h) = scaledSize(width: width, height: height, for: size)
        return (1...8).last { (width * $0 + 7) / 8 <= w && (height * $0 + 7) / 8 <= h } ?? 8
    }

    /// A baseline JPEG of the image at this quality (1…100), 4:2:0 for colour.
    static func encode(_ image: Image, quality: Int) throws(ImagingError) -> [UInt8] {
        guard let handle = tjInitCompress() else { throw .corrupt(path: "preview", format: "JPEG", reason: "libjpeg-turbo did not start") }
        defer { tjDestroy(handle) }
        var buffer: UnsafeMutablePointer<UInt8>? = nil
        var length: UInt = 0
        let format = image.layout == .rgb ? TJPF_RGB : TJPF_GRAY
        let subsampling = image.layout == .rgb ? TJSAMP_420 : TJSAMP_GRAY
        let status = image.pixels.withUnsafeBufferPointer { src in
            tjCompress2(handle, src.baseAddress, Int32(image.width), 0, Int32(image.height), Int32(format.rawValue),
                        &buffer, &length, Int32(subsampling.rawValue), Int32(max(1, min(100, quality))), TJFLAG_FASTDCT)
        }
        defer { if let buffer { tjFree(buffer) } }
        guard status == 0, let buffer else { throw .corrupt(path: "preview", format: "JPEG", reason: message(handle)) }
        return Array(UnsafeBufferPointer(start: buffer, count: Int(length)))
    }

    private static func message(_ handle: tjhandle) -> String {
        guard let text = tjGetErrorStr2(handle) else { return "unknown error" }
        return String(cString: text)
    }
}
