import CExif

/// The EXIF fields SwipeClean uses, read out of libexif into plain Swift values.
struct ExifFields: Equatable {
    var dateTimeOriginal: CaptureDate?
    var dateTimeDigitized: CaptureDate?
    /// IFD0 DateTime (exiftool's ModifyDate).
    var dateTime: CaptureDate?
    var make: String?
    var model: String?
    var software: String?
    var userComment: String?
    var pixelWidth: Int?
    var pixelHeight: Int?
    /// IFD0 ImageWidth/ImageLength: the size of a TIFF/DNG's first image.
    var imageWidth: Int?
    var imageHeight: Int?
    /// Whether the GPS IFD holds a latitude and a longitude: the file knows where it was taken.
    var hasLocation = false
}

/// Reads EXIF with libexif. The only file that imports `CExif`.
enum ExifReader {
    private static let exifHeader: [UInt8] = [0x45, 0x78, 0x69, 0x66, 0, 0]  // "Exif\0\0"

    /// Parses EXIF from `bytes`, which start either with the `Exif\0\0` header (a JPEG APP1
    /// payload) or directly with a TIFF header (TIFF/DNG, PNG eXIf, HEIC Exif item).
    /// nil when libexif finds nothing it can read.
    static func read(_ bytes: ArraySlice<UInt8>) -> ExifFields? {
        guard bytes.count >= 8 else { return nil }
        var buffer: [UInt8]
        if bytes.starts(with: exifHeader) {
            buffer = Array(bytes)
        } else {
            guard bytes.hasPrefix(ascii: "II*\0") || bytes.hasPrefix(ascii: "MM\0*") else { return nil }
            buffer = exifHeader
            buffer.append(contentsOf: bytes)
        }
        guard buffer.count <= Int(UInt32.max), let data = exif_data_new() else { return nil }
        hideMakerNote(in: &buffer)
        defer { exif_data_unref(data) }
        // Keep what the file says: no "fixing" to the specification, keep tags libexif does not
        // know (OffsetTime* on older builds), leave the maker note alone.
        exif_data_unset_option(data, EXIF_DATA_OPTION_FOLLOW_SPECIFICATION)
        exif_data_unset_option(data, EXIF_DATA_OPTION_IGNORE_UNKNOWN_TAGS)
        exif_data_set_option(data, EXIF_DATA_OPTION_DONT_CHANGE_MAKER_NOTE)
        buffer.withUnsafeBufferPointer { exif_data_load_data(data, $0.baseAddress, UInt32($0.count)) }
        let fields = Fields(data)
        return fields.extract()
    }

    /// libexif parses the maker note of any camera it knows inside `exif_data_load_data`, with no
    /// option to skip it. SwipeClean needs nothing from it, so the MakerNote entry of the EXIF IFD
    /// is renamed to an unknown tag in our copy of the bytes: libexif then keeps it as opaque data.
    static func hideMakerNote(in buffer: inout [UInt8]) {
        let tiff = 6
        guard buffer.count >= tiff + 8 else { return }
        let little = buffer[tiff] == 0x49
        func u16(_ at: Int) -> Int? {
            guard at >= 0, at + 2 <= buffer.count else { return nil }
            return little ? Int(buffer[at]) | Int(buffer[at + 1]) << 8 : Int(buffer[at]) << 8 | Int(buffer[at + 1])
        }
        func u32(_ at: Int) -> Int? {
            guard let high = u16(little ? at + 2 : at), let low = u16(little ? at : at + 2) else { return nil }
            return high << 16 | low
        }
        /// The offset of the entry with `tag` in the IFD at `ifd` (relative to the TIFF header).
        func entry(_ tag: Int, inIFDAt ifd: Int) -> Int? {
            guard let count = u16(tiff + ifd) else { return nil }
            for index in 0..<count {
                let at = tiff + ifd + 2 + index * 12
                guard let found = u16(at) else { return nil }
                if found == tag { return at }
            }
            return nil
        }
        guard let ifd0 = u32(tiff + 4), let pointer = entry(0x8769, inIFDAt: ifd0), let exifIFD = u32(pointer + 8),
              let makerNote = entry(0x927C, inIFDAt: exifIFD) else { return }
        buffer[makerNote] = 0xFF
        buffer[makerNote + 1] = 0xFE  // 0xFFFE / 0xFEFF: no tag of either
    }

    /// Looks tags up in one loaded `ExifData`.
    private struct Fields {
        let data: UnsafeMutablePointer<ExifData>
        let order: ExifByteOrder

        init(_ data: UnsafeMutablePointer<ExifData>) {
            self.data = data
            self.order = exif_data_get_byte_order(data)
        }

        func extract() -> ExifFields? {
            var fields = ExifFields()
            fields.dateTimeOriginal = date(0x9003, subSec: 0x9291, offset: 0x9011, preferring: EXIF_IFD_EXIF)
            fields.dateTimeDigitized = date(0x9004, subSec: 0x9292, offset: 0x9012, preferring: EXIF_IFD_EXIF)
            fields.dateTime = date(0x0132, subSec: 0x9290, offset: 0x9010, preferring: EXIF_IFD_0)
            fields.make = text(0x010F, preferring: EXIF_IFD_0)
            fields.model = text(0x0110, preferring: EXIF_IFD_0)
            fields.software = text(0x0131, preferring: EXIF_IFD_0)
            fields.userComment = userComment()
            fields.pixelWidth = integer(0xA002, preferring: EXIF_IFD_EXIF)
            fields.pixelHeight = integer(0xA003, preferring: EXIF_IFD_EXIF)
            fields.imageWidth = integer(0x0100, preferring: EXIF_IFD_0)
            fields.imageHeight = integer(0x0101, preferring: EXIF_IFD_0)
            // GPSLatitude and GPSLongitude (a GPS IFD with only a time or a version knows no place).
            fields.hasLocation = [0x0002, 0x0004].allSatisfy { tag in
                swipeclean_exif_entry(data, EXIF_IFD_GPS, ExifTag(rawValue: UInt32(tag))).map { $0.pointee.size > 0 } ?? false
            }
            return fields == ExifFields() ? nil : fields
        }

