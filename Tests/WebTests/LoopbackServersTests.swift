import Foundation
import Testing
@testable import Web
#if canImport(Glibc)
import Glibc
#endif

/// The real server on the loopback: 127.0.0.1:PORT and [::1]:PORT, one app behind both, and what
/// `Host: localhost:PORT` gets when [::1]:PORT is ours and when another program holds it. (This
/// machine has an IPv6 loopback; the path without one is `Tests/Browser/web_localhost.py`'s, in a
/// network namespace with IPv6 off.) Nested in `IdleConnectionTests`, whose `.serialized` it
/// shares: the 2,000 idle connections there take most of the process's descriptors, and a server
/// started meanwhile would find none left to accept with.
extension IdleConnectionTests { @Suite struct LoopbackServersTests {
    /// Both listeners bound: `localhost` and `[::1]` are this server's names, a request over [::1]
    /// with the Bearer token is answered, and an Origin naming the request's own host is same-origin.
    @Test func localhostIsAnsweredWhenIPv6LoopbackIsOursToo() async throws {
        let fixture = try WebFixture()
        let ready = ListeningWaiter()
        let server = Task { try await fixture.app.application(port: 0) { ready.set($0) }.runService() }
        defer { server.cancel() }
        let listening = try await ready.listening()
        let port = listening.port
        #expect(listening.localhost == .served)
        #expect(listening.warning == nil)

        let overIPv4 = try await Self.ask(port, host: "localhost:\(port)")
        #expect(overIPv4.hasPrefix("HTTP/1.1 200"), "Host localhost over 127.0.0.1: \(overIPv4.prefix(300))")
        let overIPv6 = try await Self.ask(port, ipv6: true, host: "[::1]:\(port)")
        #expect(overIPv6.hasPrefix("HTTP/1.1 200") && overIPv6.contains("totalXP"), "\(overIPv6.prefix(200))")
        #expect(try await Self.ask(port, ipv6: true, host: "localhost:\(port)").hasPrefix("HTTP/1.1 200"), "Host localhost over [::1]")
        #expect(try await Self.ask(port, ipv6: true, host: "localhost:\(port)", bearer: nil).hasPrefix("HTTP/1.1 401"), "[::1] is behind the same gate")
        #expect(try await Self.ask(port, ipv6: true, host: "evil.example:\(port)").hasPrefix("HTTP/1.1 403"))

        // A change from the page at http://localhost:PORT is same-origin there, and only there.
        let link = "POST /api/v1/links"
        #expect(try await Self.ask(port, ipv6: true, request: link, host: "localhost:\(port)", origin: "http://localhost:\(port)").hasPrefix("HTTP/1.1 201"))
        #expect(try await Self.ask(port, ipv6: true, request: link, host: "[::1]:\(port)", origin: "http://[::1]:\(port)").hasPrefix("HTTP/1.1 201"))
        #expect(try await Self.ask(port, request: link, host: "localhost:\(port)", origin: "http://127.0.0.1:\(port)").hasPrefix("HTTP/1.1 403"))
        #expect(try await Self.ask(port, request: link, host: "127.0.0.1:\(port)", origin: "http://localhost:\(port)").hasPrefix("HTTP/1.1 403"))
        #expect(try await Self.ask(port, ipv6: true, request: link, host: "localhost:\(port)", origin: "http://localhost:9").hasPrefix("HTTP/1.1 403"))
    }

