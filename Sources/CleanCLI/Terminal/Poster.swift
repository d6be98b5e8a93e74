import FileSystem
import Foundation
import Media

/// A video's poster frame for chafa to draw like a photo: `VideoPoster`'s JPEG, written once per
/// video and process in a private temporary folder, made with the first frame and removed when the
/// process exits (a session that shows no poster leaves nothing behind).
enum Poster {
    static var ffmpeg: String? { VideoPoster.ffmpeg }

    private static let folder = NSTemporaryDirectory() + "swipeclean-posters-\(getpid())"
    /// Made once, with the first frame (a static is set up once, whichever thread asks first).
    private static let made: Void = {
        atexit { try? FileManager.default.removeItem(atPath: Poster.folder) }
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
    }()

    /// The frame's path, or nil without ffmpeg or on any failure.
    static func frame(of path: RawPath) -> String? {
        let output = folder + "/\(UInt(bitPattern: path.hashValue)).jpg"
        if FileManager.default.fileExists(atPath: output) { return output }
        guard let bytes = VideoPoster.jpeg(of: path, timeout: max(5, Thumbnail.budget)) else { return nil }
        _ = made
        guard FileManager.default.createFile(atPath: output, contents: Data(bytes)) else { return nil }
        return output
    }
}
