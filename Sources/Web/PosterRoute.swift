import Foundation
import Hummingbird
import Library
import Media

/// `GET /media/{id}/poster`: a video's poster frame as a JPEG (ffmpeg, where installed), for a
/// video the browser cannot play (HEVC in a MOV) and for the batch's thumbnails. 404 for an item
/// that is not a video; 415 when no frame can be made (no ffmpeg, a damaged file).
extension WebApp {
    func addPoster(to routes: Routes) {
        let app = self, previews = self.previews
        routes.get("media/:id/poster", .media) { _, context in
            guard let item = try app.indexedItem(context.parameters.get("id")), item.kind == .video else {
                throw WebError(404, "no indexed video with that id")
            }
            let bytes = try await previews.cached(item, kind: "poster") {
                guard let frame = VideoPoster.jpeg(of: item.rawPath) else {
                    throw WebError(415, VideoPoster.ffmpeg == nil ? "no poster frame: ffmpeg is not installed" : "no poster frame for this video")
                }
                return frame
            }
            return WebResponse.bytes(bytes, type: "image/jpeg")
        }
    }

    /// The poster's address for a card, when one can be made (a video, with ffmpeg installed).
    static func posterURL(_ item: ItemRecord, card id: Int64) -> String? {
        item.kind == .video && VideoPoster.ffmpeg != nil ? "/media/\(id)/poster" : nil
    }
}
