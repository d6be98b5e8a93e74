import Hummingbird
import HummingbirdCore
import Logging
import NIOConcurrencyHelpers
import NIOCore
import NIOHTTP1
import NIOHTTPTypes
import NIOHTTPTypesHTTP1

/// HTTP/1 on one front: Hummingbird's own channel (`HTTP1Channel`), with this server's handlers at
/// the two places they must stand. Bytes from the socket → `ReadGate` (read back-pressure) → the
/// HTTP/1 decoder → `RequestWatch` (the registry, the request line's checks, the deadlines) → the
/// conversion to HTTP types → Hummingbird's idle timeout → the app. The request line is judged before
/// the conversion, which keeps the first `Host` and drops an absolute-form target's authority.
struct WebChannel: HTTPChannelHandler {
    typealias Value = Accepted

    let responder: HTTPChannelHandler.Responder
    let registry: ConnectionRegistry
    /// This listener's connections accepted and not handed to `handle` yet.
    let unclaimed = Unclaimed()

    /// A server of `registry`'s front (its limits) for `Application(server:)`.
    static func server(_ registry: ConnectionRegistry) -> HTTPServerBuilder {
        HTTPServerBuilder { responder in WebChannel(responder: responder, registry: registry) }
    }

    func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Value> {
        channel.eventLoop.makeCompletedFuture {
            let limits = registry.limits
            let pace = Pace(limit: limits.requestsInFlight)
            let status = ConnectionStatus()
            let pipeline = channel.pipeline.syncOperations
            // What one connection can make the server hold: one read of at most 16 KB waiting at the
            // gate, and 64 KB of answers in the kernel (32 KB asked, doubled by Linux) (a peer that reads nothing fills it within a
            // few answers, and counts as stalled from then on).
            let options = channel.syncOptions
            try options?.setOption(.recvAllocator, value: AdaptiveRecvByteBufferAllocator(minimum: 64, initial: 2_048, maximum: Self.readSize))
            try options?.setOption(.maxMessagesPerRead, value: 1)
            try options?.setOption(.socketOption(.so_sndbuf), value: Self.sendBuffer)
            try pipeline.addHandler(ReadGate(pace: pace, status: status))
            var decoder = NIOHTTPDecoderLimitConfiguration()
            decoder.maxHeaderListSize = Self.headLimit
            decoder.maxHeaderFieldSize = Self.headLimit
            decoder.maxHeaderFieldCount = Self.headFields
            try pipeline.configureHTTPServerPipeline(
                withPipeliningAssistance: false,   // the ReadGate and NIOAsyncChannel keep pipelined requests in order
                withErrorHandling: false,          // Hummingbird answers a parse error with a 400
                withOutboundHeaderValidation: false,
                withEncoderConfiguration: .init(),
                withDecoderLimitConfiguration: decoder)
            try pipeline.addHandler(RequestWatch(registry: registry, pace: pace, status: status))
            try pipeline.addHandler(HTTP1ToHTTPServerCodec(secure: false))
            try pipeline.addHandler(HTTPConnectionStateHandler(idleTimeout: limits.idleTimeout, logger: logger))
            let wrapped = try NIOAsyncChannel<HTTPRequestPart, HTTPResponsePart>(
                wrappingChannelSynchronously: channel, configuration: .init(isOutboundHalfClosureEnabled: true))
            return unclaimed.add(wrapped)
        }
    }

    func handle(value: Value, logger: Logger) async {
        guard let channel = unclaimed.take(value.channel) else { return }
        await handleHTTP(asyncChannel: channel, logger: logger)
    }

    static let readSize = 16 << 10
    static let sendBuffer: SocketOptionValue = 32 << 10

    /// A request's line and headers: at most 32 KB, 100 fields (a browser's are a few hundred bytes).
    static let headLimit = 32 << 10
    static let headFields = 100
}

/// An accepted connection on its way to `WebChannel.handle` (the `NIOAsyncChannel` itself waits in `Unclaimed`).
struct Accepted: ServerChildChannelValue {
    let channel: any Channel
}

/// The connections of a listener accepted and not handed to `WebChannel.handle` yet, which may never
/// come: a server stopped (its task cancelled, or shutting down) drops the connections it accepted
/// and has not handed out, and a `NIOAsyncChannel` released before its writer is finished stops the
/// process ("Deinited NIOAsyncWriter without calling finish()", swift-nio #2813). So each waits here
/// until `handle` takes it; the listener closing first closes it, and once closed without having
/// been taken its writer is finished and it is let go. Nothing stays here once its connection closes.
final class Unclaimed: @unchecked Sendable {
    typealias Connection = NIOAsyncChannel<HTTPRequestPart, HTTPResponsePart>

    private let lock = NIOLock()
    private var waiting: [ObjectIdentifier: (connection: Connection, listener: ObjectIdentifier?)] = [:]
    /// Listeners whose closing is watched, and those closed.
    private var watched: Set<ObjectIdentifier> = []
    private var closed: Set<ObjectIdentifier> = []

    /// Keeps `connection` until it is taken or closes (on its event loop, as it is set up).
    func add(_ connection: Connection) -> Accepted {
        let channel = connection.channel
        let id = ObjectIdentifier(channel)
        let listener = channel.parent.map { ObjectIdentifier($0) }
        let (watch, listenerClosed) = lock.withLock {
            waiting[id] = (connection, listener)
            guard let listener else { return (false, false) }
            return (watched.insert(listener).inserted, closed.contains(listener))
        }
        channel.closeFuture.whenComplete { _ in self.abandon(id) }
        if watch, let parent = channel.parent {
            parent.closeFuture.whenComplete { _ in self.listenerClosed(ObjectIdentifier(parent)) }
        }
        if listenerClosed { channel.close(promise: nil) }
        return Accepted(channel: channel)
    }

    /// The connection for `handle` (which finishes it), or nil when it closed before.
    func take(_ channel: any Channel) -> Connection? {
        lock.withLock { waiting.removeValue(forKey: ObjectIdentifier(channel))?.connection }
    }

    /// Closed and never taken: its writer finished, the connection let go.
    private func abandon(_ id: ObjectIdentifier) {
        lock.withLock { waiting.removeValue(forKey: id)?.connection }?.outbound.finish()
    }

    /// The listener closed: no one will take its connections waiting here.
    private func listenerClosed(_ listener: ObjectIdentifier) {
        let left = lock.withLock {
            closed.insert(listener)
            return waiting.values.filter { $0.listener == listener }.map(\.connection.channel)
        }
        for channel in left { channel.close(promise: nil) }
    }

    /// How many wait (for tests).
    var count: Int { lock.withLock { waiting.count } }
}
