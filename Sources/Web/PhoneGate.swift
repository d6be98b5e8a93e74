import Foundation
import HTTPTypes
import Hummingbird

/// The gate of the home-network address (`clean web --phone`): nothing is answered to a device that
/// has not paired, not even the empty page shells.
///
/// - Host must be exactly `ADDR:PORT`; anything else is 421 (this address is no other name's).
/// - The same Origin and `Sec-Fetch-Site` rules as on loopback (`SecurityMiddleware.checkOrigin`).
/// - `GET /pair/TOKEN` (the QR code's link) and `GET /pair?code=NNNNNN` (the code typed into the
///   page every unpaired request gets) pair one device, once (`PhonePairing`): the answer hands it
///   the session the desktop's sign-in page hands a browser, and sets `swipeclean_phone`, a cookie
///   that opens only the pages and static files (which hold nothing of the player's).
/// - `/api/v1` needs the paired phone's secret as `Authorization: Bearer` (web.json's apiToken and
///   the desktop's sessions are not this address's); `/media` that or its media key. New sign-in
///   links and the phone list are the desktop's (403 here).
/// - Anything else from an unpaired device: 401 (a page saying how to pair, for a page).
struct PhoneGate<Context: RequestContext>: RouterMiddleware {
    let pairing: PhonePairing
    let activity: Activity?
    /// The one Host answered: `pairing.host`, or what a route test sends.
    let host: @Sendable () -> String

    static var cookie: String { "swipeclean_phone" }

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        activity?.touch()
        var response: Response
        do {
            response = try await check(request, context: context, next: next)
        } catch {
            response = SecurityMiddleware<Context>.answer(error)
        }
        response = SecurityMiddleware<Context>.pageForNotFound(request, response)
        for (name, value) in SecurityMiddleware<Context>.headers(for: request.uri.path) where response.headers[name] == nil {
            response.headers[name] = value
        }
        return response
    }

    private func check(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let host = request.head.authority?.lowercased() ?? "", own = self.host()
        guard host == own else {
            throw WebError(421, "this address answers only to \(own), as its pairing link says")
        }
        let area = SecurityMiddleware<Context>.Area(request.uri.path)
        try SecurityMiddleware<Context>.checkOrigin(request, host: host, area: area)
        let path = request.uri.path
        if path == "/pair" || path.hasPrefix("/pair/") {
            return pair(request)
        }
        switch area {
        case .api:
            guard let bearer = SecurityMiddleware<Context>.bearer(request), pairing.device(secret: bearer) != nil else {
                throw WebError(401, "this phone is not paired (or was unpaired): scan the QR code that clean web --phone prints, or type its code at http://\(pairing.host)/")
            }
            if path == "/api/v1/links" || path == "/api/v1/phones" || path.hasPrefix("/api/v1/phones/") {
                throw WebError(403, "sign-in links and paired phones are managed from the computer that runs clean web")
            }
            if request.method != .get && request.method != .head {
                let type = request.headers[.contentType]?.lowercased() ?? ""
                guard type.hasPrefix("application/json") else { throw WebError(403, "send JSON (Content-Type: application/json)") }
            }
        case .media:
            let byBearer = SecurityMiddleware<Context>.bearer(request).flatMap(pairing.device(secret:)) != nil
            let byKey = request.uri.queryParameters["key"].map { pairing.device(mediaKey: String($0)) != nil } ?? false
            guard byBearer || byKey else { throw WebError(401, "a preview needs the paired phone's key") }
        case .page, .asset:
            guard let key = Self.cookie(in: request), pairing.device(pageKey: key) != nil else {
                if area == .page, request.method == .get {
                    return WebResponse.html(PhonePages.unpaired(host: pairing.host, reason: nil), status: .unauthorized, csp: PhonePages.csp)
                }
                throw WebError(401, "this phone is not paired: open http://\(pairing.host)/ to pair it")
            }
        }
        return try await next(request, context)
    }

    /// A pairing attempt: the link's token from the path, or the typed `code`. Only a GET uses the offer up.
    private func pair(_ request: Request) -> Response {
        let attempt: String?
        if request.uri.path.hasPrefix("/pair/") {
            attempt = String(request.uri.path.dropFirst("/pair/".count))
        } else {
            attempt = request.uri.queryParameters["code"].map(String.init)
        }
        guard request.method == .get, let attempt, !attempt.isEmpty else {
            return WebResponse.html(PhonePages.unpaired(host: pairing.host, reason: nil), status: .unauthorized, csp: PhonePages.csp)
        }
        switch pairing.pair(attempt, userAgent: request.headers[.userAgent]) {
        case .paired(let device):
            var response = WebResponse.html(SignInPages.signedIn(device.session, next: "/"))
            response.headers[.setCookie] = "\(Self.cookie)=\(device.pageKey); Path=/; HttpOnly; SameSite=Strict"
            return response
        case .refused(let refusal):
            return WebResponse.html(PhonePages.unpaired(host: pairing.host, reason: refusal), status: .unauthorized, csp: PhonePages.csp)
        }
    }

    /// The `swipeclean_phone` cookie's value, if the request carries one.
    static func cookie(in request: Request) -> String? {
        for field in request.headers[values: .cookie] {
            for part in field.split(separator: ";") {
                let pair = part.trimmingCharacters(in: .whitespaces).split(separator: "=", maxSplits: 1)
                if pair.count == 2, pair[0] == cookie { return String(pair[1]) }
            }
        }
        return nil
    }
}
