import Foundation
import NIOCore
import NIOHTTPTypes

/// How many connections the server keeps and for how long one may sit idle.
public struct ConnectionLimits: Sendable {
    /// At most this many open at once: a new one beyond it closes the connection idle longest.
    public var maximum: Int
    /// A connection with no request in progress for this long is closed (one that never sent a
    /// request included).
    public var idleTimeout: Duration

    public init(maximum: Int, idleTimeout: Duration) {
        self.maximum = maximum
        self.idleTimeout = idleTimeout
    }

    /// A browser opens about six connections to a server; a player has one or two browsers.
    public static let standard = ConnectionLimits(maximum: 128, idleTimeout: .seconds(15))
}

/// The open connections, and which to close when one too many arrives.
///
/// A program holding thousands of connections open without a request (or trickling none) must not
/// keep the player out: at the limit, a new connection closes the one that has been idle longest,
/// those that never sent a request first. A connection with a request in progress (a video being
/// sent) is never closed; if every one is busy, the new one is refused.
final class ConnectionRegistry: @unchecked Sendable {
    private struct Entry {
        let channel: any Channel
        var lastActive: UInt64
        var busy = false
        var used = false
    }

    let maximum: Int
    private let lock = NSLock()
    private var open: [ObjectIdentifier: Entry] = [:]

    init(maximum: Int) {
        self.maximum = maximum
    }

    /// Records `channel`; returns the connections to close for it (possibly itself).
    func opened(_ channel: any Channel) -> [any Channel] {
        lock.lock()
        defer { lock.unlock() }
        let id = ObjectIdentifier(channel)
        guard open[id] == nil else { return [] }
        open[id] = Entry(channel: channel, lastActive: DispatchTime.now().uptimeNanoseconds)
        var victims: [any Channel] = []
        while open.count > maximum {
            let idle = open.filter { $0.key != id && !$0.value.busy }
            // Never used first, then the longest idle.
            guard let oldest = idle.min(by: { ($0.value.used ? 1 : 0, $0.value.lastActive) < ($1.value.used ? 1 : 0, $1.value.lastActive) }) else {
                open[id] = nil
                victims.append(channel)
                break
            }
            open[oldest.key] = nil
            victims.append(oldest.value.channel)
        }
        return victims
    }

    func closed(_ channel: any Channel) {
        lock.lock()
        open[ObjectIdentifier(channel)] = nil
        lock.unlock()
    }

    /// A request began (`true`) or its answer ended (`false`) on `channel`.
    func busy(_ channel: any Channel, _ busy: Bool) {
        lock.lock()
        if var entry = open[ObjectIdentifier(channel)] {
            entry.busy = busy
            entry.used = true
            entry.lastActive = DispatchTime.now().uptimeNanoseconds
            open[ObjectIdentifier(channel)] = entry
        }
        lock.unlock()
    }

    /// How many connections are open (for tests).
    var count: Int {
        lock.lock()
        defer { lock.unlock() }
        return open.count
    }
}

/// One per connection, after the HTTP decoder: tells the registry when the connection opens, closes,
/// starts a request and finishes its answer, and closes what the registry says to.
final class ConnectionGuard: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart
    typealias OutboundIn = HTTPResponsePart
    typealias OutboundOut = HTTPResponsePart

    private let registry: ConnectionRegistry
    private var registered = false

    init(registry: ConnectionRegistry) {
        self.registry = registry
    }

    func handlerAdded(context: ChannelHandlerContext) {
        if context.channel.isActive { register(context) }
    }

    func channelActive(context: ChannelHandlerContext) {
        register(context)
        context.fireChannelActive()
    }

    private func register(_ context: ChannelHandlerContext) {
        guard !registered else { return }
        registered = true
        for victim in registry.opened(context.channel) { victim.close(promise: nil) }
    }

    func channelInactive(context: ChannelHandlerContext) {
        registry.closed(context.channel)
        context.fireChannelInactive()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        if case .head = unwrapInboundIn(data) { registry.busy(context.channel, true) }
        context.fireChannelRead(data)
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        if case .end = unwrapOutboundIn(data) { registry.busy(context.channel, false) }
        context.write(data, promise: promise)
    }
}