        /// The entry in the IFD where it belongs, else in IFD0 or the EXIF IFD (writers misplace tags).
        private func entry(_ tag: UInt32, preferring ifd: ExifIfd) -> UnsafeMutablePointer<ExifEntry>? {
            let exifTag = ExifTag(rawValue: tag)
            if let found = swipeclean_exif_entry(data, ifd, exifTag) { return found }
            // Then IFD0 and the EXIF IFD, whichever was not tried, without building a list: this runs
            // for every tag of every photo.
            if ifd != EXIF_IFD_0, let found = swipeclean_exif_entry(data, EXIF_IFD_0, exifTag) { return found }
            if ifd != EXIF_IFD_EXIF, let found = swipeclean_exif_entry(data, EXIF_IFD_EXIF, exifTag) { return found }
            return nil
        }

        private func rawBytes(_ entry: UnsafeMutablePointer<ExifEntry>) -> [UInt8] {
            guard let pointer = entry.pointee.data, entry.pointee.size > 0 else { return [] }
            return Array(UnsafeBufferPointer(start: pointer, count: Int(entry.pointee.size)))
        }

        /// An ASCII value up to its first NUL (or its raw bytes when the format is wrong).
        private func asciiBytes(_ tag: UInt32, preferring ifd: ExifIfd) -> [UInt8]? {
            guard let entry = entry(tag, preferring: ifd) else { return nil }
            guard let pointer = entry.pointee.data, entry.pointee.size > 0 else { return [] }
            return Array(UnsafeBufferPointer(start: pointer, count: Int(entry.pointee.size)).prefix { $0 != 0 })
        }

        /// A text value trimmed of NULs and spaces; nil when empty.
        private func text(_ tag: UInt32, preferring ifd: ExifIfd) -> String? {
            guard let bytes = asciiBytes(tag, preferring: ifd) else { return nil }
            let trimmed = String(decoding: bytes, as: UTF8.self).trimmingSpacesAndNULs
            return trimmed.isEmpty ? nil : trimmed
        }

        private func date(_ tag: UInt32, subSec: UInt32, offset: UInt32, preferring ifd: ExifIfd) -> CaptureDate? {
            guard let value = asciiBytes(tag, preferring: ifd) else { return nil }
            return CaptureDate.exif(value, subSeconds: asciiBytes(subSec, preferring: EXIF_IFD_EXIF),
                                    offset: asciiBytes(offset, preferring: EXIF_IFD_EXIF))
        }

        private func integer(_ tag: UInt32, preferring ifd: ExifIfd) -> Int? {
            guard let entry = entry(tag, preferring: ifd), let pointer = entry.pointee.data else { return nil }
            let size = Int(entry.pointee.size)
            switch entry.pointee.format {
            case EXIF_FORMAT_SHORT where size >= 2: return Int(exif_get_short(pointer, order))
            case EXIF_FORMAT_LONG where size >= 4: return Int(exif_get_long(pointer, order))
            default: return nil
            }
        }

        /// UserComment: an 8-byte character-code prefix ("ASCII", "UNICODE", zeros) then the text.
        private func userComment() -> String? {
            guard let entry = entry(0x9286, preferring: EXIF_IFD_EXIF) else { return nil }
            let bytes = rawBytes(entry)
            guard !bytes.isEmpty else { return nil }
            let text: String
            if bytes.count >= 8, bytes.starts(with: Array("UNICODE".utf8)) {
                let body = Array(bytes[8...])
                let bigEndian = order == EXIF_BYTE_ORDER_MOTOROLA
                var units: [UInt16] = []
                var i = 0
                while i + 1 < body.count {
                    units.append(bigEndian ? UInt16(body[i]) << 8 | UInt16(body[i + 1]) : UInt16(body[i + 1]) << 8 | UInt16(body[i]))
                    i += 2
                }
                text = String(decoding: units, as: UTF16.self)
            } else if bytes.count >= 8, bytes.starts(with: Array("ASCII".utf8)) || bytes.starts(with: Array("JIS".utf8))
                        || bytes.prefix(8).allSatisfy({ $0 == 0 }) {
                text = String(decoding: bytes[8...], as: UTF8.self)
            } else {
                text = String(decoding: bytes, as: UTF8.self)
            }
            let trimmed = text.trimmingSpacesAndNULs
            return trimmed.isEmpty ? nil : trimmed
        }
    }
}

extension String {
    /// The text without leading and trailing spaces, NULs, tabs and newlines.
    var trimmingSpacesAndNULs: String {
        let junk: Set<Character> = [" ", "\0", "\t", "\n", "\r"]
        guard let first = firstIndex(where: { !junk.contains($0) }),
              let last = lastIndex(where: { !junk.contains($0) }) else { return "" }
        return String(self[first...last])
    }
}
