import NIOCore
import NIOEmbedded
import Testing
@testable import Web

/// Which connection a front closes for room (issue 52): the one worth least, never the newcomer; a
/// crowded address loses its own, or its newcomer. Times are given, not read from a clock.
@Suite struct ConnectionRegistryTests {
    static let start = NIODeadline.uptimeNanoseconds(1_000_000_000_000)

    static func at(_ seconds: Double) -> NIODeadline {
        start + .nanoseconds(Int64(seconds * 1e9))
    }

    /// A connection opened at `opened` (seconds) in the state `change` leaves it.
    static func status(opened: Double, _ change: (inout ConnectionStatus.State) -> Void = { _ in }) -> ConnectionStatus {
        let status = ConnectionStatus(opened: at(opened))
        status.update(change)
        return status
    }

    @Test func theConnectionWorthLeastGoesFirstAndTheNewcomerNever() {
        let registry = ConnectionRegistry(limits: ConnectionLimits(maximum: 6, idleTimeout: .seconds(15)))
        let now = Self.at(20)
        // A program that reads none of its answers (nothing written for 3 s), one that never sent a
        // byte (for 10 s), a program pipelining requests (answered so far), another connection that
        // opened a moment ago and is not read yet, a browser's idle keep-alive, a video being sent.
        let stalled = EmbeddedChannel(), unused = EmbeddedChannel(), pipelining = EmbeddedChannel()
        let young = EmbeddedChannel(), idle = EmbeddedChannel(), working = EmbeddedChannel()
        let statuses: [(EmbeddedChannel, ConnectionStatus)] = [
            (stalled, Self.status(opened: 1) { $0.used = true; $0.inFlight = 4; $0.lastActive = Self.at(17); $0.outputSince = Self.at(17) }),
            (unused, Self.status(opened: 10)),
            (pipelining, Self.status(opened: 19) { $0.used = true; $0.inFlight = 3; $0.lastActive = Self.at(19.95); $0.outputSince = Self.at(19.95) }),
            (young, Self.status(opened: 19.5)),
            (idle, Self.status(opened: 2) { $0.used = true; $0.lastActive = Self.at(12) }),
            (working, Self.status(opened: 3) { $0.used = true; $0.inFlight = 1; $0.lastActive = Self.at(19.9); $0.outputSince = Self.at(19.9) }),
        ]
        for (channel, status) in statuses {
            #expect(registry.opened(channel, address: "127.0.0.1", status: status, now: Self.at(0)).isEmpty)
        }
        var closed: [EmbeddedChannel] = []
        for _ in 0..<6 {
            let newcomer = EmbeddedChannel()
            // Each newcomer sends its request at once (as a browser does).
            let victims = registry.opened(newcomer, address: "127.0.0.1", status: Self.status(opened: 20) { $0.used = true; $0.inFlight = 1; $0.lastActive = now }, now: now)
            #expect(victims.count == 1 && victims.first !== newcomer, "the newcomer is never the one closed")
            closed += victims.compactMap { victim in statuses.first { $0.0 === victim }?.0 }
        }
        #expect(closed.map { ObjectIdentifier($0) } == [stalled, unused, pipelining, idle, young, working].map { ObjectIdentifier($0) },
                "stalled, then unused (the oldest first), pipelining, idle, the one not read yet, and working last")
        #expect(registry.count == 6)
    }

    /// web_load.py's pipeline attack: 130 programs pipelining, reopening each connection the server
    /// closes, on a front of 128. The owner's new connection, accepted and not read yet (its request
    /// waits in the socket), is not the one a reopened attacker's arrival closes: that would reset the
    /// owner's request (CI saw it once in 40).
    @Test func aConnectionNotReadYetOutlivesTheProgramsThatPipeline() {
        let registry = ConnectionRegistry(limits: ConnectionLimits(maximum: 4, idleTimeout: .seconds(15)))
        let now = Self.at(20)
        // Attackers a moment old: answers still being written (nothing stalled yet), two or more
        // requests read ahead.
        let attackers = (0..<3).map { _ in EmbeddedChannel() }
        for (index, attacker) in attackers.enumerated() {
            let status = Self.status(opened: 19.2 + 0.1 * Double(index)) { $0.used = true; $0.inFlight = 2 + index; $0.lastActive = Self.at(19.99); $0.outputSince = Self.at(19.99) }
            #expect(registry.opened(attacker, address: "127.0.0.1", status: status, now: Self.at(19.5)).isEmpty)
        }
        let owner = EmbeddedChannel()
        #expect(registry.opened(owner, address: "127.0.0.1", status: Self.status(opened: 19.99), now: Self.at(19.99)).isEmpty)
        // Reopened attackers, connected after the owner and not read yet either.
        for _ in 0..<3 {
            let victims = registry.opened(EmbeddedChannel(), address: "127.0.0.1", status: Self.status(opened: 20), now: now)
            #expect(victims.count == 1 && victims.allSatisfy { victim in attackers.contains { $0 === victim } }, "an attacker goes, not the owner")
        }
        #expect(registry.count == 4)
    }

    @Test func aHeadOrBodyTrickledForASecondIsStalled() {
        let trickling = Self.status(opened: 0) { $0.used = true; $0.inFlight = 1; $0.lastActive = Self.at(0); $0.bodySince = Self.at(0) }
        #expect(ConnectionRegistry.rank(trickling.snapshot, now: Self.at(0.5)).order == ConnectionRegistry.Rank.working, "within the grace: working")
        #expect(ConnectionRegistry.rank(trickling.snapshot, now: Self.at(1)).order == ConnectionRegistry.Rank.stalled, "a second without its body: stalled")
        // The first bytes of a request, its head not read yet (a browser's, on a busy server): working;
        // a head still incomplete a second later (trickled): stalled.
        let speaking = Self.status(opened: 0) { $0.headSince = Self.at(0.2) }
        #expect(ConnectionRegistry.rank(speaking.snapshot, now: Self.at(0.3)).order == ConnectionRegistry.Rank.working)
        #expect(ConnectionRegistry.rank(speaking.snapshot, now: Self.at(1.2)).order == ConnectionRegistry.Rank.stalled)
    }

    @Test func aCrowdedAddressLosesItsOwnIdleConnectionOrItsNewcomer() {
        let registry = ConnectionRegistry(limits: ConnectionLimits(maximum: 10, perAddress: 2, idleTimeout: .seconds(15)))
        let now = Self.at(20)
        let phone = EmbeddedChannel()
        #expect(registry.opened(phone, address: "192.168.1.30", status: Self.status(opened: 1) { $0.used = true; $0.lastActive = Self.at(5) }, now: now).isEmpty)
        // Another device, two requests being answered: its third connection is refused, not the phone's.
        let a = EmbeddedChannel(), b = EmbeddedChannel(), c = EmbeddedChannel()
        for channel in [a, b] {
            #expect(registry.opened(channel, address: "192.168.1.66", status: Self.status(opened: 19) { $0.used = true; $0.inFlight = 1; $0.lastActive = Self.at(19.9) }, now: now).isEmpty)
        }
        #expect(registry.opened(c, address: "192.168.1.66", status: Self.status(opened: 20), now: now).first === c)
        // The phone's own newcomer closes the phone's idle one.
        let again = EmbeddedChannel()
        #expect(registry.opened(again, address: "192.168.1.30", status: Self.status(opened: 20) { $0.used = true; $0.inFlight = 1; $0.lastActive = now }, now: now).isEmpty)
        let third = EmbeddedChannel()
        #expect(registry.opened(third, address: "192.168.1.30", status: Self.status(opened: 20), now: now).first === phone)
        #expect(registry.count == 4)
    }
}
