import FileSystem

/// What the similar-photo search keeps of a photo: its perceptual hash and its sharpness.
public struct PhotoFingerprint: Sendable, Equatable {
    public var hash: PerceptualHash
    /// Variance of the Laplacian at the decoded size (see `PerceptualHashing.decodeSize`).
    public var sharpness: Double

    public init(hash: PerceptualHash, sharpness: Double) {
        self.hash = hash
        self.sharpness = sharpness
    }
}

/// Fingerprints photo files: one decode, upright and in gray, at the smallest scale the decoders
/// offer whose short side is still at least 64 pixels (1/8 for a phone JPEG, the HEIC thumbnail).
public enum PerceptualHashing {
    public static let decodeSize = SizeRequest.shortSide(64)

    public static func fingerprint(_ path: RawPath) throws(ImagingError) -> PhotoFingerprint {
        fingerprint(of: try Decoding.decode(path, size: decodeSize, layout: .gray))
    }

    public static func fingerprint(bytes: [UInt8], name: String) throws(ImagingError) -> PhotoFingerprint {
        fingerprint(of: try Decoding.decode(bytes: bytes, name: name, size: decodeSize, layout: .gray))
    }

    public static func fingerprint(of image: Image) -> PhotoFingerprint {
        PhotoFingerprint(hash: PerceptualHash(of: image), sharpness: Sharpness.varianceOfLaplacian(image))
    }
}
