import CSpng

/// PNG through libspng: the whole image as 8-bit RGB (alpha dropped, 16-bit reduced), and its eXIf orientation.
enum PNGCodec {
    static func decode(_ bytes: [UInt8], name: String) throws(ImagingError) -> (Image, Orientation?) {
        guard let context = spng_ctx_new(0) else { throw .corrupt(path: name, format: "PNG", reason: "libspng did not start") }
        defer { spng_ctx_free(context) }
        spng_set_crc_action(context, Int32(SPNG_CRC_USE.rawValue), Int32(SPNG_CRC_USE.rawValue))
        spng_set_chunk_limits(context, 64 << 20, 64 << 20)
        spng_set_image_limits(context, 65_535, 65_535)
        return try withBytes(bytes, name) { (raw) throws(ImagingError) -> (Image, Orientation?) in
            try check(spng_set_png_buffer(context, raw.baseAddress, raw.count), name)
            var header = spng_ihdr()
            try check(spng_get_ihdr(context, &header), name)
            let width = Int(header.width), height = Int(header.height)
            guard width * height <= maximumPixels else { throw .tooLarge(path: name, width: width, height: height) }
            let format = Int32(SPNG_FMT_RGB8.rawValue)
            var length = 0
            try check(spng_decoded_image_size(context, format, &length), name)
            // Not zeroed first: libspng writes every byte of a decode that succeeds, and a damaged
            // file (which fails) then costs no pass over an image-sized buffer.
            var decoded: Int32 = 0
            let pixels = [UInt8](unsafeUninitializedCapacity: length) { out, initialized in
                decoded = spng_decode_image(context, out.baseAddress, length, format, Int32(SPNG_DECODE_TRNS.rawValue))
                initialized = decoded == 0 ? length : 0
            }
            try check(decoded, name)
            var exif = spng_exif()
            var orientation: Orientation? = nil
            if spng_get_exif(context, &exif) == 0, let data = exif.data, exif.length > 0 {
                orientation = Orientation(tiff: Array(UnsafeRawBufferPointer(start: data, count: exif.length)))
            }
            return (Image(width: width, height: height, layout: .rgb, pixels: pixels), orientation)
        }
    }

    private static func check(_ status: Int32, _ name: String) throws(ImagingError) {
        guard status == 0 else {
            throw .corrupt(path: name, format: "PNG", reason: String(cString: spng_strerror(status)))
        }
    }
}
