import FileSystem

/// Pixels from image files: JPEG, PNG and HEIF, decoded at a reduced scale and turned upright.
public enum Decoding {
    /// Decodes the file at `path` at the smallest scale that satisfies `size`, upright, in `layout`.
    /// `orientation` overrides the one the file records (pass what the index knows, or nil to read it).
    public static func decode(
        _ path: RawPath, size: SizeRequest = .full, layout: Image.Layout = .rgb, orientation: Orientation? = nil
    ) throws(ImagingError) -> Image {
        try decode(bytes: read(path), name: path.description, size: size, layout: layout, orientation: orientation)
    }

    /// The same over bytes already in memory; `name` only names the file in errors.
    public static func decode(
        bytes: [UInt8], name: String, size: SizeRequest = .full, layout: Image.Layout = .rgb, orientation: Orientation? = nil
    ) throws(ImagingError) -> Image {
        guard let format = ImageFormat(sniffing: bytes) else { throw .unsupported(path: name) }
        var image: Image
        var recorded: Orientation?
        switch format {
        case .jpeg:
            // Gray at 1/8 (the hash's decode of a photo) from the DC terms alone; the rest by libjpeg-turbo.
            if layout == .gray, let gray = bytes.withUnsafeBytes({ JPEGDCReader.decode($0, size: size) }) {
                image = gray
            } else {
                image = try JPEGCodec.decode(bytes, name: name, size: size, layout: layout)
            }
            recorded = Orientation(jpeg: bytes)
        case .png:
            // Gray (the hash's decode) is read by our own PNG reader; what it leaves, and RGB, by libspng.
            if layout == .gray, let gray = bytes.withUnsafeBytes({ PNGGrayReader.decode($0) }) {
                (image, recorded) = gray
            } else {
                (image, recorded) = try PNGCodec.decode(bytes, name: name)
            }
        case .heif:
            image = try HEIFCodec.decode(bytes, name: name, size: size)
            recorded = nil   // libheif already applied irot/imir
        }
        if layout == .gray { image = image.gray() }
        return image.applying(orientation ?? recorded ?? .up)
    }

    /// The picture's size as the file records it, read from its header without decoding; nil when unreadable.
    public static func size(bytes: [UInt8]) -> (width: Int, height: Int)? {
        switch ImageFormat(sniffing: bytes) {
        case .jpeg: return JPEGCodec.size(bytes)
        case .heif: return HEIFCodec.size(bytes)
        case .png:
            // The IHDR chunk comes first: its width and height, big-endian, at bytes 16 and 20.
            guard bytes.count >= 24, bytes[12..<16].elementsEqual("IHDR".utf8) else { return nil }
            func word(_ at: Int) -> Int { bytes[at..<(at + 4)].reduce(0) { $0 << 8 | Int($1) } }
            return (word(16), word(20))
        case nil: return nil
        }
    }

    static func read(_ path: RawPath) throws(ImagingError) -> [UInt8] {
        do {
            let file = try ReadableFile(path)
            let status = try file.status()
            guard status.size <= 512 << 20 else {
                throw ImagingError.unreadable(path: path.description, reason: "it is larger than 512 MB")
            }
            return try file.read(at: 0, count: Int(status.size))
        } catch let error as ImagingError {
            throw error
        } catch {
            throw .unreadable(path: path.description, reason: "\(error)")
        }
    }
}

/// JPEG previews for the web app: upright, no larger than the screen needs. A JPEG is decoded at
/// the largest DCT scale within the long side asked (a 4000×3000 photo at 3/8: 1500×1125), so it is
/// never resampled; other pictures are shrunk to fit after decoding.
public enum Preview {
    /// The long side of a preview, in pixels.
    public static let maximumSide = 1_600

    /// A JPEG of the picture at `path`, its long side at most `longSide` pixels.
    public static func jpeg(
        _ path: RawPath, longSide: Int = maximumSide, quality: Int = 82, orientation: Orientation? = nil
    ) throws(ImagingError) -> [UInt8] {
        try jpeg(bytes: Decoding.read(path), name: path.description, longSide: longSide, quality: quality, orientation: orientation)
    }

    public static func jpeg(
        bytes: [UInt8], name: String, longSide: Int = maximumSide, quality: Int = 82, orientation: Orientation? = nil
    ) throws(ImagingError) -> [UInt8] {
        // A TIFF (or a camera raw built like one) for the page only: the scan does not decode it.
        let image = TIFFCodec.isTIFF(bytes)
            ? try TIFFCodec.decode(bytes, name: name, longSide: longSide)
            : try Decoding.decode(bytes: bytes, name: name, size: .longSideAtMost(longSide), orientation: orientation)
        return try JPEGCodec.encode(image.fitting(longSide: longSide), quality: quality)
    }

}
