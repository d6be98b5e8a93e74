import Foundation

/// The rules of pairing a phone, as a value: time comes in as `now`, secrets come in as arguments,
/// nothing is read from a clock or a random source here (`PhonePairing` does that, under a lock).
///
/// One offer at a time: a long link token (in the QR code) and a short code to type, usable for
/// `lifetime` by **one** device, **once**. A wrong token or code counts; `attempts` wrong ones within
/// `window` close pairing (the offer is dropped) until a new offer is made. Paired devices hold a
/// session like a desktop browser's, plus `pageKey`, the cookie that opens the phone address's
/// empty page shells; a device stays until it is revoked or the server stops.
public struct PairingState: Sendable {
    /// How long an offer waits for its one use.
    public static let lifetime: TimeInterval = 300
    /// Wrong attempts within `window` that close pairing.
    public static let attempts = 5
    public static let window: TimeInterval = 60

    public struct Offer: Sendable, Equatable {
        /// The link's token (128 random bits, in the QR code).
        public let token: String
        /// The code to type when the camera cannot read the QR code.
        public let code: String
        public let expires: Date
    }

    /// A paired phone.
    public struct Device: Sendable, Equatable {
        public let id: Int
        /// What its browser says it is, shortly ("Pixel 7", "iPhone").
        public let name: String
        public let pairedAt: Date
        /// `secret` for `Authorization: Bearer`, `mediaKey` for `/media?key=`, as a desktop page has.
        public let session: WebSessions.Session
        /// The cookie value that opens the pages and static files (never the data) on the phone address.
        public let pageKey: String
    }

    /// The secrets a device gets if it pairs (made by the caller, used only on success).
    public struct Secrets: Sendable {
        public let secret: String
        public let mediaKey: String
        public let pageKey: String
        public init(secret: String, mediaKey: String, pageKey: String) {
            self.secret = secret
            self.mediaKey = mediaKey
            self.pageKey = pageKey
        }
    }

    public enum Refusal: Sendable, Equatable {
        /// No offer is open: it was used (by this device or another), or none was made.
        case used
        /// The offer's five minutes are over.
        case expired
        /// Not the offer's token or code.
        case wrong
        /// Too many wrong attempts: closed until a new offer.
        case locked
    }

    public enum Outcome: Sendable, Equatable {
        case paired(Device)
        case refused(Refusal)
    }

    public private(set) var offer: Offer?
    public private(set) var devices: [Device] = []
    /// Closed after too many wrong attempts, until `open`.
    public private(set) var locked = false
    private var failures: [Date] = []
    private var nextID = 1

    public init() {}

    /// A new offer replaces any open one, reopens pairing after a lock and forgets wrong attempts.
    @discardableResult
    public mutating func open(token: String, code: String, now: Date) -> Offer {
        let offer = Offer(token: token, code: code, expires: now.addingTimeInterval(Self.lifetime))
        self.offer = offer
        locked = false
        failures = []
        return offer
    }

    /// A device presents `attempt` (the link's token or the typed code): paired once, refused otherwise.
    public mutating func pair(_ attempt: String, name: String, secrets: Secrets, now: Date) -> Outcome {
        if locked { return .refused(.locked) }
        guard let offer else { return .refused(.used) }
        let typed = attempt.filter { !$0.isWhitespace && $0 != "-" && $0 != "+" }
        guard constantTimeEqual(attempt, offer.token) || constantTimeEqual(typed, offer.code) else {
            failures = failures.filter { now.timeIntervalSince($0) < Self.window } + [now]
            guard failures.count >= Self.attempts else { return .refused(.wrong) }
            locked = true
            self.offer = nil
            return .refused(.locked)
        }
        self.offer = nil
        guard now < offer.expires else { return .refused(.expired) }
        let device = Device(id: nextID, name: name, pairedAt: now,
                            session: WebSessions.Session(secret: secrets.secret, mediaKey: secrets.mediaKey, createdAt: now),
                            pageKey: secrets.pageKey)
        nextID += 1
        devices.append(device)
        return .paired(device)
    }

    /// Unpairs device `id`: its secrets open nothing from now on. The device, or nil if none had that id.
    @discardableResult
    public mutating func revoke(id: Int) -> Device? {
        guard let index = devices.firstIndex(where: { $0.id == id }) else { return nil }
        return devices.remove(at: index)
    }

    /// The device whose session secret is `secret`.
    public func device(secret: String) -> Device? {
        devices.first { constantTimeEqual($0.session.secret, secret) }
    }

    public func device(mediaKey: String) -> Device? {
        devices.first { constantTimeEqual($0.session.mediaKey, mediaKey) }
    }

    public func device(pageKey: String) -> Device? {
        devices.first { constantTimeEqual($0.pageKey, pageKey) }
    }
}
