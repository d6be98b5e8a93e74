import App
import Foundation
import Hummingbird
import Logging
import NIOCore

/// The local web app: pages, the JSON API under `/api/v1`, previews under `/media`, on the loopback
/// only (127.0.0.1, and [::1] at the same port when it can be bound).
public struct WebApp: Sendable {
    package let backend: AppService
    /// The token of the sign-in link `clean web` prints (one browser, once).
    public let token: String
    /// Who may use the server: the scripts' token, the links, the signed-in browsers.
    public let sessions: WebSessions
    public let rounds: RoundHost
    /// The loopback's connection limits (127.0.0.1 and [::1] together).
    public let limits: ConnectionLimits
    /// The phone address's, a pool of its own: nothing on the Wi-Fi takes the loopback's room.
    public let phoneLimits: ConnectionLimits
    /// The home-network address and its paired phones (`clean web --phone`), nil without it.
    public let phone: PhonePairing?
    /// When the last request came, on any address.
    public let activity: Activity
    let previews: PreviewCache
    /// A scan started from the pages (`/api/v1/scan`).
    let scans = ScanJob()
    var folderPicker: FolderPicker { FolderPicker(environment: backend.environment) }

    /// `linkClock`: the time the sign-in links expire by (a test's may stand still).
    package init(backend: AppService, token: String = Token.random(), apiToken: String = Token.random(),
                rounds: RoundHost? = nil, limits: ConnectionLimits = .loopback, phoneLimits: ConnectionLimits = .phone,
                phone: PhonePairing? = nil,
                linkClock: @escaping @Sendable () -> Date = Date.init) {
        self.backend = backend
        self.token = token
        sessions = WebSessions(apiToken: apiToken, firstLink: token, now: linkClock)
        self.rounds = rounds ?? RoundHost(backend: backend)
        self.limits = limits
        self.phoneLimits = phoneLimits
        self.phone = phone
        activity = Activity()
        previews = PreviewCache()
    }

    /// The token of `web.json`: `Authorization: Bearer` with it opens `/api/v1` and `/media`.
    public var apiToken: String { sessions.apiToken }

    /// The loopback's router: every route, judged as `LoopbackGate` judges its access.
    func router(hosts: @escaping @Sendable () -> LoopbackHosts) -> Router<WebContext> {
        router(gate: LoopbackGate(sessions: sessions, hosts: hosts, activity: activity))
    }

    /// The phone address's router: the same routes, judged as `PhoneGate` judges their access (only
    /// paired phones get in). `remote` stands for the socket's peer address in route tests.
    func phoneRouter(_ pairing: PhonePairing, host: (@Sendable () -> String)? = nil,
                     remote: (@Sendable () -> String?)? = nil) -> Router<WebContext> {
        router(gate: PhoneGate(pairing: pairing, activity: activity, host: host ?? { pairing.host }), remote: remote)
    }

    private func router(gate: some Gate, remote: (@Sendable () -> String?)? = nil) -> Router<WebContext> {
        // A HEAD is answered as its GET would be (a browser revalidates a cached icon with one).
        let router = Router(context: WebContext.self, options: .autoGenerateHeadEndpoints)
        router.add(middleware: FrontDoor(gate: gate, remote: remote))
        declareRoutes(Routes(router: router, gate: gate))
        return router
    }

    /// Every route of the app, each with its access (`Routes`).
    func declareRoutes(_ routes: Routes) {
        addPages(to: routes)
        addAPI(to: routes)
        addScanAPI(to: routes)
        addSettingsAPI(to: routes)
        addMedia(to: routes)
        addPoster(to: routes)
        addTrashMedia(to: routes)
        addPhoneAPI(to: routes)
        addFolderAPI(to: routes)
        addPairing(to: routes)
        addNotFound(to: routes)
    }

    /// The routes declared, with their access (the same on both fronts), for the access table's test.
    var declaredRoutes: [Routes.Declared] {
        let routes = Routes(router: Router(context: WebContext.self), gate: LoopbackGate(sessions: sessions, hosts: { LoopbackHosts(allowed: []) }, activity: nil))
        declareRoutes(routes)
        return routes.declared
    }

    /// The server on 127.0.0.1:`port` (0: any free port) and then on [::1] at the same port, one app
    /// behind both (`LoopbackServers`); `onReady` gets the bound port and how `localhost` is answered.
    /// Each front keeps its connections within its limits (`ConnectionLimits`, `WebChannel`): the
    /// loopback's two listeners count together, the phone address apart.
    public func application(port: Int, onReady: @escaping @Sendable (Listening) -> Void = { _ in }) -> LoopbackServers {
        let hosts = HostsBox(LoopbackHosts(allowed: []))
        let responder = router(hosts: { hosts.value }).buildResponder()
        let loopback = ConnectionRegistry(limits: limits)
        let logger = { var logger = Logger(label: "swipeclean.web"); logger.logLevel = .critical; return logger }()
        let make = { @Sendable (responder: RouterResponder<WebContext>, registry: ConnectionRegistry, host: String, port: Int,
                                running: @escaping @Sendable (Int) -> Void) in
            Application(
                responder: responder,
                server: WebChannel.server(registry),
                configuration: .init(address: .hostname(host, port: port), serverName: "SwipeClean"),
                onServerRunning: { channel in running(channel.localAddress?.port ?? port) },
                logger: logger)
        }
        var servers = LoopbackServers(port: port, hosts: hosts, makeApplication: { host, port, running in
            make(responder, loopback, host, port, running)
        }, onReady: onReady, logger: logger)
        if let phone {
            let phoneResponder = phoneRouter(phone).buildResponder()
            let registry = ConnectionRegistry(limits: phoneLimits)
            servers.phoneApplication = { port, running in
                phone.port = port
                return make(phoneResponder, registry, phone.address, port, running)
            }
        }
        return servers
    }

    /// An application for route tests without a socket: HummingbirdTesting sends `Host: localhost`.
    public func testApplication() -> some ApplicationProtocol {
        Application(router: router(hosts: { LoopbackHosts(allowed: ["localhost"]) }))
    }

    /// The phone address's routes for tests without a socket (HummingbirdTesting's `Host: localhost`
    /// stands for `ADDR:PORT`), as if every request came from `address`.
    public func phoneTestApplication(from address: String? = "192.168.1.30") -> some ApplicationProtocol {
        Application(router: phoneRouter(phone!, host: { "localhost" }, remote: { address }))
    }

    /// Serves until SIGINT or SIGTERM.
    public func run(port: Int, onReady: @escaping @Sendable (Listening) -> Void) async throws {
        try await application(port: port, onReady: onReady).runService()
    }

    /// The link to open: it signs in one browser, once.
    public func openURL(port: Int, path: String = "/") -> String {
        Self.link(port: port, path: path, token: token)
    }

    /// A sign-in link for `token` on this server.
    public static func link(port: Int, path: String = "/", token: String) -> String {
        "http://127.0.0.1:\(port)\(path)\(path.contains("?") ? "&" : "?")token=\(token)"
    }
}
