#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Play

/// Single keys from a raw terminal: ← h d delete, → l k keep, s skip, u undo, q quit, o open,
/// Enter or z full screen, 1…9 mark a group card's member to keep, Ctrl-C interrupt,
/// Ctrl-D end of input. Escape sequences are read whole (a lone Esc or an unknown sequence is
/// just an unknown key), and a wait with a countdown returns `.timeTick` when the shown second changes.
struct TerminalInput: PlayerInput {
    private var pending: [UInt8] = []
    /// How long the rest of an escape sequence may take to arrive after the Esc byte.
    private let sequenceWait: Int32 = 40

    /// `timeout`: the round's seconds left; the wait ends when the displayed whole second would change.
    mutating func next(timeout: Double?) -> InputEvent {
        if pending.isEmpty {
            let wait = timeout.map(Self.untilNextSecond) ?? -1
            switch fill(waitingMilliseconds: wait) {
            case .timedOut: return .timeTick
            case .closed: return .endOfInput
            case .read: break
            }
        }
        return decode()
    }

    /// The answer to "Move these to the trash?", from a key pressed after the question is drawn:
    /// whatever was typed ahead in the rhythm of play is dropped first. Then y or Y moves the batch;
    /// n, N, Esc and Enter (and Ctrl-C, Ctrl-D, a closed terminal) mean "not now"; every other key —
    /// a sixth `d`, an arrow, a `q` — is ignored and the question waits.
    mutating func confirms() -> Bool {
        pending.removeAll()
        _ = tcflush(STDIN_FILENO, TCIFLUSH)
        while true {
            if pending.isEmpty, fill(waitingMilliseconds: -1) != .read { return false }
            if pending.first == 0x0D || pending.first == 0x0A { return false }  // Enter: not now
            switch Self.answer(to: decode()) {
            case .some(let yes): return yes
            case .none: continue
            }
        }
    }

    /// What a key means at the confirmation: true (move), false (not now), nil (ignored). Enter is
    /// "not now" too, taken before decoding (in play it is the full-screen view).
    static func answer(to event: InputEvent) -> Bool? {
        switch event {
        case .unknown("y"), .unknown("Y"): return true
        case .unknown("n"), .unknown("N"), .unknown("Esc"), .interrupt, .endOfInput: return false
        default: return nil
        }
    }

    /// Milliseconds until `secondsLeft` crosses the next whole second (shown rounded up), at most one second.
    static func untilNextSecond(_ secondsLeft: Double) -> Int32 {
        let fraction = secondsLeft - secondsLeft.rounded(.down)
        let seconds = min(secondsLeft, fraction > 0.005 ? fraction : 1)
        return Int32(max(0, seconds) * 1000) + 5
    }

    // MARK: - Reading

    private enum Fill: Equatable { case read, timedOut, closed }

    /// Waits up to `milliseconds` (-1: for ever) for bytes and appends what arrived.
    private mutating func fill(waitingMilliseconds milliseconds: Int32) -> Fill {
        var descriptor = pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)
        while true {
            let ready = poll(&descriptor, 1, milliseconds)
            if ready < 0 && errno == EINTR { continue }
            if ready == 0 { return .timedOut }
            if ready < 0 { return .closed }
            break
        }
        var buffer = [UInt8](repeating: 0, count: 64)
        let count = buffer.withUnsafeMutableBytes { read(STDIN_FILENO, $0.baseAddress, $0.count) }
        if count < 0 && errno == EINTR { return .timedOut }
        guard count > 0 else { return .closed }
        pending += buffer[..<count]
        return .read
    }

    /// Takes one key off `pending`, waiting briefly for the rest of an escape sequence.
    private mutating func decode() -> InputEvent {
        let byte = pending.removeFirst()
        switch byte {
        case 0x03: return .interrupt
        case 0x04: return .endOfInput
        case 0x1B: return escapeSequence()
        case 0x0D, 0x0A: return .view(.fullScreen)
        case 0x20: return .unknown("Space")
        case 0x7F, 0x08: return .unknown("Backspace")
        case 0x00..<0x20: return .unknown("Ctrl-" + String(UnicodeScalar(byte + 0x40)))
        case 0x80...:
            var bytes = [byte]
            while let next = pending.first, next & 0xC0 == 0x80 { bytes.append(pending.removeFirst()) }
            return .unknown(String(decoding: bytes, as: UTF8.self))
        case UInt8(ascii: "o"), UInt8(ascii: "O"): return .view(.open)
        case UInt8(ascii: "z"), UInt8(ascii: "Z"): return .view(.fullScreen)
        case UInt8(ascii: "1")...UInt8(ascii: "9"): return .mark(Int(byte - UInt8(ascii: "0")))
        default:
            let character = Character(UnicodeScalar(byte))
            return Self.command(for: character).map(InputEvent.command) ?? .unknown(String(character))
        }
    }

    static func command(for key: Character) -> PlayerCommand? {
        switch key {
        case "d", "D", "h", "H": return .delete
        case "k", "K", "l", "L": return .keep
        case "u", "U": return .undo
        case "s", "S": return .skip
        case "q", "Q": return .quit
        default: return nil
        }
    }

    /// After Esc: CSI (Esc [ …) or SS3 (Esc O …) read up to the final byte; ← is delete, → keep.
    private mutating func escapeSequence() -> InputEvent {
        if pending.isEmpty { _ = fill(waitingMilliseconds: sequenceWait) }
        guard let introducer = pending.first, introducer == UInt8(ascii: "[") || introducer == UInt8(ascii: "O") else {
            return .unknown("Esc")
        }
        pending.removeFirst()
        var body: [UInt8] = []
        while body.count < 16 {
            if pending.isEmpty, fill(waitingMilliseconds: sequenceWait) != .read { break }
            let next = pending.removeFirst()
            body.append(next)
            if (0x40...0x7E).contains(next) { break }
        }
        switch body.last {
        case UInt8(ascii: "D"): return .command(.delete)
        case UInt8(ascii: "C"): return .command(.keep)
        default:
            return .unknown("Esc " + String(decoding: [introducer] + body, as: UTF8.self))
        }
    }
}
