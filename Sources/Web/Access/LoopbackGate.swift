import Foundation
import Hummingbird

/// The loopback's judgement (127.0.0.1 and [::1]):
///
/// - Host must be this server: `127.0.0.1:PORT` as the link names it, or `localhost:PORT` when no
///   one else can be behind that name (`LoopbackHosts`, `LocalhostAnswer`); any other name is 403
///   (DNS rebinding), and `localhost` while another program holds `[::1]:PORT` is 421.
/// - The path is in its plain form (`RequestPath`), or 400.
/// - A change (any method but GET and HEAD) comes from this origin (`Origin`, `Sec-Fetch-Site`).
/// - Pages and static files are public shells; `?token=` on a page is a one-time sign-in link.
/// - The API needs `Authorization: Bearer` with the scripts' token or a signed-in page's secret, a
///   preview that or the page's media key (`?key=`); never a cookie. New sign-in links are the
///   scripts' token's only. Pairing is the phone address's (404 here).
struct LoopbackGate: Gate {
    var front: Front { .loopback }
    let sessions: WebSessions
    /// The Host values this server answers to (read per request: known once both listeners are tried).
    let hosts: @Sendable () -> LoopbackHosts
    /// Told of each request a signed-in page or a script makes (`--phone` stops after 30 idle minutes).
    let activity: Activity?

    func admit(_ request: Request, context: WebContext) throws {
        let hosts = hosts()
        let host = request.head.authority?.lowercased() ?? ""
        if hosts.misdirected.contains(host) {
            let port = host.split(separator: ":").last.map(String.init) ?? ""
            throw Misdirected(port: port)
        }
        guard hosts.allowed.contains(host) else {
            throw WebError(403, "this server answers only to \(hosts.allowed.sorted().joined(separator: " and ")), as its link says")
        }
        if let refusal = RequestPath.refusal(request.uri.path) { throw WebError(400, refusal) }
        try Door.checkChangeOrigin(request, host: host)
    }

    func judge(_ access: Access, _ request: Request, context: WebContext) throws -> Response? {
        switch access {
        case .asset:
            return nil
        case .page:
            // Only a GET uses a link up (a HEAD, or a change, gets the page without signing in).
            guard request.method == .get, let link = request.uri.queryParameters["token"].map(String.init) else { return nil }
            switch sessions.signIn(link: link) {
            case .signedIn(let session):
                let next = SignInPages.destination(path: request.uri.path, boss: request.uri.queryParameters["boss"].map(String.init))
                return WebResponse.html(SignInPages.signedIn(session, next: next))
            case .refused:
                return WebResponse.html(SignInPages.refused, status: .forbidden)
            }
        case .pairing:
            throw HTTPError(.notFound)
        case .signedIn, .computer, .loopback, .script, .media:
            try Door.checkReadOrigin(request)
            let credential = credential(request)
            if access == .media, credential == .none {
                guard let key = request.uri.queryParameters["key"].map(String.init), sessions.allowsMedia(key: key) else {
                    throw WebError(401, "a preview needs the signed-in page's key or Authorization: Bearer (see web.json)")
                }
            } else {
                guard credential != .none else {
                    throw WebError(401, "send Authorization: Bearer with the apiToken of $SWIPECLEAN_HOME/web.json, or sign in with a link from `clean web link`")
                }
                if access == .script, credential != .script {
                    throw WebError(403, "new sign-in links are given to the apiToken of web.json only (`clean web link`)")
                }
            }
            try Door.checkJSON(request)
            activity?.touch()
            return nil
        }
    }

    private func credential(_ request: Request) -> Credential {
        switch Door.bearer(request).flatMap(sessions.principal(bearer:)) {
        case .script?: return .script
        case .browser?: return .browser
        case nil: return .none
        }
    }
}

/// `localhost:PORT` while another program holds `[::1]:PORT`: a page saying to use the 127.0.0.1 link
/// for a page's GET, a JSON 421 for anything else.
struct Misdirected: Error {
    let port: String
}
