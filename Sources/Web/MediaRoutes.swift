import FileSystem
import Foundation
import Hummingbird
import Imaging
import Library

/// `GET /media/{id}`: a browser-viewable preview of an indexed item, by id only. Photos become an
/// upright JPEG at most 1,600 px on the long side, or `?side=` 640 or 1080 (a phone's `srcset`)
/// (libjpeg-turbo, libheif, libspng through `Imaging`); videos are served as they are, with byte ranges, for a muted player in the card,
/// from a descriptor opened without following links and checked against the index (`VideoFile`).
extension WebApp {
    func addMedia(to routes: Routes) {
        let app = self, previews = self.previews
        routes.get("media/:id", .media) { request, context in
            guard let item = try app.indexedItem(context.parameters.get("id")) else { throw WebError(404, "no indexed item with that id") }
            switch item.kind {
            case .photo:
                let side = try request.uri.queryParameters.get("side").map { text -> Int in
                    guard let side = Int(text), PreviewCache.sides.contains(side) else {
                        throw WebError(400, "side is one of \(PreviewCache.sides.map(String.init).joined(separator: ", ")) (the preview's long side in pixels)")
                    }
                    return side
                } ?? Preview.maximumSide
                let bytes = try await previews.preview(of: item, side: side)
                return WebResponse.bytes(bytes, type: "image/jpeg")
            case .video:
                guard ["video/mp4", "video/quicktime", "video/webm"].contains(item.mime) else {
                    throw WebError(415, "no preview for this video")
                }
                return try VideoFile(item).response(range: request.headers[.range])
            case .other:
                throw WebError(415, "no preview for this file")
            }
        }
    }

    /// The indexed item a `/media` address names by id. A card of the round in play is the index's
    /// entry as it was dealt (opening the index would cost a cached preview most of its time); any
    /// other id is looked up in the index.
    func indexedItem(_ text: String?) throws -> ItemRecord? {
        guard let text, let id = Int64(text), id > 0 else { return nil }
        if let dealt = rounds.dealtItem(id) { return dealt }
        return try backend.library()?.cardFiles(of: id)?.item
    }

    /// `bytes=A-B`, `bytes=A-`, `bytes=-N` within the file, as the half-open span of offsets, or nil.
    static func byteRange(_ header: String?, size: Int) -> Range<Int>? {
        guard let header, header.hasPrefix("bytes="), size > 0 else { return nil }
        let spec = header.dropFirst(6).split(separator: ",").first.map(String.init) ?? ""
        let parts = spec.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 2 else { return nil }
        if parts[0].isEmpty, let n = Int(parts[1]), n > 0 { return max(0, size - n)..<size }
        guard let start = Int(parts[0]), start >= 0, start < size else { return nil }
        let end = parts[1].isEmpty ? size - 1 : min(size - 1, Int(parts[1]) ?? size - 1)
        return start <= end ? start..<(end + 1) : nil
    }
}
