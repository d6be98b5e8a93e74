import Foundation

/// What one front (the loopback, or the phone address) allows its connections: how many, for how
/// long, how much a request may send and how slowly. Docs/web-sessions.md states each figure.
public struct ConnectionLimits: Sendable, Equatable {
    /// At most this many open on the front at once: one more closes the one worth least (`ConnectionRegistry`).
    public var maximum: Int
    /// At most this many from one peer address; one more closes that address's own worst.
    public var perAddress: Int
    /// A connection with no request in progress for this long is closed (one that never sent a
    /// request included).
    public var idleTimeout: Duration
    /// An answer of which nothing could be written for this long (the peer reads nothing) closes its connection.
    public var answerDeadline: Duration
    /// A request's body must have arrived before the peer has kept the server waiting for it this long
    /// (`Pace.waited`: the time the server asked for none of it does not count), or it is a 408 and the connection closes.
    public var bodyDeadline: Duration
    /// The same for `POST /pair` (a six-digit code).
    public var pairingBodyDeadline: Duration
    /// Requests read ahead of their answers on one connection: pipelined requests beyond these are
    /// left unread (in the socket) until the earlier answers are written.
    public var requestsInFlight: Int
    /// The largest body a request may send (the API's JSON); more is a 413.
    public var bodyLimit: Int

    public init(maximum: Int, perAddress: Int? = nil, idleTimeout: Duration, answerDeadline: Duration = .seconds(10),
                bodyDeadline: Duration = .seconds(10), pairingBodyDeadline: Duration = .seconds(3),
                requestsInFlight: Int = 4, bodyLimit: Int = WebApp.bodyLimit) {
        self.maximum = maximum
        self.perAddress = perAddress ?? maximum
        self.idleTimeout = idleTimeout
        self.answerDeadline = answerDeadline
        self.bodyDeadline = bodyDeadline
        self.pairingBodyDeadline = pairingBodyDeadline
        self.requestsInFlight = requestsInFlight
        self.bodyLimit = bodyLimit
    }

    /// 127.0.0.1 and [::1] together. A browser opens about six connections to a server; a player has
    /// one or two browsers. Every local program is 127.0.0.1 to the server, so a limit per address
    /// would be the front's own: what keeps the player in is which connection is closed for room.
    public static let loopback = ConnectionLimits(maximum: 128, idleTimeout: .seconds(15))

    /// The home-network address (`clean web --phone`): a phone or two, each about six connections;
    /// one device on the Wi-Fi gets at most 16, and its bodies (a decision, a code) are small and quick.
    public static let phone = ConnectionLimits(maximum: 64, perAddress: 16, idleTimeout: .seconds(15), bodyDeadline: .seconds(5))

    /// How long a pending answer or body may make no progress before its connection counts as stalled
    /// (the first closed for room).
    static let stallGrace: Duration = .seconds(1)
}

extension Duration {
    /// This duration in nanoseconds (NIO's `TimeAmount`).
    var nanoseconds: Int64 {
        components.seconds * 1_000_000_000 + components.attoseconds / 1_000_000_000
    }
}
