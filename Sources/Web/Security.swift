import Foundation
import HTTPTypes
import Hummingbird

/// The gate every request passes, and what every answer carries, errors included.
///
/// - Host must be this server: `127.0.0.1:PORT` as the link names it, or `localhost:PORT` when no
///   one else can be behind that name (`LoopbackHosts`, `LocalhostAnswer`); any other name is 403
///   (DNS rebinding), and `localhost` while another program holds `[::1]:PORT` is 421.
/// - `/api/v1` needs `Authorization: Bearer` with the scripts' token or a signed-in page's secret;
///   `/media` the same header or the page's media key (`?key=`). Never a cookie.
/// - The pages and their static files are public shells (nothing in them is the player's): each
///   page asks the API with its secret. `?token=` on a page is a one-time sign-in link.
/// - A change (any method but GET and HEAD) must come from this origin (`Origin`,
///   `Sec-Fetch-Site`) with a JSON body; `/api` and `/media` refuse what a browser says is
///   cross-site or same-site (another port of 127.0.0.1 is the same site).
/// - Every answer gets the security headers; errors are JSON and never repeat the requested path.
struct SecurityMiddleware<Context: RequestContext>: RouterMiddleware {
    let sessions: WebSessions
    /// The Host values this server answers to (read per request: known once both listeners are tried).
    let hosts: @Sendable () -> LoopbackHosts
    /// Told of every request (`--phone` stops the server after 30 idle minutes).
    var activity: Activity?

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        activity?.touch()
        var response: Response
        do {
            response = try await check(request, context: context, next: next)
        } catch {
            response = Self.answer(error)
        }
        response = Self.pageForNotFound(request, response)
        for (name, value) in Self.headers(for: request.uri.path) where response.headers[name] == nil {
            response.headers[name] = value
        }
        return response
    }

    private func check(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let hosts = hosts()
        let area = Area(request.uri.path)
        let host = request.head.authority?.lowercased() ?? ""
        if hosts.misdirected.contains(host) {
            let port = host.split(separator: ":").last.map(String.init) ?? ""
            if area == .page { return WebResponse.html(SignInPages.misdirected(port: port), status: .misdirectedRequest) }
            throw WebError(421, "localhost may lead to [::1]:\(port), which is not this server's (another program holds it): use http://127.0.0.1:\(port)/ as the link says")
        }
        guard hosts.allowed.contains(host) else {
            throw WebError(403, "this server answers only to \(hosts.allowed.sorted().joined(separator: " and ")), as its link says")
        }
        try Self.checkOrigin(request, host: host, area: area)
        let changes = request.method != .get && request.method != .head
        switch area {
        case .api, .media:
            let principal = Self.bearer(request).flatMap(sessions.principal(bearer:))
            if area == .media, principal == nil {
                guard let key = request.uri.queryParameters["key"].map(String.init), sessions.allowsMedia(key: key) else {
                    throw WebError(401, "a preview needs the signed-in page's key or Authorization: Bearer (see web.json)")
                }
            }
            if area == .api {
                guard let principal else {
                    throw WebError(401, "send Authorization: Bearer with the apiToken of $SWIPECLEAN_HOME/web.json, or sign in with a link from `clean web link`")
                }
                if request.uri.path == "/api/v1/links", principal != .script {
                    throw WebError(403, "new sign-in links are given to the apiToken of web.json only (`clean web link`)")
                }
            }
            if changes {
                let type = request.headers[.contentType]?.lowercased() ?? ""
                guard type.hasPrefix("application/json") else { throw WebError(403, "send JSON (Content-Type: application/json)") }
            }
            return try await next(request, context)
        case .page:
            // Only a GET uses a link up (a HEAD, or a change, gets the page without signing in).
            guard request.method == .get, let link = request.uri.queryParameters["token"].map(String.init) else {
                return try await next(request, context)
            }
            switch sessions.signIn(link: link) {
            case .signedIn(let session):
                return WebResponse.html(SignInPages.signedIn(session, next: SignInPages.destination(path: request.uri.path,
                                                                                  boss: request.uri.queryParameters["boss"].map(String.init))))
            case .refused:
                return WebResponse.html(SignInPages.refused, status: .forbidden)
            }
        case .asset:
            return try await next(request, context)
        }
    }

    /// The same-origin rules, on every address: a change (any method but GET and HEAD) must come
    /// from `http://HOST` (`Origin`, `Sec-Fetch-Site`), and `/api` and `/media` refuse what a browser
    /// says is cross-site or same-site, reads too.
    static func checkOrigin(_ request: Request, host: String, area: Area) throws {
        let fetchSite = request.headers[HTTPField.Name("Sec-Fetch-Site")!]?.lowercased()
        if request.method != .get && request.method != .head {
            if let origin = request.headers[HTTPField.Name("Origin")!], origin.lowercased() != "http://" + host {
                throw WebError(403, "a change is accepted only from this server's own pages (the Origin is another)")
            }
            if let fetchSite, !sameOrigin.contains(fetchSite) {
                throw WebError(403, "a change is accepted only from this server's own pages (the browser says it comes from another)")
            }
        }
        if area == .api || area == .media, let fetchSite, !sameOrigin.contains(fetchSite) {
            throw WebError(403, "only this server's own pages may ask (the browser says the request comes from another)")
        }
    }

    /// What `Sec-Fetch-Site` may say of a request this server accepts: its own page, or the player
    /// typing or opening an address (`none`).
    static var sameOrigin: Set<String> { ["same-origin", "none"] }

    /// The parts of the server, by what a request there needs.
    enum Area: Equatable {
        case api, media, asset, page

        init(_ path: String) {
            if path == "/api" || path.hasPrefix("/api/") { self = .api }
            else if path == "/media" || path.hasPrefix("/media/") { self = .media }
            else if path.hasPrefix("/static/") || path == "/favicon.ico" { self = .asset }
            else { self = .page }
        }
    }

    static func bearer(_ request: Request) -> String? {
        guard let value = request.headers[.authorization], value.count > 7, value.prefix(7).lowercased() == "bearer " else { return nil }
        return String(value.dropFirst(7)).trimmingCharacters(in: .whitespaces)
    }

    /// Anything thrown below as a JSON error: a `WebError` as itself, the router's own (404, 405) with
    /// their status and a sentence that does not repeat the request, anything else as 500.
    static func answer(_ error: any Error) -> Response {
        switch error {
        case let error as WebError:
            return WebResponse.error(error)
        case let error as HTTPError:
            let text: String
            switch error.status {
            case .notFound: text = "nothing here"
            case .methodNotAllowed: text = "this address does not take that method"
            default: text = error.status.reasonPhrase
            }
            return WebResponse.error(WebError(error.status.code, text))
        default:
            return WebResponse.error(WebError(500, String(describing: error)))
        }
    }

    /// A page asked for at an address with nothing there gets a page saying so, with the way home, not
    /// the API's JSON error (it repeats nothing of the address either).
    static func pageForNotFound(_ request: Request, _ response: Response) -> Response {
        guard response.status == .notFound, request.method == .get, Area(request.uri.path) == .page else { return response }
        return WebResponse.html(Pages.notFound, status: .notFound)
    }

    /// Security headers on every answer: pages may load only what this server serves (the report
    /// page also needs its inline styles); nothing is framed, sniffed, sent a referrer or cached,
    /// except the static files compiled into the binary.
    static func headers(for path: String) -> [(HTTPField.Name, String)] {
        let style = path == "/report" ? "'self' 'unsafe-inline'" : "'self'"
        return [
            (.contentSecurityPolicy, "default-src 'none'; script-src 'self'; style-src \(style); img-src 'self' data:; media-src 'self'; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"),
            (HTTPField.Name("X-Content-Type-Options")!, "nosniff"),
            (HTTPField.Name("X-Frame-Options")!, "DENY"),
            (HTTPField.Name("Referrer-Policy")!, "no-referrer"),
            (HTTPField.Name("Cross-Origin-Resource-Policy")!, "same-origin"),
            (HTTPField.Name("Cross-Origin-Opener-Policy")!, "same-origin"),
            (.cacheControl, path.hasPrefix("/static/") ? "private, max-age=3600" : "no-store"),
        ]
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
