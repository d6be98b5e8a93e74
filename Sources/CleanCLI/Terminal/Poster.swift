import FileSystem
import Foundation
import Media

/// A video's poster frame for chafa to draw like a photo: `VideoPoster`'s JPEG, written once per
/// video and process in a private temporary folder.
enum Poster {
    static var ffmpeg: String? { VideoPoster.ffmpeg }

    /// The frame's path, or nil without ffmpeg or on any failure.
    static func frame(of path: RawPath) -> String? {
        let folder = NSTemporaryDirectory() + "swipeclean-posters-\(getpid())"
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        let output = folder + "/\(UInt(bitPattern: path.hashValue)).jpg"
        if FileManager.default.fileExists(atPath: output) { return output }
        guard let bytes = VideoPoster.jpeg(of: path, timeout: max(5, Thumbnail.budget)), FileManager.default.createFile(atPath: output, contents: Data(bytes)) else { return nil }
        return output
    }
}
