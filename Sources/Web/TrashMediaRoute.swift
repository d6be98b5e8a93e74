import FileSystem
import Foundation
import Hummingbird
import Imaging
import Library

/// `GET /media/trash/{entry}`: a thumbnail of what trash entry `entry` holds, for the trash page and
/// its "Delete N files for good?". A trashed file is no live item of the index, so `/media/{id}` cannot
/// show it; this route reads only the file the trash records as its own: the entry's `files/NAME`,
/// named by the trash's record (never by the request), opened without following a link and checked on
/// the open descriptor against the inode, size and time the move recorded (`Trash.openRecorded`).
/// A photo (JPEG, PNG, HEIF) answers an upright JPEG at most 640 px on the long side (`?side=` as
/// `/media`); a video or any other file is 404 (the page shows an icon instead), as are an unknown
/// entry, one restored or deleted for good, and one changed outside clean.
extension WebApp {
    static let trashThumbnailSide = 640

    func addTrashMedia(to routes: Routes) {
        let backend = self.backend
        routes.get("media/trash/:entry", .media) { request, context in
            guard let text = context.parameters.get("entry"), let id = Int64(text), id > 0 else { throw WebError(404, "no trash entry with that id") }
            let side = try request.uri.queryParameters.get("side").map { text -> Int in
                guard let side = Int(text), PreviewCache.sides.contains(side) else {
                    throw WebError(400, "side is one of \(PreviewCache.sides.map(String.init).joined(separator: ", ")) (the thumbnail's long side in pixels)")
                }
                return side
            } ?? Self.trashThumbnailSide
            guard let (record, file) = try backend.openTrashed(id) else { throw WebError(404, "no file of that id in the trash") }
            let bytes = try Self.trashedPicture(file, size: record.size)
            let thumbnail = try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<[UInt8], any Error>) in
                DispatchQueue.global(qos: .userInitiated).async {
                    continuation.resume(with: Result { try Self.trashThumbnail(bytes, id: id, side: side) })
                }
            }
            return WebResponse.bytes(thumbnail, type: "image/jpeg")
        }
    }

    /// The bytes of an opened trash file that is a picture: 404 unless its first bytes are a picture's.
    static func trashedPicture(_ file: ReadableFile, size: Int64) throws(WebError) -> [UInt8] {
        guard size <= 512 << 20, let head = try? file.read(at: 0, count: 64), ImageFormat(sniffing: head) != nil else {
            throw WebError(404, "no thumbnail: that trash entry is not a photo")
        }
        guard let bytes = try? file.read(at: 0, count: Int(size)), bytes.count == Int(size) else {
            throw WebError(404, "that trash entry cannot be read now")
        }
        return bytes
    }

    /// An upright JPEG of a trashed picture's bytes, at most `side` px on the long side.
    static func trashThumbnail(_ bytes: [UInt8], id: Int64, side: Int) throws -> [UInt8] {
        do {
            return try Preview.jpeg(bytes: bytes, name: "trash entry \(id)", longSide: side)
        } catch {
            Door.stderr("clean web: no thumbnail of trash entry \(id): \(error)")
            throw WebError(415, "no thumbnail: this picture cannot be decoded (the terminal that runs clean web says why)")
        }
    }
}
