import HTTPTypes
import Hummingbird

/// Where every route of the app is declared, each with its `Access`: the route goes into the router
/// group of its access, whose middleware (`AccessRule`) runs the front's judgement of that access after
/// the router matched the request to the route. The routes declared are listed (`declared`), so a test
/// can hold every one of them to its expected access.
struct Routes {
    /// One declared route: how the router names it and who may reach it.
    struct Declared: Hashable, Sendable, CustomStringConvertible {
        let method: HTTPRequest.Method
        /// The router's pattern, with its parameters (`/api/v1/rounds/:round/confirm`).
        let path: String
        let access: Access

        var description: String { "\(method.rawValue) \(path)" }
    }

    typealias Handler = @Sendable (Request, WebContext) async throws -> Response

    private let groups: [Access: RouterGroup<WebContext>]
    private let ledger: Ledger

    init(router: Router<WebContext>, gate: some Gate) {
        var groups: [Access: RouterGroup<WebContext>] = [:]
        for access in Access.allCases {
            groups[access] = router.group().add(middleware: AccessRule(access: access, gate: gate))
        }
        self.groups = groups
        ledger = Ledger()
    }

    /// Every route declared so far.
    var declared: [Declared] { ledger.routes }

    func get(_ path: String, _ access: Access, use handler: @escaping Handler) {
        on(path, .get, access, handler)
    }

    func post(_ path: String, _ access: Access, use handler: @escaping Handler) {
        on(path, .post, access, handler)
    }

    private func on(_ path: String, _ method: HTTPRequest.Method, _ access: Access, _ handler: @escaping Handler) {
        let group = groups[access]!
        switch method {
        case .get: group.get(RouterPath(path), use: handler)
        case .post: group.post(RouterPath(path), use: handler)
        default: preconditionFailure("the app declares GET and POST routes only")
        }
        ledger.add(Declared(method: method, path: path == "/" ? "/" : "/" + path, access: access))
    }

    /// The list, shared by the copies of `Routes` a declaration passes around.
    private final class Ledger: @unchecked Sendable {
        var routes: [Declared] = []
        func add(_ route: Declared) { routes.append(route) }
    }
}

/// A front's judgement of each access: what the loopback (`LoopbackGate`) and the phone address
/// (`PhoneGate`) let through to a route.
protocol Gate: Sendable {
    /// Which way in this gate keeps.
    var front: Front { get }
    /// Before any route: the Host, the path's form, where a change comes from. Throws a `WebError` to refuse.
    func admit(_ request: Request, context: WebContext) throws
    /// A route of `access` was matched: nil lets it answer; a response answers instead (a sign-in page);
    /// a thrown `WebError` refuses.
    func judge(_ access: Access, _ request: Request, context: WebContext) throws -> Response?
}

/// The middleware of one access's router group: the front's judgement, then the route.
struct AccessRule<G: Gate>: RouterMiddleware {
    typealias Context = WebContext
    let access: Access
    let gate: G

    func handle(_ request: Request, context: WebContext, next: (Request, WebContext) async throws -> Response) async throws -> Response {
        if let answer = try gate.judge(access, request, context: context) { return answer }
        return try await next(request, context)
    }
}
