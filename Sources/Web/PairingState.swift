import Foundation

/// The rules of pairing a phone, as a value: time comes in as `now`, secrets come in as arguments,
/// nothing is read from a clock or a random source here (`PhonePairing` does that, under a lock).
///
/// One offer at a time: a long link token (in the QR code) and a short code to type, usable for
/// `lifetime` by **one** device, **once**. A wrong code counts against the address that sent it:
/// `attempts` wrong ones close the offer to that address (its codes are refused, however slowly they
/// come) and to no other, until a new offer; and once a wrong code was typed, codes are checked one
/// per `codeSpacing` whoever sends them, so many addresses guess no faster than one. The computer's
/// new offer (`open`) is always fresh. A wrong link token counts nothing (128 random bits are not
/// guessed, and counting them would let any page close pairing with an `<img>`).
///
/// Paired devices hold a session like a desktop browser's, plus `pageKey`, the cookie that opens the
/// phone address's empty page shells, and the address they paired from, the only one their secrets
/// work from; a device stays until it is revoked or the server stops. Its secret is short-lived
/// (`secretLifetime`): the page renews it with its `renewKey`, which works once (`renew`).
public struct PairingState: Sendable {
    /// How long an offer waits for its one use.
    public static let lifetime: TimeInterval = 300
    /// Wrong codes from one address that close the offer to it.
    public static let attempts = 5
    /// After a wrong code, codes (from any address) are checked at most one per this many seconds.
    public static let codeSpacing: TimeInterval = 1
    /// At most this many codes wait for their turn; one more is refused (`busy`), not kept waiting
    /// (with one a second: ten seconds at most).
    public static let waiting = 10
    /// How long a phone's secret works once given.
    public static let secretLifetime: TimeInterval = 600
    /// How long a renewed secret still works beside its successor (requests already sent, other tabs).
    public static let renewGrace: TimeInterval = 60

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
        /// `secret` for `Authorization: Bearer`, `mediaKey` for `/media?key=`, as a desktop page has;
        /// the secret is the latest one given.
        public internal(set) var session: WebSessions.Session
        /// When `session.secret` stops working.
        public internal(set) var secretExpires: Date
        /// The secret it had before its last renewal, and until when that one still works.
        public internal(set) var previous: (secret: String, until: Date)?
        /// What renews the secret, once: each renewal gives the next.
        public internal(set) var renewKey: String
        /// The renewal key used last: presented again, someone else has a copy (the device is unpaired).
        public internal(set) var spentRenewKey: String?
        /// The cookie value that opens the pages and static files (never the data) on the phone address.
        public let pageKey: String
        /// The IP address it paired from (nil where the socket did not say): its secrets work from there only.
        public let address: String?

        public static func == (a: Device, b: Device) -> Bool {
            a.id == b.id && a.name == b.name && a.pairedAt == b.pairedAt && a.session == b.session && a.secretExpires == b.secretExpires
                && a.previous?.secret == b.previous?.secret && a.previous?.until == b.previous?.until && a.renewKey == b.renewKey
                && a.spentRenewKey == b.spentRenewKey && a.pageKey == b.pageKey && a.address == b.address
        }

