import App
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

    /// A document both front-ends serve, encoded as the command line prints it.
    static func document(_ document: some Encodable, status: HTTPResponse.Status = .ok) throws -> Response {
        json(try DocumentEncoder.text(document), status: status)
    }

    /// `{"error": …}`: one sentence saying what went wrong and what to do.
    static func error(_ error: WebError) -> Response {
        json(JSON.object([("error", .string(error.description))]).text, status: HTTPResponse.Status(code: error.status))
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
