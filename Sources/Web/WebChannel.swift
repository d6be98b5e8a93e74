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
            return Accepted(wrapped)
        }
    }

    func handle(value: Value, logger: Logger) async {
        guard let channel = value.take() else { return }
        await handleHTTP(asyncChannel: channel, logger: logger)
    }

    static let readSize = 16 << 10
    static let sendBuffer: SocketOptionValue = 32 << 10

    /// A request's line and headers: at most 32 KB, 100 fields (a browser's are a few hundred bytes).
    static let headLimit = 32 << 10
    static let headFields = 100
}

/// An accepted connection on its way to `WebChannel.handle`, which may never come: a server stopped
/// (its task cancelled, or shutting down) drops the connections it accepted and has not handed out
/// yet, and a `NIOAsyncChannel` released before its writer is finished stops the process ("Deinited
/// NIOAsyncWriter without calling finish()", swift-nio #2813). So the connection is held here until
/// `handle` takes it; if its listener closes first, it is closed, and once closed without having been
/// taken its writer is finished and it is let go.
final class Accepted: ServerChildChannelValue, @unchecked Sendable {
    let channel: any Channel
    private let lock = NIOLock()
    private var waiting: NIOAsyncChannel<HTTPRequestPart, HTTPResponsePart>?

    init(_ wrapped: NIOAsyncChannel<HTTPRequestPart, HTTPResponsePart>) {
        channel = wrapped.channel
        waiting = wrapped
        // These callbacks hold this (and the connection) until the connection closes.
        channel.closeFuture.whenComplete { _ in self.abandon() }
        channel.parent?.closeFuture.whenComplete { [channel] _ in
            if self.isWaiting { channel.close(promise: nil) }
        }
    }

    /// The connection for `handle` (which finishes it), or nil when it closed before.
    func take() -> NIOAsyncChannel<HTTPRequestPart, HTTPResponsePart>? {
        lock.withLock {
            defer { waiting = nil }
            return waiting
        }
    }

    private var isWaiting: Bool { lock.withLock { waiting != nil } }

    /// Closed and never taken: its writer finished, the connection let go.
    private func abandon() {
        lock.withLock {
            defer { waiting = nil }
            return waiting
        }?.outbound.finish()
    }
}
