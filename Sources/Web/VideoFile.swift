import FileSystem
import Foundation
import Hummingbird
import Library

/// A video served from the descriptor that was checked: opened with no link followed on the way
/// (`O_NOFOLLOW` in every component), `fstat`ed and compared with the index (size, mtime, inode,
/// ctime), then read from that same descriptor, ranges included. A video swapped for a link or
/// another file after the scan is a 404, never the other file's bytes.
struct VideoFile {
    private let file: Unshared
    let mime: String
    let size: Int

    init(_ item: ItemRecord) throws(WebError) {
        let opened: ReadableFile
        do {
            opened = try ReadableFile(reachedWithoutLinks: item.rawPath)
        } catch {
            throw PreviewCache.changed
        }
        guard let status = try? opened.status(), status.kind == .regular, status.isSameFile(as: item.status) else {
            throw PreviewCache.changed
        }
        file = Unshared(opened)
        size = Int(status.size)
        mime = item.mime == "video/quicktime" ? "video/mp4" : item.mime
    }

    /// The whole file, or the part a `Range` header asks for (206).
    func response(range header: String?) -> Response {
        let range = WebApp.byteRange(header, size: size)
        let span = range ?? 0..<size
        let file = self.file
        var response = Response(status: range == nil ? .ok : .partialContent, body: ResponseBody(contentLength: span.count) { writer in
            var offset = span.lowerBound
            while offset < span.upperBound {
                let count = min(Self.chunk, span.upperBound - offset)
                let bytes = try await file.read(at: offset, count: count)
                guard !bytes.isEmpty else { break }   // shorter than it was: the client sees the length was not met
                try await writer.write(ByteBuffer(bytes: bytes))
                offset += bytes.count
            }
            try await writer.finish(nil)
        })
        if let range { response.headers[.contentRange] = "bytes \(range.lowerBound)-\(range.upperBound - 1)/\(size)" }
        response.headers[.contentType] = mime
        response.headers[.acceptRanges] = "bytes"
        return response
    }

    static let chunk = 256 << 10

    /// The open file, read by one response at a time, off the event loop.
    final class Unshared: @unchecked Sendable {
        private let file: ReadableFile
        init(_ file: ReadableFile) { self.file = file }

        func read(at offset: Int, count: Int) async throws -> [UInt8] {
            try await withCheckedThrowingContinuation { continuation in
                DispatchQueue.global(qos: .userInitiated).async {
                    continuation.resume(with: Result { try self.file.read(at: Int64(offset), count: count) })
                }
            }
        }
    }
}
