import Foundation
import HTTPTypes
import Hummingbird

/// A random 128-bit token, as 32 hex digits.
public enum Token {
    public static func random() -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<2).map { _ in String(format: "%016llx", generator.next() as UInt64) }.joined()
    }
}

/// Responses the app builds: JSON documents, errors as `{"error": …}`, pages, bytes.
enum WebResponse {
    static func json(_ text: String, status: HTTPResponse.Status = .ok) -> Response {
        Response(status: status, headers: [.contentType: "application/json; charset=utf-8"],
                 body: .init(byteBuffer: ByteBuffer(string: text)))
    }

    static func json(_ object: Any, status: HTTPResponse.Status = .ok) -> Response {
        let data = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data("{}".utf8)
        return json(String(decoding: data, as: UTF8.self), status: status)
    }

    static func error(_ error: WebError) -> Response {
        json(["error": error.description] as [String: Any], status: HTTPResponse.Status(code: error.status))
    }

    static func html(_ text: String, status: HTTPResponse.Status = .ok) -> Response {
        Response(status: status, headers: [.contentType: "text/html; charset=utf-8"], body: .init(byteBuffer: ByteBuffer(string: text)))
    }

    /// A page with its own Content-Security-Policy (the gate adds the standard one only where none is set).
    static func html(_ text: String, status: HTTPResponse.Status = .ok, csp: String) -> Response {
        var response = html(text, status: status)
        response.headers[.contentSecurityPolicy] = csp
        return response
    }

    static func bytes(_ bytes: [UInt8], type: String) -> Response {
        Response(status: .ok, headers: [.contentType: type], body: .init(byteBuffer: ByteBuffer(bytes: bytes)))
    }
}
