import FileSystem

/// What the similar-photo search keeps of a photo: its perceptual hash, the hash of its centre, its
/// thumbnail and how much detail that holds, and its sharpness. All from one decode.
public struct PhotoFingerprint: Sendable, Equatable {
    public var hash: PerceptualHash
    /// The hash of the centre window (88 % of each side, the part an edited crop keeps): the first
    /// pass compares it with the other photo's whole hash, so a crop lands near its original.
    public var centreHash: PerceptualHash
    public var thumbnail: Thumbnail
    /// `Thumbnail.detail` of the unrounded 32×32 values.
    public var detail: Double
    /// Variance of the Laplacian at the decoded size (see `PerceptualHashing.decodeSize`).
    public var sharpness: Double
    /// Exposure and focus, for bad shots (`BadShot`).
    public var quality: ShotQuality?
    /// A JPEG's quality (`JPEGQuality`), nil for another format: the keep rule's measure of a re-save.
    public var jpegQuality: Int?
    /// How much fine detail it holds (`CopyDetail`): the keep rule's measure of a softer copy.
    public var copyDetail: CopyDetail?

    public init(hash: PerceptualHash, centreHash: PerceptualHash, thumbnail: Thumbnail, detail: Double, sharpness: Double,
                quality: ShotQuality? = nil, jpegQuality: Int? = nil, copyDetail: CopyDetail? = nil) {
        self.hash = hash
        self.centreHash = centreHash
        self.thumbnail = thumbnail
        self.detail = detail
        self.sharpness = sharpness
        self.quality = quality
        self.jpegQuality = jpegQuality
        self.copyDetail = copyDetail
    }
}

/// Fingerprints photo files: one decode, upright and in gray, at the smallest scale the decoders
/// offer whose short side is still at least 64 pixels (1/8 for a phone JPEG, the HEIC thumbnail).
public enum PerceptualHashing {
    public static let decodeSize = SizeRequest.shortSide(64)
    /// The centre window the centre hash is taken over, as a part of each side.
    public static let centreScale = 0.88

    public static func fingerprint(_ path: RawPath) throws(ImagingError) -> PhotoFingerprint {
        try fingerprint(bytes: Decoding.read(path), name: path.description)
    }

    public static func fingerprint(bytes: [UInt8], name: String) throws(ImagingError) -> PhotoFingerprint {
        let image = try Decoding.decode(bytes: bytes, name: name, size: decodeSize, layout: .gray)
        // The shot's quality is judged at `ShotQuality.workingSide`: a photo whose smallest decode is under 80 pixels
        // (64 px for a 512-px photo, too few to judge focus) is decoded once more, from the bytes already read, at the
        // next scale up, and measured on that decode alone. Such a photo is small, so its second decode is cheap; a
        // phone's photo never needs it, nor a 320×240 one (decoded at 3/8, 90 px: the bench tree's photos, where a
        // second decode cost a third of the scan).
        let larger = image.shortSide < ShotQuality.workingSide * 5 / 8
            ? (try? Decoding.decode(bytes: bytes, name: name, size: .shortSide(ShotQuality.workingSide), layout: .gray))
                .flatMap { $0.shortSide > image.shortSide ? $0 : nil }
            : nil
        var print = fingerprint(of: image, measuring: larger == nil)
        if let larger {
            print.quality = ShotQuality.measure(larger)
            print.copyDetail = CopyDetail.measure(larger)
        }
        // Measured where the smear was: a photo whose focus leaves it in doubt.
        if print.quality?.smear != nil { print.quality?.fineSmear = fineSmear(image, bytes: bytes, name: name) }
        // A frame dark enough for its lights to decide whether anything shows: few photos, decoded once more.
        if let median = print.quality?.median, median < ShotQuality.lightsDoubt {
            print.quality?.lights = lights(larger ?? image, bytes: bytes, name: name)
        }
        print.jpegQuality = JPEGQuality.estimate(bytes)
        return print
    }

    /// The smear of a photo in doubt at `FrameSmear.fineSide`: from the decode at hand when it is that large (a phone's
    /// photo at 1/8), else from the bytes decoded once more at that size (a photo under 1,536 px, in doubt: small
    /// and few, so cheap). nil for a photo under `FrameSmear.fineSource` on its short side: its fine frame would be
    /// nearly the photo itself, its softness the camera's and the file's, not a shake (and a 320×240 library would
    /// pay a decode more per photo in doubt).
    static func fineSmear(_ image: Image, bytes: [UInt8], name: String) -> Double? {
        guard let size = Decoding.size(bytes: bytes), min(size.width, size.height) >= FrameSmear.fineSource else { return nil }
        if image.shortSide >= FrameSmear.fineSide { return FrameSmear.fine(of: image) }
        return (try? Decoding.decode(bytes: bytes, name: name, size: .shortSide(FrameSmear.fineSide), layout: .gray))
            .flatMap(FrameSmear.fine(of:))
    }

    /// The share of lights in a dark photo (`ShotQuality.lights`), counted on a decode at least
    /// `ShotQuality.lightSide` on its short side: the decode at hand when it is that large, else the bytes decoded once
    /// more at that size (a photo smaller than that: whole).
    static func lights(_ image: Image, bytes: [UInt8], name: String) -> Double {
        if image.shortSide >= ShotQuality.lightSide { return ShotQuality.lights(image) }
        let finer = try? Decoding.decode(bytes: bytes, name: name, size: .shortSide(ShotQuality.lightSide), layout: .gray)
        return ShotQuality.lights(finer.flatMap { $0.shortSide > image.shortSide ? $0 : nil } ?? image)
    }

    /// The fingerprint of a decoded photo, with its shot's quality measured on it unless `measuring` is false
    /// (the caller measures another decode).
    public static func fingerprint(of image: Image, measuring: Bool = true) -> PhotoFingerprint {
        let side = Thumbnail.side
        let luminance = PerceptualHash.luminance(image, side: side)
        let room = Double(side) * (1 - centreScale) / 2
        let centre = Thumbnail.sample(luminance, Thumbnail.Window(x: room, y: room, side: Double(side) * centreScale))
        return PhotoFingerprint(hash: PerceptualHash(luminance: luminance), centreHash: PerceptualHash(luminance: centre),
                                thumbnail: Thumbnail(luminance: luminance), detail: Thumbnail.detail(luminance),
                                sharpness: Sharpness.varianceOfLaplacian(image), quality: measuring ? ShotQuality.measure(image) : nil,
                                copyDetail: measuring ? CopyDetail.measure(image) : nil)
    }
}
