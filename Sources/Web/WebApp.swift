import Foundation
import Hummingbird
import Logging
import NIOCore

/// The local web app: pages, the JSON API under `/api/v1`, previews under `/media`, on 127.0.0.1 only.
public struct WebApp: Sendable {
    public let backend: any WebBackend
    public let token: String
    public let rounds: RoundHost
    let previews: PreviewCache

    public init(backend: any WebBackend, token: String = Token.random(), rounds: RoundHost? = nil) {
        self.backend = backend
        self.token = token
        self.rounds = rounds ?? RoundHost(backend: backend)
        previews = PreviewCache()
    }

    /// The routes behind the security gate, answering to the Host values `hosts` gives.
    func router(hosts: @escaping @Sendable () -> Set<String>) -> Router<BasicRequestContext> {
        let router = Router(context: BasicRequestContext.self)
        router.add(middleware: ErrorMiddleware())
        router.add(middleware: SecurityMiddleware(token: token, allowedHosts: hosts))
        addPages(to: router)
        addAPI(to: router)
        addMedia(to: router)
        addPoster(to: router)
        return router
    }

    /// An application listening on 127.0.0.1:`port` (0: any free port); `onReady` gets the bound port.
    public func application(port: Int, onReady: @escaping @Sendable (Int) -> Void = { _ in }) -> some ApplicationProtocol {
        let box = PortBox(port)
        var logger = Logger(label: "swipeclean.web")
        logger.logLevel = .critical
        return Application(
            router: router(hosts: { SecurityMiddleware<BasicRequestContext>.hosts(port: box.value) }),
            configuration: .init(address: .hostname("127.0.0.1", port: port), serverName: "SwipeClean"),
            onServerRunning: { channel in
                let bound = channel.localAddress?.port ?? port
                box.value = bound
                onReady(bound)
            },
            logger: logger)
    }

    /// An application for route tests without a socket: HummingbirdTesting sends `Host: localhost`.
    public func testApplication() -> some ApplicationProtocol {
        Application(router: router(hosts: { ["localhost"] }))
    }

    /// Serves until SIGINT or SIGTERM.
    public func run(port: Int, onReady: @escaping @Sendable (Int) -> Void) async throws {
        try await application(port: port, onReady: onReady).runService()
    }

    /// The link to open: it carries the token once; the page then swaps it for a cookie.
    public func openURL(port: Int, path: String = "/") -> String {
        "http://127.0.0.1:\(port)\(path)\(path.contains("?") ? "&" : "?")token=\(token)"
    }
}
