import NIOCore

/// How many requests of one connection are read and not yet answered, shared by its `ReadGate`
/// (before the HTTP decoder) and its `RequestWatch` (after it), on the connection's event loop.
final class Pace {
    let limit: Int
    /// Requests decoded and not yet answered to their end.
    private(set) var inFlight = 0
    /// Nothing more is read: the connection is being refused or closed.
    var stopped = false
    weak var gate: ReadGate?
    /// How long the server has asked the peer for bytes that had not come (a socket read pending, none
    /// held): the peer's own slowness, not the server's (an app that takes no more of a body, a busy machine).
    private var waitedBefore = TimeAmount.zero
    private var waitingSince: NIODeadline?

    init(limit: Int) {
        self.limit = limit
    }

    /// The time the peer has kept the server waiting for bytes, since the connection opened.
    func waited(now: NIODeadline = .now()) -> TimeAmount {
        waitedBefore + (waitingSince.map { now - $0 } ?? .zero)
    }

    /// The gate asks the socket for bytes.
    func reading(now: NIODeadline = .now()) {
        if waitingSince == nil { waitingSince = now }
    }

    /// Bytes came from the socket.
    func arrived(now: NIODeadline = .now()) {
        guard let since = waitingSince else { return }
        waitedBefore = waitedBefore + (now - since)
        waitingSince = nil
    }

    /// Whether more bytes may go to the decoder.
    var admitting: Bool { !stopped && inFlight < limit }

    func started() { inFlight += 1 }

    /// A request's answer ended: the gate may let more through.
    func answered() {
        inFlight = max(0, inFlight - 1)
        gate?.resume()
    }
}

/// Read back-pressure, before the HTTP decoder: bytes go on to the decoder in small slices, and only
/// while fewer than `Pace.limit` requests are in flight. Beyond that, what the peer sent stays here
/// (at most one socket read) and nothing more is read from the socket until an answer ends, so a
/// peer pipelining thousands of requests and reading no answer costs the server a few requests'
/// worth of memory, whatever it sends. A browser, which sends one request and waits, never waits here.
final class ReadGate: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer
    typealias OutboundIn = ByteBuffer
    typealias OutboundOut = ByteBuffer

    /// The most bytes handed to the decoder at once: a slice of pipelined requests decodes to a few dozen at most.
    static let slice = 1_024

    private let pace: Pace
    private let status: ConnectionStatus
    private var held: ByteBuffer?
    private var readWanted = false
    /// The connection answered its last (a refusal) and half-closed: what the peer still sends is read
    /// and dropped until it closes, so that the close does not find bytes unread (which resets the
    /// connection, and a peer may then lose the answer before reading it).
    private var draining = false
    /// The peer's end of input, passed on once the bytes before it are.
    private var inputClosed = false
    private var context: ChannelHandlerContext?

    init(pace: Pace, status: ConnectionStatus) {
        self.pace = pace
        self.status = status
    }

    func handlerAdded(context: ChannelHandlerContext) {
        self.context = context
        pace.gate = self
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        self.context = nil
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        var bytes = unwrapInboundIn(data)
        pace.arrived()
        guard !draining else { return }
        // Between requests, the first bytes of the next: its head is on its way (`RequestWatch` says when it came).
        if pace.inFlight == 0 && held == nil {
            let now = NIODeadline.now()
            status.update { if $0.headSince == nil { $0.headSince = now } }
        }
        if held == nil {
            held = bytes
        } else {
            held!.writeBuffer(&bytes)
        }
        forward(context)
    }

    func channelReadComplete(context: ChannelHandlerContext) {
        guard draining else { return context.fireChannelReadComplete() }
        context.read()
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if draining, case .inputClosed? = event as? ChannelEvent {
            context.close(promise: nil)
            return
        }
        if case .inputClosed? = event as? ChannelEvent, held != nil {
            inputClosed = true
            return
        }
        context.fireUserInboundEventTriggered(event)
    }

    func read(context: ChannelHandlerContext) {
        if draining {
            context.read()
        } else if pace.admitting && held == nil {
            pace.reading()
            context.read()
        } else {
            readWanted = true
        }
    }

    /// From now on what the peer sends is dropped, and read until it closes.
    func drain() {
        guard let context, !draining else { return }
        draining = true
        held = nil
        context.read()
    }

    /// An answer ended: let through what waits (on the next turn of the loop, not inside the write).
    func resume() {
        guard let context else { return }
        context.eventLoop.assumeIsolated().execute { [self] in
            guard let context = self.context, context.channel.isActive else { return }
            let before = held?.readableBytes ?? 0
            forward(context)
            if (held?.readableBytes ?? 0) != before { context.fireChannelReadComplete() }
            if readWanted && pace.admitting && held == nil {
                readWanted = false
                pace.reading()
                context.read()
            }
        }
    }

    private func forward(_ context: ChannelHandlerContext) {
        while pace.admitting, var bytes = held, bytes.readableBytes > 0 {
            let piece = bytes.readSlice(length: min(Self.slice, bytes.readableBytes))!
            held = bytes.readableBytes > 0 ? bytes : nil
            context.fireChannelRead(wrapInboundOut(piece))
        }
        if held?.readableBytes == 0 { held = nil }
        if held == nil && inputClosed {
            inputClosed = false
            context.fireUserInboundEventTriggered(ChannelEvent.inputClosed)
        }
    }
}
