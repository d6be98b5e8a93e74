import Foundation

/// The phone address of a running `clean web --phone`: `PairingState` under a lock, with the real
/// clock and random secrets, the address's Host, and what the terminal is told (a device paired,
/// pairing closed). In memory only: every paired phone is gone when the server stops.
public final class PhonePairing: @unchecked Sendable {
    /// What the terminal is told.
    public enum Event: Sendable {
        /// A new offer: its link and code (print them and the QR code).
        case offered(link: String, code: String)
        case paired(PairingState.Device)
        case revoked(PairingState.Device)
        /// Five wrong codes from `address` closed the offer to it (to it only).
        case locked(address: String)
        /// A used renewal key came again: the device was unpaired (someone else had a copy).
        case renewalReused(PairingState.Device)
        /// A paired device's secret came from another address than the one it paired from (refused).
        case elsewhere(PairingState.Device, address: String)
    }

    /// The home-network address served (dotted IPv4).
    public let address: String
    private let lock = NSLock()
    private var state: PairingState
    private var boundPort = 0
    private var toldElsewhere: Set<String> = []
    private let now: @Sendable () -> Date
    private let onEvent: @Sendable (Event) -> Void

    /// `codeSpacing`: the wait between code checks after a wrong code (`PairingState.codeSpacing`; tests shorten it).
    public init(address: String, now: @escaping @Sendable () -> Date = Date.init, codeSpacing: TimeInterval = PairingState.codeSpacing,
                onEvent: @escaping @Sendable (Event) -> Void = { _ in }) {
        self.address = address
        self.now = now
        self.onEvent = onEvent
        state = PairingState(codeSpacing: codeSpacing)
    }

    /// The time as this pairing reads it.
    func clock() -> Date { now() }

    /// The port, once the listener is bound (the loopback's port).
    public var port: Int {
        get { lock.lock(); defer { lock.unlock() }; return boundPort }
        set { lock.lock(); boundPort = newValue; lock.unlock() }
    }

    /// The only Host this address answers to.
    public var host: String { "\(address):\(port)" }

    /// A new pairing offer (any open one is dropped, a lock lifted): the link and the code, also told to the terminal.
    @discardableResult
    public func offer() -> (link: String, code: String, expires: Date) {
        lock.lock()
        let offer = state.open(token: Token.random(), code: Self.randomCode(), now: now())
        let link = "http://\(address):\(boundPort)/pair/\(offer.token)"
        lock.unlock()
        onEvent(.offered(link: link, code: Self.spaced(offer.code)))
        return (link, Self.spaced(offer.code), offer.expires)
    }

    /// The open offer's link, code and seconds left (nil when pairing is closed or the offer was used).
    public var openOffer: (link: String, code: String, secondsLeft: Int)? {
        lock.lock()
        defer { lock.unlock() }
        guard let offer = state.offer else { return nil }
        let left = Int(offer.expires.timeIntervalSince(now()).rounded(.down))
        guard left > 0 else { return nil }
        return ("http://\(address):\(boundPort)/pair/\(offer.token)", Self.spaced(offer.code), left)
    }

    /// Whether five wrong codes closed the open offer to some address.
    public var isLocked: Bool { lock.lock(); defer { lock.unlock() }; return state.locked }

    /// A device presents a link token or a typed code from `address`. A code waits for its turn when
    /// wrong codes were typed for this offer (`PairingState.codeTurn`): a link never waits.
    public func pair(_ attempt: PairingState.Attempt, userAgent: String?, from address: String?) async -> PairingState.Outcome {
        if case .code = attempt {
            let (closed, turn) = lock.withLock {
                let closed = state.isClosed(to: address)
                return (closed, closed ? nil : state.codeTurn(now: now()))
            }
            if closed { return .refused(.locked) }
            guard let turn else { return .refused(.busy) }
            let wait = turn.timeIntervalSince(now())
            if wait > 0 { try? await Task.sleep(for: .milliseconds(Int(wait * 1_000))) }
        }
        let secrets = PairingState.Secrets(secret: Token.random(), mediaKey: Token.random(), pageKey: Token.random(), renewKey: Token.random())
        let outcome = lock.withLock {
            state.pair(attempt, name: DeviceName.short(userAgent: userAgent), address: address, secrets: secrets, now: now())
        }
        switch outcome {
        case .paired(let device): onEvent(.paired(device))
        case .refused(.locked): onEvent(.locked(address: address ?? "an unknown address"))
        case .refused: break
        }
        return outcome
    }

    /// A paired page renews its secret with `key` from `address`: the device with its new secret and
    /// renewal key, or nil (a used key presented again unpairs the device, and the terminal is told).
    public func renew(key: String, from address: String?) -> PairingState.Device? {
        lock.lock()
        let renewal = state.renew(key: key, address: address, secret: Token.random(), renewKey: Token.random(), now: now())
        lock.unlock()
        switch renewal {
        case .renewed(let device): return device
        case .reused(let device):
            onEvent(.renewalReused(device))
            return nil
        case .refused: return nil
        }
    }

    public var devices: [PairingState.Device] { lock.lock(); defer { lock.unlock() }; return state.devices }

    /// Unpairs device `id` (nil: every device). The devices revoked.
    @discardableResult
    public func revoke(id: Int?) -> [PairingState.Device] {
        lock.lock()
        let ids = id.map { [$0] } ?? state.devices.map(\.id)
        let revoked = ids.compactMap { state.revoke(id: $0) }
        lock.unlock()
        for device in revoked { onEvent(.revoked(device)) }
        return revoked
    }

    /// A paired device's credential came from `address`, not the one it paired from: refused, and the
    /// terminal told once per device and address.
    func refusedElsewhere(_ device: PairingState.Device, from address: String?) {
        let address = address ?? "an unknown address"
        lock.lock()
        let first = toldElsewhere.insert("\(device.id) \(address)").inserted
        lock.unlock()
        if first { onEvent(.elsewhere(device, address: address)) }
    }

    func device(secret: String) -> PairingState.Device? { lock.lock(); defer { lock.unlock() }; return state.device(secret: secret, now: now()) }
    func device(mediaKey: String) -> PairingState.Device? { lock.lock(); defer { lock.unlock() }; return state.device(mediaKey: mediaKey) }
    func device(pageKey: String) -> PairingState.Device? { lock.lock(); defer { lock.unlock() }; return state.device(pageKey: pageKey) }

    /// Six random digits.
    static func randomCode() -> String {
        var generator = SystemRandomNumberGenerator()
        return String(format: "%06d", Int.random(in: 0..<1_000_000, using: &generator))
    }

    /// "123456" as "123 456", easier to read out and type.
    static func spaced(_ code: String) -> String {
        code.count == 6 ? "\(code.prefix(3)) \(code.suffix(3))" : code
    }
}

/// When the last request came, on any address (`--phone` stops the server after `PhoneIdle.limit`).
public final class Activity: @unchecked Sendable {
    private let lock = NSLock()
    private var last: Date
    private let now: @Sendable () -> Date

    public init(now: @escaping @Sendable () -> Date = Date.init) {
        self.now = now
        last = now()
    }

    func touch() { let time = now(); lock.lock(); last = time; lock.unlock() }

    public var lastRequest: Date { lock.lock(); defer { lock.unlock() }; return last }
}

/// `--phone` serves the home network only while it is used.
public enum PhoneIdle {
    public static let limit: TimeInterval = 30 * 60

    /// Whether the server should stop: no request since `last` for `limit` by `now`.
    public static func expired(lastRequest last: Date, now: Date, limit: TimeInterval = limit) -> Bool {
        now.timeIntervalSince(last) >= limit
    }
}
