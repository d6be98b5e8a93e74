#if canImport(Glibc)
import Glibc
#endif
import Foundation
import QRCode
import Web

/// What `clean web --phone` says and hears in its terminal: the `Phone` line and QR code of each
/// pairing offer, each phone paired or unpaired, and two keys (`p` Enter: a new link; `r` Enter:
/// unpair every phone). It stops the server after `PhoneIdle.limit` without a request.
enum PhoneTerminal {
    /// Called once the phone address is bound: the warning, the first offer, the keys, the idle watch.
    static func start(_ phone: PhonePairing, activity: Activity) {
        Terminal.warn("clean web: also serving http://\(phone.host)/ for a phone: photos travel unencrypted on this network; use it at home.")
        phone.offer()
        Terminal.warn("clean web: keys: p and Enter print a new pairing link, r and Enter unpair every phone. With --phone the server stops after 30 idle minutes.")
        // In the background (`clean web --phone &`) a read of the terminal would stop the whole server
        // (SIGTTIN); ignored, the read fails instead and only the keys are given up.
        signal(SIGTTIN, SIG_IGN)
        Thread.detachNewThread { readKeys(phone) }
        Thread.detachNewThread { watchIdle(activity) }
    }

    /// Tells the terminal what happened on the phone address.
    @Sendable static func tell(_ event: PhonePairing.Event) {
        switch event {
        case .offered(let link, let code):
            // Written straight to the descriptor: fflush(nil) would wait for stdin's lock, which
            // `readKeys` holds while it waits for a line.
            FileHandle.standardOutput.write(Data("Phone \(link)\n".utf8))
            let qr = (try? QRMatrix.encode(link)).map { qrText($0) } ?? ""
            Terminal.warn("clean web: scan this with the phone's camera (it pairs one phone, once, within 5 minutes),\n"
                + "or open http://\(link.split(separator: "/")[1])/ on the phone and type the code \(code):\n" + qr)
        case .paired(let device):
            Terminal.warn("clean web: phone paired: \(device.name), \(clock(device.pairedAt)) (r and Enter unpairs every phone)")
        case .revoked(let device):
            Terminal.warn("clean web: phone unpaired: \(device.name), paired at \(clock(device.pairedAt))")
        case .locked(let address):
            Terminal.warn("clean web: five wrong pairing codes from \(address): pairing is closed to it until a new link (p and Enter)")
        case .renewalReused(let device):
            Terminal.warn("clean web: \(device.name)'s renewal key came twice (someone else has a copy): it is unpaired; pair it again")
        case .elsewhere(let device, let address):
            Terminal.warn("clean web: refused \(device.name)'s secret sent from \(address), not from \(device.address ?? "the address it paired from"): "
                + "someone else may have it; r and Enter unpairs every phone")
        }
    }

    /// The QR code in half blocks; on a colour terminal, white on black whatever its own colours are.
    static func qrText(_ matrix: QRMatrix) -> String {
        let text = matrix.terminalText()
        let colour = Terminal.stderrIsTTY && (ProcessInfo.processInfo.environment["NO_COLOR"] ?? "").isEmpty
        guard colour else { return text }
        return text.split(separator: "\n").map { "\u{1B}[97;40m" + $0 + "\u{1B}[0m" }.joined(separator: "\n")
    }

    /// "21:04" in the local time zone.
    static func clock(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.dateFormat = "HH:mm"
        return formatter.string(from: date)
    }

    /// Reads keys from stdin until it ends (with no terminal, end of input leaves the server running).
    private static func readKeys(_ phone: PhonePairing) {
        while let line = readLine() {
            switch line.trimmingCharacters(in: .whitespaces).lowercased() {
            case "p": phone.offer()
            case "r":
                if phone.revoke(id: nil).isEmpty { Terminal.warn("clean web: no phone is paired") }
            case "": continue
            default: Terminal.warn("clean web: keys: p and Enter print a new pairing link, r and Enter unpair every phone")
            }
        }
    }

    /// How long `--phone` waits without a request: `PhoneIdle.limit`, or `SWIPECLEAN_PHONE_IDLE_SECONDS`
    /// (1…86400) where a test cannot wait half an hour.
    static let idleLimit: TimeInterval = {
        guard let text = ProcessInfo.processInfo.environment["SWIPECLEAN_PHONE_IDLE_SECONDS"], let seconds = Double(text),
              (1...86_400).contains(seconds) else { return PhoneIdle.limit }
        return seconds
    }()

    /// Checks every minute (sooner for a shorter limit); after `idleLimit` without a request, stops the server
    /// as Ctrl-C would.
    private static func watchIdle(_ activity: Activity) {
        let limit = idleLimit
        while true {
            usleep(useconds_t(min(60, max(0.2, limit / 4)) * 1_000_000))
            if PhoneIdle.expired(lastRequest: activity.lastRequest, now: Date(), limit: limit) {
                let said = limit >= 60 ? "\(Int(limit / 60)) minutes" : "\(Int(limit)) seconds"
                Terminal.warn("clean web: no request for \(said): stopping (--phone serves the home network only while it is used)")
                kill(getpid(), SIGTERM)
                return
            }
        }
    }
}
