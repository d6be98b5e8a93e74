/// The metadata of a Canon CR3 raw file: an ISO-BMFF file (brand `crx `) whose `moov` holds a
/// Canon `uuid` box with TIFF structures in boxes `CMT1` (IFD0: camera, ModifyDate) and `CMT2`
/// (the EXIF IFD: DateTimeOriginal, CreateDate).
enum CanonCR3 {
    private static let canonUUID: [UInt8] = [0x85, 0xC0, 0xB6, 0x87, 0x82, 0x0F, 0x11, 0xE0,
                                             0x81, 0x11, 0xF4, 0xCE, 0x46, 0x2B, 0x6A, 0x48]

    /// The EXIF fields of the CMT boxes, each read where it lies in the file; nil when `moov`
    /// has no Canon box with a readable TIFF structure.
    static func read(_ source: ByteSource, moov: ISOBox) -> ExifFields? {
        guard let canon = moov.children(in: source).first(where: { box in
            box.type == "uuid" && source.bytes(at: box.payloadOffset - 16, count: 16)?.elementsEqual(canonUUID) == true
        }) else { return nil }
        var merged: ExifFields?
        for box in canon.children(in: source) where box.type == "CMT1" || box.type == "CMT2" {
            guard let tiff = TIFFDirectories.read(source, base: box.payloadOffset, limit: box.end) else { continue }
            merged = merged.map { $0.filled(from: tiff.fields) } ?? tiff.fields
        }
        return merged == ExifFields() ? nil : merged
    }
}

extension ExifFields {
    /// These fields, with the ones still missing taken from `other`.
    func filled(from other: ExifFields) -> ExifFields {
        var result = self
        result.dateTimeOriginal = dateTimeOriginal ?? other.dateTimeOriginal
        result.dateTimeDigitized = dateTimeDigitized ?? other.dateTimeDigitized
        result.dateTime = dateTime ?? other.dateTime
        result.make = make ?? other.make
        result.model = model ?? other.model
        result.software = software ?? other.software
        result.userComment = userComment ?? other.userComment
        result.pixelWidth = pixelWidth ?? other.pixelWidth
        result.pixelHeight = pixelHeight ?? other.pixelHeight
        result.imageWidth = imageWidth ?? other.imageWidth
        result.imageHeight = imageHeight ?? other.imageHeight
        return result
    }
}
