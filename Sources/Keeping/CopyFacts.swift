import FileSystem
import Foundation
import Imaging
import Library

/// What the keep rule knows of one copy in a group (a duplicate group's copies, a similar group's photos or videos):
/// facts measured from the file. A video's copies are told apart by the same kind of facts: its length, its frame's
/// resolution, its bitrate, its camera's metadata (a QuickTime creation date, a location, the camera).
public struct CopyFacts: Sendable, Equatable {
    public var id: Int64
    /// The path's bytes: its folders and name (`folder`, `original`), and the last tie-break.
    public var path: Data
    /// The file (hard links to one file are one copy).
    public var device: Int64
    public var inode: Int64
    public var width: Int
    public var height: Int
    public var mime: String
    /// A JPEG's quality from its quantization table; nil for a format with none to read.
    public var jpegQuality: Int?
    /// The capture time, and whether it is the camera's own (not guessed from the name or the file's time).
    public var capturedEpoch: Double?
    public var cameraTime: Bool
    /// Whether the file names its camera (make or model).
    public var camera: Bool
    /// Whether it knows where it was taken (nil: not read).
    public var hasLocation: Bool?
    public var mtimeNs: Int64
    /// The kind of bad shot it is (`blurry`, `dark`, …), nil for a keeper.
    public var badShot: String?
    /// Its fine detail (`Imaging.CopyDetail`), nil where not measured.
    public var detail: CopyDetail?
    /// Its frame's sharpness (variance of the Laplacian at its decode): the frames of a burst compared.
    public var sharpness: Double?
    /// A video's length in seconds (its fingerprint's), nil for a photo or a video not sampled.
    public var duration: Double?
    /// The file's size in bytes: over the duration, a video's bitrate.
    public var bytes: Int64

    public var pixels: Int { width * height }

    public init(id: Int64, path: Data, device: Int64 = 0, inode: Int64 = 0, width: Int, height: Int, mime: String,
                jpegQuality: Int? = nil, capturedEpoch: Double? = nil, cameraTime: Bool = false, camera: Bool = false,
                hasLocation: Bool? = nil, mtimeNs: Int64 = 0, badShot: String? = nil, detail: CopyDetail? = nil,
                sharpness: Double? = nil, duration: Double? = nil, bytes: Int64 = 0) {
        self.id = id
        self.path = path
        self.device = device
        self.inode = inode
        self.width = width
        self.height = height
        self.mime = mime
        self.jpegQuality = jpegQuality
        self.capturedEpoch = capturedEpoch
        self.cameraTime = cameraTime
        self.camera = camera
        self.hasLocation = hasLocation
        self.mtimeNs = mtimeNs
        self.badShot = badShot
        self.detail = detail
        self.sharpness = sharpness
        self.duration = duration
        self.bytes = bytes
    }

    /// A video's bits per second over its whole file, nil without a duration.
    public var bitrate: Double? {
        guard let duration, duration > 0 else { return nil }
        return Double(bytes) * 8 / duration
    }

    /// The facts the index holds of `item`.
    public init(_ item: ItemRecord) {
        let detail = item.fineDetailSide.map { CopyDetail(frame: item.fineDetail, decode: item.fineDetailDecode, side: $0) }
        self.init(id: item.id ?? 0, path: item.path, device: item.device, inode: item.inode, width: item.width ?? 0,
                  height: item.height ?? 0, mime: item.mime, jpegQuality: item.jpegQuality, capturedEpoch: item.capturedEpoch,
                  cameraTime: item.capturedEpoch != nil && item.dateSource != .mtime && item.dateSource != .filename,
                  camera: item.cameraMake != nil || item.cameraModel != nil, hasLocation: item.hasLocation, mtimeNs: item.mtimeNs,
                  badShot: item.badShot?.rawValue, detail: detail, sharpness: item.sharpness, bytes: item.size)
    }

    var rawPath: RawPath { RawPath(bytes: Array(path)) }
}
