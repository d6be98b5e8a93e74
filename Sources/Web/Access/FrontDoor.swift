import Foundation
import HTTPTypes
import Hummingbird
import NIOCore
import NIOHTTP1

/// The middleware every request of a front passes first, matched to a route or not: the front's
/// admission (Host, the path's plain form, a change's origin), and on the way out what every answer
/// carries: the security headers, and errors as JSON sentences that repeat nothing of the request and
/// tell nothing of the internals (those go to stderr).
struct FrontDoor<G: Gate>: RouterMiddleware {
    typealias Context = WebContext
    let gate: G
    /// Stands for the socket's peer address (route tests without a socket).
    var remote: (@Sendable () -> String?)?
    /// Where the details of an unexpected failure go (stderr; a test may listen).
    var log: @Sendable (String) -> Void = Door.stderr

    init(gate: G, remote: (@Sendable () -> String?)? = nil) {
        self.gate = gate
        self.remote = remote
    }

    func handle(_ request: Request, context: WebContext, next: (Request, WebContext) async throws -> Response) async throws -> Response {
        var response: Response
        var context = context
        context.front = gate.front
        if let remote { context.remoteAddress = remote() }
        do {
            try gate.admit(request, context: context)
            response = try await next(request, context)
        } catch {
            response = Door.answer(error, to: request, log: log)
        }
        for (name, value) in Door.headers where response.headers[name] == nil {
            response.headers[name] = value
        }
        return response
    }
}

/// What both fronts check and answer alike.
enum Door {
    /// Anything thrown below as a JSON error: a `WebError` as itself, the router's own (404, 405) with a
    /// sentence that does not repeat the request, anything else as a 500 that says where to look (the
    /// details go to the terminal that runs the server).
    static func answer(_ error: any Error, to request: Request, log: @Sendable (String) -> Void) -> Response {
        switch error {
        case let error as Misdirected:
            if request.method == .get { return WebResponse.html(SignInPages.misdirected(port: error.port), status: .misdirectedRequest) }
            return WebResponse.error(WebError(421, "localhost may lead to [::1]:\(error.port), which is not this server's (another program holds it): use http://127.0.0.1:\(error.port)/ as the link says"))
        case let error as WebError:
            return WebResponse.error(error)
        case is HTTPParserError:
            // The connection ended in the middle of the request (the peer went away): nothing to tell.
            return WebResponse.error(WebError(400, "this request could not be read"))
        case is NIOTooManyBytesError:
            // `collectBody(upTo:)` met a body over the limit (one sent in chunks, without a length).
            return WebResponse.error(.tooLarge(limit: WebApp.bodyLimit))
        case let error as HTTPError:
            let text: String
            switch error.status {
            case .notFound: text = "nothing here"
            case .methodNotAllowed: text = "this address does not take that method"
            case .badRequest: text = "this request could not be read"
            default: text = error.status.reasonPhrase
            }
            return WebResponse.error(WebError(error.status.code, text))
        default:
            log("clean web: a request failed: \(error)")
            return WebResponse.error(.internal)
        }
    }

    static let stderr: @Sendable (String) -> Void = { line in
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }

    /// Security headers on every answer: pages may load only what this server serves; nothing is
    /// framed, sniffed, sent a referrer or stored. A route sets its own where it needs another (the
    /// static files' long cache, the report's inline styles, the pairing page's script).
    static let headers: [(HTTPField.Name, String)] = [
        (.contentSecurityPolicy, "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; media-src 'self'; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"),
        (HTTPField.Name("X-Content-Type-Options")!, "nosniff"),
        (HTTPField.Name("X-Frame-Options")!, "DENY"),
        (HTTPField.Name("Referrer-Policy")!, "no-referrer"),
        (HTTPField.Name("Cross-Origin-Resource-Policy")!, "same-origin"),
        (HTTPField.Name("Cross-Origin-Opener-Policy")!, "same-origin"),
        (.cacheControl, "no-store"),
    ]

    /// The same-origin rule of both fronts: a change (any method but GET and HEAD) must come from
    /// `http://HOST` (`Origin`, `Sec-Fetch-Site`).
    static func checkChangeOrigin(_ request: Request, host: String) throws {
        guard request.method != .get && request.method != .head else { return }
        if let origin = request.headers[HTTPField.Name("Origin")!], origin.lowercased() != "http://" + host {
            throw WebError(403, "a change is accepted only from this server's own pages (the Origin is another)")
        }
        if let site = fetchSite(request), !sameOrigin.contains(site) {
            throw WebError(403, "a change is accepted only from this server's own pages (the browser says it comes from another)")
        }
    }

    /// The API and previews refuse what a browser says is cross-site or same-site, reads too (another
    /// port of 127.0.0.1 is the same site).
    static func checkReadOrigin(_ request: Request) throws {
        if let site = fetchSite(request), !sameOrigin.contains(site) {
            throw WebError(403, "only this server's own pages may ask (the browser says the request comes from another)")
        }
    }

    static func fetchSite(_ request: Request) -> String? {
        request.headers[HTTPField.Name("Sec-Fetch-Site")!]?.lowercased()
    }

    /// What `Sec-Fetch-Site` may say of a request this server accepts: its own page, or the player
    /// typing or opening an address (`none`).
    static var sameOrigin: Set<String> { ["same-origin", "none"] }

    /// The bearer token of `Authorization: Bearer …`, if any.
    static func bearer(_ request: Request) -> String? {
        guard let value = request.headers[.authorization], value.count > 7, value.prefix(7).lowercased() == "bearer " else { return nil }
        return String(value.dropFirst(7)).trimmingCharacters(in: .whitespaces)
    }

    /// A change's body must say it is JSON (a form or an `<img>` cannot).
    static func checkJSON(_ request: Request) throws {
        guard request.method != .get && request.method != .head else { return }
        let type = request.headers[.contentType]?.lowercased() ?? ""
        guard type.hasPrefix("application/json") else { throw WebError(403, "send JSON (Content-Type: application/json)") }
    }
}

extension WebError {
    /// An unexpected failure, as the browser is told it.
    static let `internal` = WebError(500, "something went wrong on the computer; the terminal that runs clean web says what")

    /// `error` (not one of the app's refusals) written to stderr, and said to the browser as `internal`.
    static func unexpected(_ error: any Error, doing what: String = "a request") -> WebError {
        if let error = error as? WebError { return error }
        Door.stderr("clean web: \(what) failed: \(error)")
        return .internal
    }
}
