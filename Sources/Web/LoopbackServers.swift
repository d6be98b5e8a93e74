import Foundation
import Hummingbird
import Logging
import NIOCore
import ServiceLifecycle
#if canImport(Glibc)
import Glibc
#endif

/// What the server does with `Host: localhost:PORT`, from what binding `[::1]:PORT` gave.
///
/// A browser may send `localhost` to `[::1]` or to `127.0.0.1`. The name is this server's only if
/// no one else can be behind it: either `[::1]:PORT` is ours too, or this machine has no IPv6
/// loopback (then no one can listen there). If another program holds `[::1]:PORT`, a page loaded
/// as `http://localhost:PORT` may be theirs, with the same origin (and `localStorage`) as ours.
public enum LocalhostAnswer: Sendable, Equatable {
    /// `[::1]:PORT` is bound by this server too: `localhost:PORT` and `[::1]:PORT` are answered.
    case served
    /// No IPv6 loopback here (the bind found no such address or family): `localhost` can only be
    /// 127.0.0.1, so `localhost:PORT` is answered.
    case ipv4Only
    /// `[::1]:PORT` could not be bound for another reason (`reason`: another program holds it):
    /// `localhost:PORT` is refused with a 421 saying to use the 127.0.0.1 link.
    case refused(reason: String)

    /// What a failed bind of `[::1]:PORT` means.
    static func after(ipv6Failure error: any Error) -> LocalhostAnswer {
        if let error = error as? IOError {
            switch error.errnoCode {
            case EAFNOSUPPORT, EADDRNOTAVAIL, EPROTONOSUPPORT, EPFNOSUPPORT, ENETUNREACH:
                return .ipv4Only
            case EADDRINUSE:
                return .refused(reason: "another program is listening on it")
            default:
                return .refused(reason: "\(error)")
            }
        }
        if error is SocketAddressError { return .ipv4Only }   // `::1` is not even an address here
        return .refused(reason: "\(error)")
    }
}

/// The Host values this server answers to (and the `localhost` ones it refuses as misdirected).
struct LoopbackHosts: Sendable, Equatable {
    var allowed: Set<String>
    var misdirected: Set<String> = []

    init(allowed: Set<String>) {
        self.allowed = allowed
    }

    /// `127.0.0.1:PORT` always; `localhost:PORT` (and `[::1]:PORT` when bound) as `localhost` says.
    init(port: Int, localhost: LocalhostAnswer) {
        allowed = ["127.0.0.1:\(port)"]
        let names = ["localhost:\(port)", "[::1]:\(port)"]
        switch localhost {
        case .served: allowed.formUnion(names)
        case .ipv4Only: allowed.insert(names[0])
        case .refused: misdirected = Set(names)
        }
    }
}

/// Where the server listens once it does: `port` on 127.0.0.1, and what `localhost` gets.
public struct Listening: Sendable, Equatable {
    public let port: Int
    public let localhost: LocalhostAnswer
    /// Whether the home-network address is served at `port` too (`clean web --phone`).
    public var phone = false

    /// One line for stderr when `localhost` is refused, nil otherwise.
    public var warning: String? {
        guard case .refused(let reason) = localhost else { return nil }
        return "[::1]:\(port) could not be bound (\(reason)), so http://localhost:\(port)/ is refused: use the http://127.0.0.1:\(port)/ link."
    }
}

/// The web app on 127.0.0.1:PORT and, on the same PORT, on [::1]: one responder (the same router,
/// sessions and security gate) and one connection registry behind both listeners. 127.0.0.1 must
/// bind (its failure is the server's); [::1] is tried once the port is known, and what it gives
/// decides how `localhost` is answered (`LocalhostAnswer`). With port 0, a [::1]:PORT another
/// program holds is worked around: the 127.0.0.1 listener stops and another free port is tried
/// for both, twice more.
/// Stops on graceful shutdown.
public struct LoopbackServers: Service {
    typealias App = Application<RouterResponder<WebContext>>

    let port: Int
    let hosts: HostsBox
    /// An application bound to `host`:`port` that calls back with the bound port.
    let makeApplication: @Sendable (_ host: String, _ port: Int, _ running: @escaping @Sendable (Int) -> Void) -> App
    let onReady: @Sendable (Listening) -> Void
    let logger: Logger
    /// With port 0, the port of the first try instead of any free one (tests: one held on [::1]).
    var firstTry: Int?
    /// The phone address's application at the bound port (`clean web --phone`): it must bind once the
    /// loopback listeners are up, or the server stops with its error.
    var phoneApplication: (@Sendable (_ port: Int, _ running: @escaping @Sendable (Int) -> Void) -> App)?