    /// One connection registry behind both listeners: idle connections on [::1] make room by
    /// closing those on 127.0.0.1, so the cap holds across the two.
    @Test func theConnectionCapCoversBothListeners() async throws {
        let fixture = try WebFixture(limits: ConnectionLimits(maximum: 4, idleTimeout: .seconds(60)))
        let ready = ListeningWaiter()
        let server = Task { try await fixture.app.application(port: 0) { ready.set($0) }.runService() }
        defer { server.cancel() }
        let port = try await ready.listening().port
        let onIPv4 = try (0..<4).map { _ in try Socket(connectingTo: port) }
        defer { onIPv4.forEach { $0.close() } }
        try await Task.sleep(for: .milliseconds(200))
        let onIPv6 = try (0..<4).map { _ in try Socket(connectingTo: port, ipv6: true) }
        defer { onIPv6.forEach { $0.close() } }
        let closed = try await Socket.waitUntil(within: .seconds(10)) {
            onIPv4.allSatisfy { $0.isClosedByPeer() } ? true : nil
        }
        #expect(closed == true, "the older idle connections on 127.0.0.1 were not closed for those on [::1]")
        #expect(!onIPv6.contains { $0.isClosedByPeer() })
    }

    /// Another program listens on [::1]:PORT before the server starts on PORT: 127.0.0.1 still
    /// serves, `localhost` (and `[::1]`) is a 421 naming the 127.0.0.1 link, and there is a warning.
    @Test func localhostIsRefusedWhenAnotherProgramHoldsIPv6() async throws {
        let fixture = try WebFixture()
        var held: Socket?, listening: Listening?, server: Task<Void, any Error>?
        defer { held?.close(); server?.cancel() }
        for _ in 0..<5 where listening == nil {   // the port free on [::1] may be taken on 127.0.0.1
            let other = try Socket(listeningOnIPv6: 0)
            let ready = ListeningWaiter()
            let task = Task { try await fixture.app.application(port: other.port) { ready.set($0) }.runService() }
            if let bound = try? await ready.listening() {
                held = other
                server = task
                listening = bound
            } else {
                task.cancel()
                other.close()
            }
        }
        let bound = try #require(listening)
        let port = bound.port
        #expect(port == held?.port)
        #expect(bound.localhost == .refused(reason: "another program is listening on it"))
        #expect(bound.warning?.contains("use the http://127.0.0.1:\(port)/ link") == true, "\(bound.warning ?? "no warning")")

        #expect(try await Self.ask(port, host: "127.0.0.1:\(port)").hasPrefix("HTTP/1.1 200"))
        let api = try await Self.ask(port, host: "localhost:\(port)")
        #expect(api.hasPrefix("HTTP/1.1 421") && api.contains("127.0.0.1:\(port)") && !api.contains("totalXP"), "\(api)")
        let page = try await Self.ask(port, request: "GET /", host: "localhost:\(port)", bearer: nil)
        #expect(page.hasPrefix("HTTP/1.1 421") && page.contains("text/html") && page.contains("http://127.0.0.1:\(port)/"), "\(page)")
        #expect(try await Self.ask(port, host: "[::1]:\(port)").hasPrefix("HTTP/1.1 421"))
        #expect(try await Self.ask(port, request: "GET /?token=\(WebFixture.token)", host: "localhost:\(port)", bearer: nil).hasPrefix("HTTP/1.1 421"),
                "the sign-in link is not used up under the refused name")
        #expect(try await Self.ask(port, request: "GET /?token=\(WebFixture.token)", host: "127.0.0.1:\(port)", bearer: nil).hasPrefix("HTTP/1.1 200"))
    }

    /// With port 0 nothing ties the server to a port another program holds on [::1]: the first pair
    /// of listeners stops and another free port is tried, where both are bound.
    @Test func anyFreePortMeansOneFreeOnBothAddresses() async throws {
        let fixture = try WebFixture()
        let other = try Socket(listeningOnIPv6: 0)
        defer { other.close() }
        let ready = ListeningWaiter()
        var servers = fixture.app.application(port: 0) { ready.set($0) }
        servers.firstTry = other.port
        let running = servers
        let server = Task { try await running.runService() }
        defer { server.cancel() }
        let listening = try await ready.listening()
        #expect(listening.port != other.port && listening.localhost == .served, "\(listening)")
        #expect((try? Socket(connectingTo: other.port)) == nil, "the first try's 127.0.0.1:\(other.port) was let go")
        #expect(try await Self.ask(listening.port, ipv6: true, host: "localhost:\(listening.port)").hasPrefix("HTTP/1.1 200"))
    }

