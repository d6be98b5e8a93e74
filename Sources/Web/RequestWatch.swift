import App
import Foundation
import NIOCore
import NIOHTTP1

/// One per connection, right after the HTTP/1 decoder, before Hummingbird sees a request:
///
/// - tells its front's `ConnectionRegistry` that the connection opened (closing the ones it names
///   to make room) and closed, and keeps its `ConnectionStatus` (requests in flight, a body or an
///   answer making no progress);
/// - refuses what the request line and headers alone condemn, with the same JSON errors and headers
///   as the front door: two `Host` headers, or an absolute-form target (`GET http://other/…`) whose
///   authority is not the `Host` (400), a `Content-Length` over the body limit (413);
/// - holds the deadlines: a body still arriving once the peer has kept the server waiting for it
///   `bodyDeadline` (`pairingBodyDeadline` for `POST /pair`) since its head is a 408 and the
///   connection closes (the time the server itself took no bytes, its app busy, does not count: a
///   body sent at once is never a 408 on a loaded machine); an answer of which nothing could be written
///   for `answerDeadline` (the peer reads nothing) closes it;
/// - counts what is in flight for the `ReadGate` (`Pace`).
///
/// A refusal is written once the answers before it are (pipelined requests stay in order), then the
/// connection closes; nothing the peer sends after it is read.
final class RequestWatch: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias InboundOut = HTTPServerRequestPart
    typealias OutboundIn = HTTPServerResponsePart
    typealias OutboundOut = HTTPServerResponsePart

    private let registry: ConnectionRegistry
    private var limits: ConnectionLimits { registry.limits }
    private let pace: Pace
    private let status: ConnectionStatus
    private var channel: (any Channel)?
    private var ticker: Scheduled<Void>?

    /// The request whose body is arriving: `Pace.waited` at its head, its deadline, its bytes so far.
    private var body: (waited: TimeAmount, deadline: TimeAmount, bytes: Int)?
    /// The oldest unanswered request's answer has begun.
    private var answering = false
    /// Writes handed on and not yet done.
    private var outstanding = 0
    /// A refusal waiting for the answers before it.
    private var refusal: WebError?
    /// Nothing more is taken from the peer (a refusal was decided).
    private var deaf = false
    /// This handler answers from now on: the app's writes are dropped and the connection closes.
    private var closing = false

    init(registry: ConnectionRegistry, pace: Pace, status: ConnectionStatus) {
        self.registry = registry
        self.pace = pace
        self.status = status
    }

    // MARK: - Opening and closing

    func handlerAdded(context: ChannelHandlerContext) {
        if context.channel.isActive { register(context) }
    }

    func channelActive(context: ChannelHandlerContext) {
        register(context)
        context.fireChannelActive()
    }

    private func register(_ context: ChannelHandlerContext) {
        guard channel == nil else { return }
        channel = context.channel
        for victim in registry.opened(context.channel, address: context.channel.remoteAddress?.ipAddress, status: status) {
            victim.close(promise: nil)
        }
        tick(context)
    }

    /// The deadlines are looked at every `tick` while the connection is open.
    private func tick(_ context: ChannelHandlerContext) {
        ticker = context.eventLoop.assumeIsolated().scheduleTask(in: Self.tick) { [self] in
            guard ticker != nil else { return }
            check(context)
            tick(context)
        }
    }

    func channelInactive(context: ChannelHandlerContext) {
        stop()
        context.fireChannelInactive()
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        stop()
    }

    private func stop() {
        ticker?.cancel()
        ticker = nil
        pace.stopped = true
        if let channel { registry.closed(channel) }
    }

    // MARK: - Requests in

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard !deaf else { return }
        let part = unwrapInboundIn(data)
        let now = NIODeadline.now()
        switch part {
        case .head(let head):
            if let error = Self.refusal(of: head, limits: limits) {
                refuse(error, context)
                return
            }
            pace.started()
            let expectsBody = Self.expectsBody(head)
            if expectsBody {
                let path = head.uri.prefix { $0 != "?" }
                body = (pace.waited(now: now), .nanoseconds((path == "/pair" ? limits.pairingBodyDeadline : limits.bodyDeadline).nanoseconds), 0)
            }
            status.update {
                $0.used = true
                $0.inFlight += 1
                $0.lastActive = now
                $0.headSince = nil
                $0.bodySince = expectsBody ? now : nil
            }
        case .body(let bytes):
            body?.bytes += bytes.readableBytes
            if let body, body.bytes > limits.bodyLimit {
                takeOver(.tooLarge(limit: limits.bodyLimit), context)
                return
            }
        case .end:
            body = nil
            status.update { $0.bodySince = nil }
        }
        context.fireChannelRead(data)
    }

    /// Once this handler refused the request, what the decoder says of the bytes it will not get
    /// (the body cut short) is no one's business. Bytes that are no HTTP request, between requests,
    /// get the front door's 400 (its JSON and headers), then the connection closes.
    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        guard !deaf && !closing else { return }
        if let error = error as? HTTPParserError, error != .invalidEOFState, pace.inFlight == 0 {
            refuse(WebError(400, "this request could not be read"), context)
            return
        }
        context.fireErrorCaught(error)
    }

    // MARK: - Answers out

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        guard !closing else {
            promise?.fail(ChannelError.ioOnClosedChannel)
            return
        }
        let part = unwrapOutboundIn(data)
        if outstanding == 0 { status.update { $0.outputSince = .now() } }
        outstanding += 1
        let written = promise ?? context.eventLoop.makePromise(of: Void.self)
        written.futureResult.assumeIsolated().whenComplete { [self] _ in
            outstanding -= 1
            let now = NIODeadline.now()
            status.update {
                $0.lastActive = now
                $0.outputSince = self.outstanding > 0 ? now : nil
            }
        }
        switch part {
        case .head(let head) where head.status.code >= 200:
            answering = true
        case .end:
            answering = false
            status.update { $0.inFlight = max(0, $0.inFlight - 1) }
        default:
            break
        }
        context.write(data, promise: written)
        if case .end = part {
            pace.answered()
            if pace.inFlight == 0, let refusal {
                self.refusal = nil
                context.flush()
                answer(refusal, context)
            }
        }
    }

    // MARK: - Deadlines

    private static let tick = TimeAmount.milliseconds(250)

    private func check(_ context: ChannelHandlerContext) {
        guard context.channel.isActive, !closing else { return }
        let now = NIODeadline.now()
        if let body, pace.waited(now: now) - body.waited >= body.deadline {
            takeOver(WebError(408, "the request's body did not arrive in time (\(Self.seconds(body.deadline)) s); send it again"), context)
            return
        }
        if outstanding > 0, let since = status.snapshot.outputSince, now - since >= .nanoseconds(limits.answerDeadline.nanoseconds) {
            // The peer reads nothing: the answer cannot be written, the connection stops counting.
            closing = true
            context.close(promise: nil)
        }
    }

    // MARK: - Refusals

    /// A refusal of the request being read: answered now if it is the only one in flight and its
    /// answer has not begun (the app may have answered it already), otherwise the connection just closes.
    private func takeOver(_ error: WebError, _ context: ChannelHandlerContext) {
        deaf = true
        pace.stopped = true
        body = nil
        if pace.inFlight == 1 && !answering {
            answer(error, context)
        } else {
            closing = true
            context.close(promise: nil)
        }
    }

    /// A refusal of a request the app never saw: answered once the answers before it are written.
    private func refuse(_ error: WebError, _ context: ChannelHandlerContext) {
        deaf = true
        pace.stopped = true
        if pace.inFlight == 0 {
            answer(error, context)
        } else {
            refusal = error
        }
    }

    /// Writes `error` as the front door would (JSON, its headers, `Connection: close`) and closes.
    private func answer(_ error: WebError, _ context: ChannelHandlerContext) {
        closing = true
        var headers = HTTPHeaders(Door.headers.map { ($0.0.rawName, $0.1) })
        let text = JSON.object([("error", .string(error.description))]).text
        headers.add(name: "Content-Type", value: "application/json; charset=utf-8")
        headers.add(name: "Content-Length", value: String(text.utf8.count))
        headers.add(name: "Connection", value: "close")
        let head = HTTPResponseHead(version: .http1_1, status: HTTPResponseStatus(statusCode: error.status), headers: headers)
        context.write(wrapOutboundOut(.head(head)), promise: nil)
        context.write(wrapOutboundOut(.body(.byteBuffer(ByteBuffer(string: text)))), promise: nil)
        let channel = context.channel
        let gate = pace.gate
        context.writeAndFlush(wrapOutboundOut(.end(nil))).assumeIsolated().whenComplete { result in
            // The answer, then the end of output; what the peer still sends is read and dropped until
            // it closes: closing with its bytes unread would reset the connection, and the peer could
            // lose the answer (a trickler's 408, the rest of a body over the limit after its 413).
            guard case .success = result else { return channel.close(promise: nil) }
            gate?.drain()
            channel.close(mode: .output).whenFailure { _ in channel.close(promise: nil) }
        }
        // A peer that reads nothing, or goes on sending, does not hold the connection open longer.
        channel.eventLoop.scheduleTask(in: .seconds(2)) { channel.close(promise: nil) }
    }

    // MARK: - What the head alone condemns

    /// The refusal a request head earns before any route sees it, or nil.
    static func refusal(of head: HTTPRequestHead, limits: ConnectionLimits) -> WebError? {
        let hosts = head.headers["Host"]
        if hosts.count > 1 {
            return WebError(400, "a request names its host once (this one sent Host twice)")
        }
        if let authority = absoluteAuthority(head.uri), authority.lowercased() != hosts.first?.lowercased() {
            return WebError(400, "the request's address and its Host header name different hosts")
        }
        if let length = head.headers["Content-Length"].first.flatMap({ Int($0.trimmingCharacters(in: .whitespaces)) }), length > limits.bodyLimit {
            return .tooLarge(limit: limits.bodyLimit)
        }
        return nil
    }

    /// The authority of an absolute-form target (`http://HOST:PORT/path`), nil for the usual `/path`.
    static func absoluteAuthority(_ uri: String) -> String? {
        guard !uri.hasPrefix("/"), let separator = uri.range(of: "://") else { return nil }
        return String(uri[separator.upperBound...].prefix { $0 != "/" && $0 != "?" && $0 != "#" })
    }

    /// Whether a body follows `head` (a length above 0, or chunks).
    static func expectsBody(_ head: HTTPRequestHead) -> Bool {
        if head.headers["Transfer-Encoding"].contains(where: { $0.lowercased().contains("chunked") }) { return true }
        return head.headers["Content-Length"].first.flatMap { Int($0.trimmingCharacters(in: .whitespaces)) }.map { $0 > 0 } ?? false
    }

    private static func seconds(_ amount: TimeAmount) -> String {
        String(format: "%g", Double(amount.nanoseconds) / 1e9)
    }
}
