import CHeif

/// HEIF/HEIC through libheif: the primary image, or its embedded thumbnail when that is big enough
/// for the request. libheif applies the file's own rotation and mirror boxes (irot/imir), which are
/// authoritative for HEIF, so the EXIF orientation is not applied again.
enum HEIFCodec {
    static func decode(_ bytes: [UInt8], name: String, size: SizeRequest) throws(ImagingError) -> Image {
        guard let context = heif_context_alloc() else { throw .corrupt(path: name, format: "HEIF", reason: "libheif did not start") }
        defer { heif_context_free(context) }
        return try withBytes(bytes, name) { (raw) throws(ImagingError) -> Image in
            try check(heif_context_read_from_memory_without_copy(context, raw.baseAddress, raw.count, nil), name)
            var primary: OpaquePointer? = nil
            try check(heif_context_get_primary_image_handle(context, &primary), name)
            guard let primary else { throw .corrupt(path: name, format: "HEIF", reason: "no primary image") }
            defer { heif_image_handle_release(primary) }
            let width = Int(heif_image_handle_get_width(primary)), height = Int(heif_image_handle_get_height(primary))
            guard width > 0, height > 0 else { throw .corrupt(path: name, format: "HEIF", reason: "the primary image has no size") }
            guard width * height <= maximumPixels else { throw .tooLarge(path: name, width: width, height: height) }

            if let thumbnail = thumbnail(of: primary, satisfying: size) {
                defer { heif_image_handle_release(thumbnail) }
                if let image = try? pixels(of: thumbnail, name: name) { return image }
            }
            return try pixels(of: primary, name: name)
        }
    }

    /// The primary image's size as the file records it (no decode), nil for a file libheif cannot read.
    static func size(_ bytes: [UInt8]) -> (width: Int, height: Int)? {
        guard let context = heif_context_alloc() else { return nil }
        defer { heif_context_free(context) }
        return bytes.withUnsafeBytes { raw -> (width: Int, height: Int)? in
            var primary: OpaquePointer? = nil
            guard heif_context_read_from_memory_without_copy(context, raw.baseAddress, raw.count, nil).code == heif_error_Ok,
                  heif_context_get_primary_image_handle(context, &primary).code == heif_error_Ok, let primary else { return nil }
            defer { heif_image_handle_release(primary) }
            return (Int(heif_image_handle_get_width(primary)), Int(heif_image_handle_get_height(primary)))
        }
    }

    /// The largest thumbnail that satisfies the request, if one does.
    private static func thumbnail(of handle: OpaquePointer, satisfying size: SizeRequest) -> OpaquePointer? {
        let count = Int(heif_image_handle_get_number_of_thumbnails(handle))
        guard count > 0, size != .full else { return nil }
        var ids = [heif_item_id](repeating: 0, count: count)
        let listed = Int(heif_image_handle_get_list_of_thumbnail_IDs(handle, &ids, Int32(count)))
        var best: (OpaquePointer, Int)? = nil
        for id in ids.prefix(listed) {
            var thumb: OpaquePointer? = nil
            guard heif_image_handle_get_thumbnail(handle, id, &thumb).code == heif_error_Ok, let thumb else { continue }
            let w = Int(heif_image_handle_get_width(thumb)), h = Int(heif_image_handle_get_height(thumb))
            if size.isSatisfied(width: w, height: h), best.map({ w * h < $0.1 }) ?? true {
                if let old = best { heif_image_handle_release(old.0) }
                best = (thumb, w * h)
            } else {
                heif_image_handle_release(thumb)
            }
        }
        return best?.0
    }

    private static func pixels(of handle: OpaquePointer, name: String) throws(ImagingError) -> Image {
        var decoded: OpaquePointer? = nil
        try check(heif_decode_image(handle, &decoded, heif_colorspace_RGB, heif_chroma_interleaved_RGB, nil), name)
        guard let decoded else { throw .corrupt(path: name, format: "HEIF", reason: "nothing decoded") }
        defer { heif_image_release(decoded) }
        let width = Int(heif_image_get_width(decoded, heif_channel_interleaved))
        let height = Int(heif_image_get_height(decoded, heif_channel_interleaved))
        var stride: Int32 = 0
        guard width > 0, height > 0, let plane = heif_image_get_plane_readonly(decoded, heif_channel_interleaved, &stride)
        else { throw .corrupt(path: name, format: "HEIF", reason: "no pixels in the decoded image") }
        var pixels = [UInt8](repeating: 0, count: width * height * 3)
        pixels.withUnsafeMutableBufferPointer { out in
            for y in 0..<height {
                (out.baseAddress! + y * width * 3).update(from: plane + y * Int(stride), count: width * 3)
            }
        }
        return Image(width: width, height: height, layout: .rgb, pixels: pixels)
    }

    private static func check(_ error: heif_error, _ name: String) throws(ImagingError) {
        guard error.code != heif_error_Ok else { return }
        let reason = error.message.map { String(cString: $0) } ?? "error \(error.code.rawValue)"
        throw .corrupt(path: name, format: "HEIF", reason: reason)
    }
}
