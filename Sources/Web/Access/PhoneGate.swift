import Foundation
import HTTPTypes
import Hummingbird

/// The phone address's judgement (`clean web --phone`): nothing is answered to a device that has not
/// paired, not even the empty page shells.
///
/// - Host must be exactly `ADDR:PORT`; anything else is 421 (this address is no other name's).
/// - The path is in its plain form (`RequestPath`), or 400; a change comes from this origin.
/// - Pairing (`GET /pair/TOKEN`, the QR code's link, and `POST /pair` with the typed code) is open to
///   all (`PairingRoutes`); the answer hands the device a session like a desktop page's and sets
///   `swipeclean_phone`, a cookie that opens only the pages and static files (which hold nothing of
///   the player's).
/// - The API needs the paired phone's secret as `Authorization: Bearer` (web.json's apiToken and the
///   desktop's sessions are not this address's), a preview that or its media key, and each works only
///   from the address the phone paired from (a replay from another is 401, and the terminal is told).
/// - What only the computer does (new sign-in links, the phone list, emptying the trash for good) is 403.
/// - Anything else from an unpaired device: 401 (a page saying how to pair, for a page).
struct PhoneGate: Gate {
    var front: Front { .phone }
    let pairing: PhonePairing
    let activity: Activity?
    /// The one Host answered: `pairing.host`, or what a route test sends.
    let host: @Sendable () -> String

    static var cookie: String { "swipeclean_phone" }

    func admit(_ request: Request, context: WebContext) throws {
        let host = request.head.authority?.lowercased() ?? "", own = self.host()
        guard host == own else {
            throw WebError(421, "this address answers only to \(own), as its pairing link says")
        }
        if let refusal = RequestPath.refusal(request.uri.path) { throw WebError(400, refusal) }
        try Door.checkChangeOrigin(request, host: host)
    }

    func judge(_ access: Access, _ request: Request, context: WebContext) throws -> Response? {
        switch access {
        case .pairing:
            // A typed code comes from this address's own page, as JSON: nothing another site makes a
            // browser send (an image, a form) is taken as an attempt.
            guard request.method != .get && request.method != .head else { return nil }
            guard request.headers[HTTPField.Name("Origin")!]?.lowercased() == "http://" + host() else {
                throw WebError(403, "a code is accepted only from this address's own pairing page")
            }
            try Door.checkJSON(request)
            return nil
        case .page, .asset:
            guard let key = Self.cookie(in: request), let device = pairing.device(pageKey: key), here(device, context) else {
                if access == .page, request.method == .get {
                    return PhonePages.response(host: pairing.host, reason: nil)
                }
                throw WebError(401, "this phone is not paired: open http://\(pairing.host)/ to pair it")
            }
            activity?.touch()
            return nil
        case .signedIn, .media, .computer, .loopback, .script:
            try Door.checkReadOrigin(request)
            var device = Door.bearer(request).flatMap(pairing.device(secret:))
            if access == .media, device == nil {
                device = request.uri.queryParameters["key"].flatMap { pairing.device(mediaKey: String($0)) }
            }
            guard let device else {
                throw WebError(401, access == .media ? "a preview needs the paired phone's key"
                    : "this phone is not paired (or was unpaired): scan the QR code that clean web --phone prints, or type its code at http://\(pairing.host)/")
            }
            guard here(device, context) else {
                pairing.refusedElsewhere(device, from: context.remoteAddress)
                throw WebError(401, "this phone's session works only from the address it paired from: pair this device again")
            }
            switch access {
            case .computer:
                throw WebError(403, "this is done on the computer that runs clean web, not from a phone")
            case .loopback, .script:
                throw WebError(403, "sign-in links and paired phones are managed from the computer that runs clean web")
            default:
                break
            }
            try Door.checkJSON(request)
            activity?.touch()
            return nil
        }
    }

    /// Whether the request comes from the address `device` paired from.
    private func here(_ device: PairingState.Device, _ context: WebContext) -> Bool {
        device.address == context.remoteAddress
    }

    /// The `swipeclean_phone` cookie's value, if the request carries one.
    static func cookie(in request: Request) -> String? {
        for field in request.headers[values: .cookie] {
            for part in field.split(separator: ";") {
                let pair = part.trimmingCharacters(in: .whitespaces).split(separator: "=", maxSplits: 1)
                if pair.count == 2, pair[0] == cookie { return String(pair[1]) }
            }
        }
        return nil
    }
}
