import Foundation
@testable import Imaging
@testable import Media
@testable import Settings
import Trash

/// libFuzzer entry points for every reader of untrusted bytes, one per `FUZZ_TARGET`.
///
/// Built only by `make fuzz` (the package declares this target when `SWIPECLEAN_FUZZ=1`), with
/// `-sanitize=fuzzer,address` on its own scratch path, with `-enable-testing` so `@testable` reaches the readers.
/// Each target hands the input to one reader and touches what it returns, so a result that is
/// wrong in memory is read under AddressSanitizer.
enum FuzzTarget: String, CaseIterable {
    case jpeg, exif, tiff, cr3, png, iso, quicktime, xmp, sidecar, filename, trashinfo, config, metadata, imaging, pngpixels, jpegdc, magic

    func run(_ bytes: [UInt8]) {
        let source = ByteSource(head: bytes[...], size: Int64(bytes.count), file: nil)
        switch self {
        case .jpeg:
            if let jpeg = JPEGSegments.read(source) { consume(jpeg.exif?.count, jpeg.xmp?.count, jpeg.width, jpeg.height) }
        case .exif:
            if let fields = ExifReader.read(bytes[...]) { consume("\(fields)") }
        case .tiff:
            if let tiff = TIFFDirectories.read(source) { consume("\(tiff.fields)", tiff.xmp?.count) }
        case .cr3:
            if let iso = ISOFile.read(source), let moov = iso.moov { consume(CanonCR3.read(source, moov: moov).map { "\($0)" }) }
        case .png:
            if let png = PNGChunks.read(source) { consume(png.exif?.count, png.xmp?.count, png.width, png.height) }
        case .iso:
            if let iso = ISOFile.read(source), let meta = iso.meta {
                let heif = HEIFItems.read(source, meta: meta)
                consume(heif.exif?.count, heif.width, heif.height)
            }
        case .quicktime:
            if let iso = ISOFile.read(source), let moov = iso.moov { consume("\(QuickTimeMetadata.read(source, moov: moov))") }
        case .xmp:
            consume(XMPPacket.userComment(in: bytes[...]), XMPPacket.captureDate(in: bytes[...]).map { "\($0)" })
        case .sidecar:
            consume(TakeoutSidecar.date(inJSON: bytes).map { "\($0)" })
        case .filename:
            consume(FileNameDates.date(inFileName: bytes).map { "\($0)" })
        case .trashinfo:
            if case .success(let info) = TrashInfo.parse(bytes) { consume("\(info)") }
        case .config:
            // The whole way a config file goes: UTF-8, TOML, the overlay, the checks; and back as TOML.
            do {
                let configuration = try ConfigLoader.parse(try ConfigFile.decode(bytes, file: "fuzz.toml"), file: "fuzz.toml")
                // What `clean config` shows reads back as the same configuration.
                precondition((try? ConfigLoader.parse(configuration.toml, file: "shown.toml")) == configuration, "clean config does not read back")
            } catch {
                precondition(!error.description.contains("\n"), "a config error is more than one line")
            }
        case .metadata:
            consume("\(Inspector.metadata(source))")
        case .imaging:
            // The similar-photos path: sniff, decode (libturbojpeg, libspng, libheif) at the hash's scale, upright, hash.
            if let print = try? PerceptualHashing.fingerprint(bytes: bytes, name: "fuzz") { consume(print.hash.bits, print.sharpness) }
        case .pngpixels:
            // SwipeClean's own PNG reader alone (chunks, libdeflate, unfiltering, gray), without libspng behind it.
            if let (image, orientation) = bytes.withUnsafeBytes({ PNGGrayReader.decode($0) }) {
                consume(image.width, image.height, image.pixels.reduce(0) { $0 &+ Int($1) }, orientation?.rawValue)
            }
        case .jpegdc:
            // SwipeClean's own 1/8 JPEG reader (DC terms only) against libjpeg-turbo: whatever it reads
            // must be libjpeg-turbo's picture bit for bit, and it must leave alone what libjpeg-turbo refuses.
            let size = PerceptualHashing.decodeSize
            guard let image = bytes.withUnsafeBytes({ JPEGDCReader.decode($0, size: size) }) else { return }
            let reference = try? JPEGCodec.decode(bytes, name: "fuzz", size: size, layout: .gray)
            precondition(reference == image, "the DC reader disagrees with libjpeg-turbo")
        case .magic:
            // A type told from its signature alone must be the one libmagic gives those bytes.
            guard let quick = MagicTyper.signatureType(of: bytes[...]) else { return }
            precondition(quick == Self.libmagic.libmagicType(of: bytes[...]), "the signature disagrees with libmagic")
        }
    }

    /// One libmagic handle for the run (loading its database takes milliseconds).
    nonisolated(unsafe) private static let libmagic = try! MagicTyper()

    /// Reads its arguments so the optimiser cannot drop the work that made them.
    @inline(never)
    private func consume<each T>(_ values: repeat each T) {
        var text = ""
        for value in repeat each values { text += "\(value as Any)" }
        if text.utf8.count == Int.max { print(text) }
    }
}