    /// How many pairs of listeners port 0 tries when [::1]:PORT is someone else's.
    static let tries = 3

    private enum Event {
        case ipv4Bound(Int), ipv4Ended((any Error)?), ipv6Bound, ipv6Failed(any Error), phoneBound, phoneFailed(any Error)
    }

    public func run() async throws {
        let tries = port == 0 ? Self.tries : 1
        for attempt in 1...tries {
            let port = attempt == 1 ? (firstTry ?? self.port) : self.port
            guard try await serve(port: port, last: attempt == tries) else { continue }
            return
        }
    }

    /// Serves on 127.0.0.1:`port` and [::1] until shutdown (true); false, with both stopped, when
    /// [::1] was someone else's, port 0 was asked for and this is not the `last` try.
    private func serve(port: Int, last: Bool) async throws -> Bool {
        let (events, sink) = AsyncStream.makeStream(of: Event.self)
        let ipv4 = ServiceGroup(configuration: .init(services: [makeApplication("127.0.0.1", port) { sink.yield(.ipv4Bound($0)) }], logger: logger))
        return try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask {
                do {
                    try await ipv4.run()
                    sink.yield(.ipv4Ended(nil))
                } catch {
                    sink.yield(.ipv4Ended(error))
                    throw error
                }
            }
            var bound: Int?
            var ready: Listening?
            waiting: for await event in events {
                switch event {
                case .ipv4Bound(let port):
                    bound = port
                    group.addTask {
                        // The [::1] listener failing leaves 127.0.0.1 serving.
                        do {
                            try await makeApplication("::1", port) { _ in sink.yield(.ipv6Bound) }.run()
                        } catch {
                            sink.yield(.ipv6Failed(error))
                        }
                    }
                case .ipv4Ended(let error):
                    if let error { throw error }
                    break waiting
                case .ipv6Bound, .ipv6Failed:
                    guard let port = bound else { break }
                    var localhost = LocalhostAnswer.served
                    if case .ipv6Failed(let error) = event {
                        localhost = .after(ipv6Failure: error)
                        if !last, (error as? IOError)?.errnoCode == EADDRINUSE {
                            await ipv4.triggerGracefulShutdown()
                            try await group.waitForAll()
                            return false
                        }
                    }
                    hosts.value = LoopbackHosts(port: port, localhost: localhost)
                    let listening = Listening(port: port, localhost: localhost)
                    guard let phoneApplication else {
                        onReady(listening)
                        break waiting
                    }
                    ready = listening
                    group.addTask {
                        do {
                            try await phoneApplication(port) { _ in sink.yield(.phoneBound) }.run()
                        } catch {
                            sink.yield(.phoneFailed(error))
                        }
                    }
                case .phoneBound:
                    guard var listening = ready else { break }
                    listening.phone = true
                    onReady(listening)
                    break waiting
                case .phoneFailed(let error):
                    throw PhoneListenError(underlying: error)
                }
            }
            try await group.waitForAll()
            return true
        }
    }

    /// Serves until SIGINT or SIGTERM.
    public func runService() async throws {
        try await ServiceGroup(configuration: .init(services: [self], gracefulShutdownSignals: [.sigterm, .sigint], logger: logger)).run()
    }
}

/// The phone address could not be bound (it is not this machine's, or another program holds the port there).
public struct PhoneListenError: Error, CustomStringConvertible {
    public let underlying: any Error
    public var description: String { "\(underlying)" }
    /// The errno of the failed bind, if it was one.
    public var errno: Int32? { (underlying as? IOError)?.errnoCode }
}

/// The Host values in force: none until both listeners have been tried (nothing is answered before
/// the link is printed), then `LoopbackHosts(port:localhost:)`.
final class HostsBox: @unchecked Sendable {
    private let lock = NSLock()
    private var hosts: LoopbackHosts
    init(_ hosts: LoopbackHosts) { self.hosts = hosts }
    var value: LoopbackHosts {
        get { lock.lock(); defer { lock.unlock() }; return hosts }
        set { lock.lock(); hosts = newValue; lock.unlock() }
    }
}