        /// Whether `secret` is this device's at `now` (its latest, or the one before within the grace).
        func holds(secret: String, now: Date) -> Bool {
            if constantTimeEqual(session.secret, secret) { return now < secretExpires }
            if let previous, constantTimeEqual(previous.secret, secret) { return now < previous.until }
            return false
        }
    }

    /// The secrets a device gets if it pairs (made by the caller, used only on success).
    public struct Secrets: Sendable {
        public let secret: String
        public let mediaKey: String
        public let pageKey: String
        public let renewKey: String
        public init(secret: String, mediaKey: String, pageKey: String, renewKey: String) {
            self.secret = secret
            self.mediaKey = mediaKey
            self.pageKey = pageKey
            self.renewKey = renewKey
        }
    }

    public enum Refusal: Sendable, Equatable {
        /// No offer is open: it was used (by this device or another), or none was made.
        case used
        /// The offer's five minutes are over.
        case expired
        /// Not the offer's token or code.
        case wrong
        /// Too many wrong codes from this address: closed to it until a new offer.
        case locked
        /// Codes are being tried from elsewhere: this one's turn would come too late (try again, or use the link).
        case busy
    }

    public enum Outcome: Sendable, Equatable {
        case paired(Device)
        case refused(Refusal)
    }

    public private(set) var offer: Offer?
    public private(set) var devices: [Device] = []
    /// Wrong codes per address (nil's as "?") since the offer was made.
    public private(set) var wrongCodes: [String: Int] = [:]
    /// The addresses the offer is closed to (`attempts` wrong codes each).
    public private(set) var closedTo: Set<String> = []
    /// When the next code may be checked, once a wrong one was typed for this offer (nil: at once).
    public private(set) var nextCodeCheck: Date?
    /// This state's spacing between code checks after a wrong code (`codeSpacing`; shorter in tests).
    public let codeSpacing: TimeInterval
    private var nextID = 1

    public init(codeSpacing: TimeInterval = PairingState.codeSpacing) {
        self.codeSpacing = codeSpacing
    }

    /// Whether the open offer was closed to some address.
    public var locked: Bool { !closedTo.isEmpty }

    /// A new offer replaces any open one and starts afresh: no address is closed, no code waits.
    @discardableResult
    public mutating func open(token: String, code: String, now: Date) -> Offer {
        let offer = Offer(token: token, code: code, expires: now.addingTimeInterval(Self.lifetime))
        self.offer = offer
        wrongCodes = [:]
        closedTo = []
        nextCodeCheck = nil
        return offer
    }

    /// Whether codes from `address` are refused (it typed `attempts` wrong codes for this offer).
    public func isClosed(to address: String?) -> Bool {
        closedTo.contains(Self.key(address))
    }

    /// When a typed code arriving `now` is checked: at once while no wrong code was typed for this
    /// offer; otherwise at the next free turn, one per `codeSpacing` (the turn is taken). Nil when
    /// `waiting` codes wait already (the code is refused as `busy`).
    public mutating func codeTurn(now: Date) -> Date? {
        guard let next = nextCodeCheck else { return now }
        let turn = max(next, now)
        guard turn.timeIntervalSince(now) <= Double(Self.waiting) * codeSpacing + codeSpacing / 2 else { return nil }
        nextCodeCheck = turn.addingTimeInterval(codeSpacing)
        return turn
    }

    /// How a device presents itself.
    public enum Attempt: Sendable, Equatable {
        /// The QR code's link token: a wrong one counts nothing.
        case link(String)
        /// The six digits typed into the page: a wrong one counts toward `attempts`.
        case code(String)
    }

    /// A device presents `attempt` from `address`: paired once, refused otherwise. A code is checked
    /// as it comes (`codeTurn` says when it may come).
    public mutating func pair(_ attempt: Attempt, name: String, address: String?, secrets: Secrets, now: Date) -> Outcome {
        if case .code = attempt, isClosed(to: address) { return .refused(.locked) }
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
            let key = Self.key(address)
            wrongCodes[key, default: 0] += 1
            nextCodeCheck = max(nextCodeCheck ?? now, now.addingTimeInterval(codeSpacing))
            guard wrongCodes[key, default: 0] >= Self.attempts else { return .refused(.wrong) }
            closedTo.insert(key)
            return .refused(.locked)
        }
        self.offer = nil
        guard now < offer.expires else { return .refused(.expired) }
        let device = Device(id: nextID, name: name, pairedAt: now,
                            session: WebSessions.Session(secret: secrets.secret, mediaKey: secrets.mediaKey, createdAt: now),
                            secretExpires: now.addingTimeInterval(Self.secretLifetime), previous: nil, renewKey: secrets.renewKey,
                            spentRenewKey: nil, pageKey: secrets.pageKey, address: address)
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

    /// What a renewal found.
    public enum Renewal: Sendable, Equatable {
        /// The device, with its new secret and renewal key.
        case renewed(Device)
        /// A renewal key already used came again: someone else has a copy, so the device is unpaired.
        case reused(Device)
        /// No device's key, or not from its address.
        case refused
    }

    /// A page presents `key` from `address` to renew its device's secret: the new `secret` works for
    /// `secretLifetime`, the old one for `renewGrace` more, and `renewKey` is the next renewal's key.
    public mutating func renew(key: String, address: String?, secret: String, renewKey: String, now: Date) -> Renewal {
        if let index = devices.firstIndex(where: { constantTimeEqual($0.renewKey, key) }) {
            guard devices[index].address == address else { return .refused }
            var device = devices[index]
            device.previous = now < device.secretExpires
                ? (device.session.secret, min(device.secretExpires, now.addingTimeInterval(Self.renewGrace))) : nil
            device.session = WebSessions.Session(secret: secret, mediaKey: device.session.mediaKey, createdAt: device.session.createdAt)
            device.secretExpires = now.addingTimeInterval(Self.secretLifetime)
            device.spentRenewKey = key
            device.renewKey = renewKey
            devices[index] = device
            return .renewed(device)
        }
        if let device = devices.first(where: { $0.spentRenewKey.map { constantTimeEqual($0, key) } ?? false }) {
            revoke(id: device.id)
            return .reused(device)
        }
        return .refused
    }

    /// The device whose session secret is `secret` at `now` (expired secrets are no one's).
    public func device(secret: String, now: Date) -> Device? {
        devices.first { $0.holds(secret: secret, now: now) }
    }

    public func device(mediaKey: String) -> Device? {
        devices.first { constantTimeEqual($0.session.mediaKey, mediaKey) }
    }

    public func device(pageKey: String) -> Device? {
        devices.first { constantTimeEqual($0.pageKey, pageKey) }
    }

    /// The key an address is counted under ("?" where the socket did not say).
    static func key(_ address: String?) -> String { address ?? "?" }
}
