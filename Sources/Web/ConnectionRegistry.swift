import Foundation
import NIOConcurrencyHelpers
import NIOCore
#if canImport(Glibc)
import Glibc
#endif

/// Where one connection stands, as its handlers (`RequestWatch`) tell it: when it opened, whether it
/// ever sent a request, what is in flight, and since when a body or an answer has made no progress.
/// Written on the connection's event loop, read by the registry of its front when room is needed.
final class ConnectionStatus: @unchecked Sendable {
    struct State: Sendable {
        let opened: NIODeadline
        /// A request head was read.
        var used = false
        /// Requests read and not yet answered to their end.
        var inFlight = 0
        /// The last request read or answer byte written (or the opening).
        var lastActive: NIODeadline
        /// Bytes of a request came and its head is not complete yet, since then.
        var headSince: NIODeadline?
        /// A request's head was read and its body has not all come, since then.
        var bodySince: NIODeadline?
        /// Answer bytes wait to be written, and none has been since then.
        var outputSince: NIODeadline?

        init(opened: NIODeadline) {
            self.opened = opened
            lastActive = opened
        }
    }

    private let lock = NIOLock()
    private var state: State

    init(opened: NIODeadline = .now()) {
        state = State(opened: opened)
    }

    func update(_ change: (inout State) -> Void) {
        lock.withLock { change(&state) }
    }

    var snapshot: State { lock.withLock { state } }
}

/// The open connections of one front, and which to close when one too many arrives.
///
/// When a new connection takes the front over `maximum`, the connection worth least goes, in this order:
/// 1. stalled: a request's head, its body or its answer that has made no progress for
///    `ConnectionLimits.stallGrace` (a peer trickling a head or a body, or reading nothing of its
///    answers), the longest stalled first;
/// 2. one that has sent nothing for `stallGrace` since it opened, the oldest first (a browser sends
///    its request as it connects);
/// 3. pipelining: more than one request read ahead of its answers (no browser does that), the least
///    recently active first;
/// 4. idle between requests, the longest idle first;
/// 5. fresh: opened less than `stallGrace` ago and nothing read from it yet, the oldest first. Under
///    load the server accepts a connection before it reads it, and a browser's request may already
///    wait in the socket: closing it then resets the browser's request (the owner's, often);
/// 6. working (a request arriving or being answered, and progressing), the least recently active first.
/// The newcomer itself is never the one closed, so a player's new connection is always served
/// whatever other programs hold. When a new connection takes its address over `perAddress`, that
/// address's own worst goes if it is stalled, silent, pipelining or idle; otherwise the newcomer is refused.
final class ConnectionRegistry: @unchecked Sendable {
    private struct Entry {
        let channel: any Channel
        let address: String
        let status: ConnectionStatus
    }

    let limits: ConnectionLimits
    private let lock = NIOLock()
    private var open: [ObjectIdentifier: Entry] = [:]
    private var perAddress: [String: Int] = [:]
    /// The most connections open since memory was last given back.
    private var peak = 0

    init(limits: ConnectionLimits) {
        self.limits = limits
    }

    /// Records `channel` from `address`; returns the connections to close for it.
    func opened(_ channel: any Channel, address: String?, status: ConnectionStatus, now: NIODeadline = .now()) -> [any Channel] {
        let address = address ?? "?"
        return lock.withLock {
            let id = ObjectIdentifier(channel)
            guard open[id] == nil else { return [] }
            open[id] = Entry(channel: channel, address: address, status: status)
            perAddress[address, default: 0] += 1
            peak = max(peak, open.count)
            var victims: [any Channel] = []
            // The front over its maximum: the worst connection goes, whatever it is (never the newcomer).
            while open.count > limits.maximum {
                let others = open.filter { $0.key != id }
                guard let victim = others.min(by: { worth($0.value, now: now) < worth($1.value, now: now) }) else { break }
                remove(victim.key)
                victims.append(victim.value.channel)
            }
            // One address over its own limit: its worst stalled, unused or idle connection goes; if all
            // its others are working, the newcomer is the one refused (that address hurts only itself).
            if perAddress[address, default: 0] > limits.perAddress {
                let own = open.filter { $0.key != id && $0.value.address == address }
                    .map { ($0.key, $0.value, worth($0.value, now: now)) }
                    .filter { $0.2.order <= Rank.idle }
                if let victim = own.min(by: { $0.2 < $1.2 }) {
                    remove(victim.0)
                    victims.append(victim.1.channel)
                } else {
                    remove(id)
                    victims.append(channel)
                }
            }
            return victims
        }
    }

    func closed(_ channel: any Channel) {
        let calm = lock.withLock {
            remove(ObjectIdentifier(channel))
            guard peak >= Self.crowd, open.count <= peak / 8 else { return false }
            peak = open.count
            return true
        }
        // Once the crowd's other connections have closed too.
        if calm { DispatchQueue.global().asyncAfter(deadline: .now() + 2) { Self.giveBackMemory() } }
    }

    /// A front that held this many connections and is back to an eighth of them gives its memory back.
    static let crowd = 32

    /// What the connections of a crowd left free goes back to the system: glibc keeps freed memory
    /// in each thread's arena (a crowd of 120 connections left 50 MB resident that nothing used).
    static func giveBackMemory() {
        mallocTrim?(0)
    }

    /// glibc's `malloc_trim` (its header is not in Swift's Glibc module), looked up once.
    private static let mallocTrim: (@convention(c) (Int) -> Int32)? = {
        #if canImport(Glibc)
        guard let symbol = dlsym(dlopen(nil, RTLD_NOW), "malloc_trim") else { return nil }
        return unsafeBitCast(symbol, to: (@convention(c) (Int) -> Int32).self)
        #else
        return nil
        #endif
    }()

    /// How many connections are open (for tests).
    var count: Int { lock.withLock { open.count } }

    private func remove(_ id: ObjectIdentifier) {
        guard let entry = open.removeValue(forKey: id) else { return }
        let left = perAddress[entry.address, default: 1] - 1
        perAddress[entry.address] = left > 0 ? left : nil
    }

    /// What keeping `entry` is worth: lower goes first.
    private func worth(_ entry: Entry, now: NIODeadline) -> Rank {
        Self.rank(entry.status.snapshot, now: now)
    }

    /// The rank of a connection in the order above, and the time that orders it within the rank.
    static func rank(_ state: ConnectionStatus.State, now: NIODeadline) -> Rank {
        let grace = TimeAmount.nanoseconds(ConnectionLimits.stallGrace.nanoseconds)
        if let since = [state.outputSince, state.bodySince, state.headSince].compactMap({ $0 }).min(), now - since >= grace {
            return Rank(order: Rank.stalled, since: since)
        }
        // A request on its way (a browser's, sent as it connected, not read yet by a busy server).
        if let since = state.headSince { return Rank(order: Rank.working, since: since) }
        if !state.used {
            return now - state.opened >= grace ? Rank(order: Rank.silent, since: state.opened) : Rank(order: Rank.fresh, since: state.opened)
        }
        if state.inFlight > 1 { return Rank(order: Rank.pipelining, since: state.lastActive) }
        return Rank(order: state.inFlight == 0 ? Rank.idle : Rank.working, since: state.lastActive)
    }

    struct Rank: Comparable {
        static let stalled = 0, silent = 1, pipelining = 2, idle = 3, fresh = 4, working = 5

        let order: Int
        let since: NIODeadline
        static func < (a: Rank, b: Rank) -> Bool { (a.order, a.since) < (b.order, b.since) }
    }
}
