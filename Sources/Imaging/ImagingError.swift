/// Why a file could not be turned into pixels; each case reads as one sentence naming the file.
public enum ImagingError: Error, Equatable, CustomStringConvertible {
    case unreadable(path: String, reason: String)
    case unsupported(path: String)
    case corrupt(path: String, format: String, reason: String)
    case tooLarge(path: String, width: Int, height: Int)

    public var description: String {
        switch self {
        case .unreadable(let path, let reason):
            "Cannot read \(path): \(reason)."
        case .unsupported(let path):
            "\(path) is not a JPEG, PNG or HEIF image, so it has no preview."
        case .corrupt(let path, let format, let reason):
            "\(path) is a damaged \(format) file (\(reason)); it has no preview."
        case .tooLarge(let path, let width, let height):
            "\(path) is \(width)×\(height) pixels, larger than SwipeClean decodes."
        }
    }
}

/// The formats the decoders know, told from the first bytes, never from the name.
public enum ImageFormat: String, Sendable {
    case jpeg = "JPEG"
    case png = "PNG"
    case heif = "HEIF"

    public init?(sniffing bytes: some Collection<UInt8>) {
        let head = Array(bytes.prefix(12))
        if head.starts(with: [0xFF, 0xD8, 0xFF]) {
            self = .jpeg
        } else if head.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) {
            self = .png
        } else if head.count == 12, head[4...7].elementsEqual("ftyp".utf8) {
            let brand = String(decoding: head[8...11], as: UTF8.self)
            guard ["heic", "heix", "heim", "heis", "hevc", "hevx", "mif1", "msf1", "avif"].contains(brand) else { return nil }
            self = .heif
        } else {
            return nil
        }
    }
}

/// Largest image the decoders accept, in pixels (a 200-megapixel panorama; anything larger is refused, not decoded).
let maximumPixels = 200_000_000
