import FileSystem
import Imaging
import Library

/// The EXIF orientation (1…8) a JPEG records, which the index does not keep: the index's `width` and
/// `height` are the stored pixels', so on screen they swap for 5…8 (the page's `srcset` widths and the
/// card's shape need the upright ones). Read from the file's first 128 KB (the APP1 "Exif" segment comes
/// before the pixels), opened without following a link in any component. Nil for another format (HEIF's
/// size is already upright, libheif applies irot), a JPEG that records none, or a file that cannot be read.
enum RecordedOrientation {
    static let headBytes = 128 << 10

    static func of(_ item: ItemRecord) -> Int? {
        guard item.kind == .photo, item.mime == "image/jpeg",
              let file = try? ReadableFile(reachedWithoutLinks: item.rawPath),
              let head = try? file.read(at: 0, count: headBytes) else { return nil }
        return Orientation(jpeg: head)?.rawValue
    }
}
