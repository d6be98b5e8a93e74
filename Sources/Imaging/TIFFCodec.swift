import CTiff

/// TIFF through libtiff, for the web app's previews (a scanner's or an editor's TIFF, a camera raw's
/// own RGB picture): each picture the file holds is looked at, the smallest at least `longSide` on its
/// long side is read (the largest when none is), as 8-bit RGB turned upright by the file's orientation.
/// A picture libtiff cannot turn into RGB (a raw sensor's data) is passed over; none at all: `.corrupt`.
enum TIFFCodec {
    static func isTIFF(_ bytes: [UInt8]) -> Bool {
        bytes.starts(with: [0x49, 0x49, 0x2A, 0x00]) || bytes.starts(with: [0x4D, 0x4D, 0x00, 0x2A])
    }

    static func decode(_ bytes: [UInt8], name: String, longSide: Int) throws(ImagingError) -> Image {
        try bytes.withUnsafeBufferPointer { (raw) throws(ImagingError) -> Image in
            var memory = swipeclean_tiff_memory(bytes: raw.baseAddress, size: tmsize_t(raw.count), at: 0)
            guard let tiff = swipeclean_tiff_open(&memory) else {
                throw .corrupt(path: name, format: "TIFF", reason: "libtiff cannot read its header")
            }
            defer { TIFFClose(tiff) }
            // Each picture's size (a file may hold a thumbnail, a preview and the full picture).
            var pictures: [(index: UInt32, width: Int, height: Int)] = []
            var index: UInt32 = 0
            repeat {
                let width = Int(swipeclean_tiff_u32(tiff, UInt32(TIFFTAG_IMAGEWIDTH)))
                let height = Int(swipeclean_tiff_u32(tiff, UInt32(TIFFTAG_IMAGELENGTH)))
                if width > 0, height > 0, width * height <= maximumPixels { pictures.append((index, width, height)) }
                index += 1
            } while index < 64 && TIFFReadDirectory(tiff) == 1
            guard !pictures.isEmpty else { throw .corrupt(path: name, format: "TIFF", reason: "it holds no picture of a size that can be read") }
            // The smallest at least `longSide`, then the larger ones, then the smaller ones, largest first.
            let enough = pictures.filter { max($0.width, $0.height) >= longSide }.sorted { $0.width * $0.height < $1.width * $1.height }
            let short = pictures.filter { max($0.width, $0.height) < longSide }.sorted { $0.width * $0.height > $1.width * $1.height }
            for picture in enough + short {
                guard TIFFSetDirectory(tiff, picture.index) == 1 else { continue }
                if let image = rgb(tiff, width: picture.width, height: picture.height) {
                    var orientation: UInt16 = 1
                    _ = swipeclean_tiff_orientation(tiff, &orientation)
                    return image.applying(Orientation(rawValue: Int(orientation)) ?? .up)
                }
            }
            throw .corrupt(path: name, format: "TIFF", reason: "libtiff cannot turn any of its pictures into RGB (a camera's raw data?)")
        }
    }

    /// The directory's picture as RGB, from libtiff's RGBA reader (rows top first), or nil when it cannot read it.
    private static func rgb(_ tiff: OpaquePointer, width: Int, height: Int) -> Image? {
        var message = [CChar](repeating: 0, count: 1024)
        guard TIFFRGBAImageOK(tiff, &message) == 1 else { return nil }
        var raster = [UInt32](repeating: 0, count: width * height)
        let read = raster.withUnsafeMutableBufferPointer {
            TIFFReadRGBAImageOriented(tiff, UInt32(width), UInt32(height), $0.baseAddress, ORIENTATION_TOPLEFT, 0)
        }
        guard read == 1 else { return nil }
        var pixels = [UInt8](repeating: 0, count: width * height * 3)
        pixels.withUnsafeMutableBufferPointer { out in
            for (i, abgr) in raster.enumerated() {
                out[3 * i] = UInt8(truncatingIfNeeded: abgr)
                out[3 * i + 1] = UInt8(truncatingIfNeeded: abgr >> 8)
                out[3 * i + 2] = UInt8(truncatingIfNeeded: abgr >> 16)
            }
        }
        return Image(width: width, height: height, layout: .rgb, pixels: pixels)
    }
}

