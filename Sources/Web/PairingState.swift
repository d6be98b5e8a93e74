import Foundation

/// The rules of pairing a phone, as a value: time comes in as `now`, secrets come in as arguments,
/// nothing is read from a clock or a random source here (`PhonePairing` does that, under a lock).
///
/// One offer at a time: a long link token (in the QR code) and a short code to type, usable for
/// `lifetime` by **one** device, **once**. A wrong code counts; `attempts` wrong ones close pairing
/// (the offer is dropped) until a new offer is made, however slowly they come. A wrong link token
/// counts nothing (128 random bits are not guessed, and counting them would let any page close
/// pairing with an `<img>`). Paired devices hold a session like a desktop browser's, plus `pageKey`,
/// the cookie that opens the phone address's empty page shells, and the address they paired from,
/// the only one their secrets work from; a device stays until it is revoked or the server stops.
public struct PairingState: Sendable {
    /// How long an offer waits for its one use.
    public static let lifetime: TimeInterval = 300
    /// Wrong codes that close pairing, per offer.
    public static let attempts = 5

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
        /// The IP address it paired from (nil where the socket did not say): its secrets work from there only.
        public let address: String?
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
    /// Wrong codes typed since the offer was made.
    public private(set) var wrongCodes = 0
    private var nextID = 1

    public init() {}

    /// A new offer replaces any open one, reopens pairing after a lock and forgets wrong attempts.
    @discardableResult
    public mutating func open(token: String, code: String, now: Date) -> Offer {
        let offer = Offer(token: token, code: code, expires: now.addingTimeInterval(Self.lifetime))
        self.offer = offer
        locked = false
        wrongCodes = 0
        return offer
    }

    /// How a device presents itself.
    public enum Attempt: Sendable, Equatable {
        /// The QR code's link token: a wrong one counts nothing.
        case link(String)
        /// The six digits typed into the page: a wrong one counts toward `attempts`.
        case code(String)
    }

    /// A device presents `attempt` from `address`: paired once, refused otherwise.
    public mutating func pair(_ attempt: Attempt, name: String, address: String?, secrets: Secrets, now: Date) -> Outcome {
        if locked { return .refused(.locked) }
        guard let offer else { return .refused(.used) }
        let right: Bool
        switch attempt {
        case .link(let token):
            right = constantTimeEqual(token, offer.token)
        case .code(let typed):
            right = constantTimeEqual(typed.filter { !$0.isWhitespace && $0 != "-" && $0 != "+" }, offer.code)
        }
        guard right else {
            guard case .code = attempt else { return .refused(.wrong) }
            wrongCodes += 1
            guard wrongCodes >= Self.attempts else { return .refused(.wrong) }
            locked = true
            self.offer = nil
            return .refused(.locked)
        }
        self.offer = nil
        guard now < offer.expires else { return .refused(.expired) }
        let device = Device(id: nextID, name: name, pairedAt: now,
                            session: WebSessions.Session(secret: secrets.secret, mediaKey: secrets.mediaKey, createdAt: now),
                            pageKey: secrets.pageKey, address: address)
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
