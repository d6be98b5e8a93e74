import FileSystem
import Foundation
import Hummingbird
import Imaging
import Library

/// `GET /media/{id}`: a browser-viewable preview of an indexed item, by id only. Photos become an
/// upright JPEG at most 1,600 px on the long side (libjpeg-turbo, libheif, libspng through
/// `Imaging`); videos are served as they are, with byte ranges, for a muted player in the card.
extension WebApp {
    func addMedia(to router: Router<BasicRequestContext>) {
        let backend = self.backend, previews = self.previews
        let fileIO = FileIO()
        router.get("media/:id") { request, context in
            guard let text = context.parameters.get("id"), let id = Int64(text), id > 0,
                  let library = try backend.library(), let indexed = try library.cardFiles(of: id)
            else { throw WebError(404, "no indexed item with that id") }
            let item = indexed.item
            switch item.kind {
            case .photo:
                let bytes = try await PreviewCache.offTheEventLoop { try previews.preview(of: item) }
                return WebResponse.bytes(bytes, type: "image/jpeg")
            case .video:
                guard let path = item.rawPath.exactString, ["video/mp4", "video/quicktime", "video/webm"].contains(item.mime) else {
                    throw WebError(415, "no preview for this video")
                }
                let size = Int(item.size)
                var response: Response
                if let range = Self.byteRange(request.headers[.range], size: size) {
                    response = Response(status: .partialContent, body: try await fileIO.loadFile(path: path, range: range, context: context))
                    response.headers[.contentRange] = "bytes \(range.lowerBound)-\(range.upperBound)/\(size)"
                } else {
                    response = Response(status: .ok, body: try await fileIO.loadFile(path: path, context: context))
                }
                response.headers[.contentType] = item.mime == "video/quicktime" ? "video/mp4" : item.mime
                response.headers[.acceptRanges] = "bytes"
                return response
            case .other:
                throw WebError(415, "no preview for this file")
            }
        }
    }

    /// `bytes=A-B`, `bytes=A-`, `bytes=-N` within the file, or nil.
    static func byteRange(_ header: String?, size: Int) -> ClosedRange<Int>? {
        guard let header, header.hasPrefix("bytes="), size > 0 else { return nil }
        let spec = header.dropFirst(6).split(separator: ",").first.map(String.init) ?? ""
        let parts = spec.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 2 else { return nil }
        if parts[0].isEmpty, let n = Int(parts[1]), n > 0 { return max(0, size - n)...(size - 1) }
        guard let start = Int(parts[0]), start < size else { return nil }
        let end = parts[1].isEmpty ? size - 1 : min(size - 1, Int(parts[1]) ?? size - 1)
        return start <= end ? start...end : nil
    }
}

/// The last previews made, so going back (undo) or a second look costs nothing.
final class PreviewCache: @unchecked Sendable {
    /// Decoding a 12-megapixel photo takes a CPU for tens of milliseconds: done on a worker thread,
    /// so the server's event loops keep answering decisions meanwhile.
    static func offTheEventLoop(_ work: @escaping @Sendable () throws -> [UInt8]) async throws -> [UInt8] {
        try await withCheckedThrowingContinuation { continuation in
            DispatchQueue.global(qos: .userInitiated).async {
                continuation.resume(with: Result { try work() })
            }
        }
    }

    private let lock = NSLock()
    private var entries: [String: [UInt8]] = [:]
    private var order: [String] = []
    private let capacity = 48

    func preview(of item: ItemRecord) throws -> [UInt8] {
        try cached(item, kind: "preview") {
            do {
                return try Preview.jpeg(item.rawPath)
            } catch {
                throw WebError(415, "no preview: \(error)")
            }
        }
    }

    /// What `make` makes of `item` (a preview, a video's poster), made once per version of the file.
    func cached(_ item: ItemRecord, kind: String, make: () throws -> [UInt8]) throws -> [UInt8] {
        // The key changes when the file does: a stale preview is never shown for a new version.
        let key = "\(kind)-\(item.id ?? 0)-\(item.size)-\(item.mtimeNs)-\(item.inode)"
        lock.lock()
        if let hit = entries[key] { lock.unlock(); return hit }
        lock.unlock()
        let status = try? linkStatus(item.rawPath)
        guard let status, status.kind == .regular, status.isSameVersion(as: item.status) else {
            throw WebError(404, "this file changed or left since it was indexed; rescan to see it")
        }
        let bytes = try make()
        lock.lock()
        entries[key] = bytes
        order.append(key)
        if order.count > capacity { entries[order.removeFirst()] = nil }
        lock.unlock()
        return bytes
    }
}
