import Foundation
import HTTPTypes
import Hummingbird

/// The gate every request passes: a Host that is this server (DNS rebinding), the run's token
/// (query once, then the HttpOnly cookie), and for a POST the cookie itself and a JSON body.
/// Every response gets a strict Content-Security-Policy and no caching of the API.
struct SecurityMiddleware<Context: RequestContext>: RouterMiddleware {
    let token: String
    /// The Host values this server answers to (read per request: the port is known once bound).
    let allowedHosts: @Sendable () -> Set<String>

    static var cookieName: String { "swipeclean_token" }

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        var response = try await check(request, context: context, next: next)
        for (name, value) in Self.headers(for: request.uri.path) where response.headers[name] == nil {
            response.headers[name] = value
        }
        return response
    }

    private func check(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let hosts = allowedHosts()
        guard let host = request.head.authority, hosts.contains(host.lowercased()) else {
            return WebResponse.error(WebError(403, "this server answers only to \(hosts.sorted().joined(separator: " and "))"))
        }
        let cookie = Self.cookie(Self.cookieName, in: request)
        let cookieOK = cookie.map { constantTimeEqual($0, token) } ?? false
        if request.method == .post {
            guard cookieOK else { return WebResponse.error(WebError(403, "a change needs the session cookie set by the page clean web opened")) }
            let type = request.headers[.contentType]?.lowercased() ?? ""
            guard type.hasPrefix("application/json") else { return WebResponse.error(WebError(403, "send JSON (Content-Type: application/json)")) }
            return try await next(request, context)
        }
        if cookieOK { return try await next(request, context) }
        guard let given = request.uri.queryParameters["token"].map(String.init), constantTimeEqual(given, token) else {
            return WebResponse.error(WebError(401, "open the link `clean web` printed (it carries this run's token)"))
        }
        // The token came in the URL: set the cookie and send the browser to the same page without it.
        var query = request.uri.queryParameters.filter { $0.key != "token" }.map { "\($0.key)=\($0.value)" }.sorted().joined(separator: "&")
        if !query.isEmpty { query = "?" + query }
        var response = Response(status: .seeOther)
        response.headers[.location] = request.uri.path + query
        response.headers[.setCookie] = "\(Self.cookieName)=\(token); Path=/; HttpOnly; SameSite=Strict"
        return response
    }

    /// `127.0.0.1:PORT` and `localhost:PORT`: any other name pointing here (DNS rebinding) is refused.
    static func hosts(port: Int) -> Set<String> { ["127.0.0.1:\(port)", "localhost:\(port)"] }

    static func cookie(_ name: String, in request: Request) -> String? {
        for header in request.headers[values: .cookie] {
            for part in header.split(separator: ";") {
                let pair = part.trimmingCharacters(in: .whitespaces)
                if pair.hasPrefix(name + "=") { return String(pair.dropFirst(name.count + 1)) }
            }
        }
        return nil
    }

    /// Security headers: pages may load only what this server serves; the report page also needs its inline styles.
    static func headers(for path: String) -> [(HTTPField.Name, String)] {
        let style = path == "/report" ? "'self' 'unsafe-inline'" : "'self'"
        return [
            (.contentSecurityPolicy, "default-src 'none'; script-src 'self'; style-src \(style); img-src 'self' data:; media-src 'self'; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"),
            (HTTPField.Name("X-Content-Type-Options")!, "nosniff"),
            (HTTPField.Name("X-Frame-Options")!, "DENY"),
            (HTTPField.Name("Referrer-Policy")!, "no-referrer"),
            (HTTPField.Name("Cross-Origin-Resource-Policy")!, "same-origin"),
            (.cacheControl, path.hasPrefix("/static/") || path.hasPrefix("/media/") ? "private, max-age=3600" : "no-store"),
        ]
    }

    private func constantTimeEqual(_ a: String, _ b: String) -> Bool {
        let x = Array(a.utf8), y = Array(b.utf8)
        guard x.count == y.count else { return false }
        return zip(x, y).reduce(0) { $0 | ($1.0 ^ $1.1) } == 0
    }
}

/// The server's port once it is bound (port 0 asks the system for a free one).
final class PortBox: @unchecked Sendable {
    private let lock = NSLock()
    private var port: Int
    init(_ port: Int) { self.port = port }
    var value: Int {
        get { lock.lock(); defer { lock.unlock() }; return port }
        set { lock.lock(); port = newValue; lock.unlock() }
    }
}

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

    static func html(_ text: String) -> Response {
        Response(status: .ok, headers: [.contentType: "text/html; charset=utf-8"], body: .init(byteBuffer: ByteBuffer(string: text)))
    }

    static func bytes(_ bytes: [UInt8], type: String) -> Response {
        Response(status: .ok, headers: [.contentType: type], body: .init(byteBuffer: ByteBuffer(bytes: bytes)))
    }
}

/// Turns anything thrown below into a JSON error: a `WebError` as itself, the router's own
/// (404, 405) with their status, anything else as 500 with one sentence and no stack trace.
struct ErrorMiddleware<Context: RequestContext>: RouterMiddleware {
    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        do {
            return try await next(request, context)
        } catch let error as WebError {
            return WebResponse.error(error)
        } catch let error as HTTPError {
            let text = error.status == .notFound ? "nothing here: \(request.uri.path)" : (error.body ?? error.status.reasonPhrase)
            return WebResponse.error(WebError(error.status.code, text))
        } catch {
            return WebResponse.error(WebError(500, String(describing: error)))
        }
    }
}