    /// One request on a new connection (127.0.0.1, or [::1] with `ipv6`); the whole answer.
    /// `--phone` on a loopback address: ready only once it is bound too, at the loopback's port.
    @Test func thePhoneAddressIsBoundAtTheSamePortBeforeTheServerIsReady() async throws {
        let pairing = PhonePairing(address: "127.0.0.2", now: PhoneGateTests.stillClock())
        let fixture = try WebFixture(phone: pairing)
        let ready = ListeningWaiter()
        let server = Task { try await fixture.app.application(port: 0) { ready.set($0) }.runService() }
        defer { server.cancel() }
        let listening = try await ready.listening()
        #expect(listening.phone && pairing.port == listening.port && pairing.host == "127.0.0.2:\(listening.port)")
        #expect(try await Self.ask(listening.port, host: "127.0.0.1:\(listening.port)").hasPrefix("HTTP/1.1 200"), "the loopback as before")
        #expect(try await Self.ask(listening.port, host: "127.0.0.2:\(listening.port)").hasPrefix("HTTP/1.1 403"),
                "the phone's name is not the loopback's: its own gate is on its own listener")
    }

    /// An address this machine does not have: the server stops with the bind's error (EADDRNOTAVAIL)
    /// and is never ready, so no link is printed for a phone that could not reach it.
    @Test func aPhoneAddressThatCannotBeBoundStopsTheServer() async throws {
        let fixture = try WebFixture(phone: PhonePairing(address: "10.254.254.253", now: PhoneGateTests.stillClock()))
        let ready = ListeningWaiter()
        let outcome = await Task { try await fixture.app.application(port: 0) { ready.set($0) }.run() }.result
        guard case .failure(let error) = outcome, let refused = error as? PhoneListenError else {
            Issue.record("the server went on: \(outcome)")
            return
        }
        #expect(refused.errno == EADDRNOTAVAIL, "\(refused)")
        #expect((try? await ready.listening()) == nil)
    }

    /// On a thread of its own (`offThePool`): a blocking read on one of the cooperative pool's two threads, while
    /// another suite's test blocks the other, left the server's handlers no thread to answer on (an empty answer
    /// after 10 s in a full run).
    static func ask(_ port: Int, ipv6: Bool = false, request: String = "GET /api/v1/profile", host: String,
                    bearer: String? = WebFixture.apiToken, origin: String? = nil) async throws -> String {
        try await FrontDoorChannelTests.offThePool {
            try askBlocking(port, ipv6: ipv6, request: request, host: host, bearer: bearer, origin: origin)
        }
    }

    static func askBlocking(_ port: Int, ipv6: Bool, request: String, host: String, bearer: String?, origin: String?) throws -> String {
        let socket = try Socket(connectingTo: port, ipv6: ipv6)
        defer { socket.close() }
        var text = "\(request) HTTP/1.1\r\nHost: \(host)\r\nConnection: close\r\n"
        if let bearer { text += "Authorization: Bearer \(bearer)\r\n" }
        if let origin { text += "Origin: \(origin)\r\n" }
        if request.hasPrefix("POST") { text += "Content-Type: application/json\r\nContent-Length: 2\r\n\r\n{}" } else { text += "\r\n" }
        try socket.send(text)
        return try socket.readAll(within: .seconds(10))
    }
} }

/// Where the server listens, once it does.
final class ListeningWaiter: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Listening?
    func set(_ listening: Listening) { lock.withLock { value = listening } }
    func listening() async throws -> Listening {
        for _ in 0..<300 {
            if let listening = lock.withLock({ value }) { return listening }
            try await Task.sleep(for: .milliseconds(10))
        }
        throw SocketError("the server did not start")
    }
}
