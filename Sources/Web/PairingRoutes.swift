import Foundation
import HTTPTypes
import Hummingbird

/// Pairing a phone on its address (`Access.pairing`: the loopback answers 404):
///
/// - `GET /pair/TOKEN`, the QR code's link, pairs the device that opens it (a wrong token counts nothing);
/// - `POST /pair` with `{"code": "NNNNNN"}`, the code typed into the page every unpaired request gets,
///   sent by that page's script: JSON, from this address's own page (`Origin`, `Sec-Fetch-Site`), so an
///   image or a form on another site counts nothing; five wrong codes close the offer;
/// - `GET /pair` (with or without `?code=`) is the page to type the code into, and counts nothing;
/// - `POST /pair/renew` with `{"renew": KEY}`, sent by a paired page's script from the phone's address:
///   a new short-lived secret and the next renewal key (`PairingState.renew`), or 401.
///
/// A success answers the signed-in page (the session in `<meta>` tags, as a desktop link's) with the
/// `swipeclean_phone` cookie; a refusal, the pairing page saying why (401).
extension WebApp {
    func addPairing(to routes: Routes) {
        let phone = self.phone
        let required = { @Sendable () throws -> PhonePairing in
            guard let phone else { throw HTTPError(.notFound) }
            return phone
        }
        routes.get("pair", .pairing) { _, _ in
            let phone = try required()
            return PhonePages.response(host: phone.host, reason: nil)
        }
        routes.get("pair/:token", .pairing) { request, context in
            let phone = try required()
            try Door.checkReadOrigin(request)
            // Only a GET uses the offer up (a HEAD, as a link previewer sends, only gets the page).
            guard request.method == .get else { return PhonePages.response(host: phone.host, reason: nil) }
            let token = try context.parameters.require("token")
            return Self.answer(await phone.pair(.link(token), userAgent: request.headers[.userAgent], from: context.remoteAddress), phone)
        }
        routes.post("pair", .pairing) { request, context in
            let phone = try required()
            let body = try await Self.body(PairingCode.self, of: request)
            return Self.answer(await phone.pair(.code(body.code), userAgent: request.headers[.userAgent], from: context.remoteAddress), phone)
        }
        routes.post("pair/renew", .pairing) { request, context in
            let phone = try required()
            let body = try await Self.body(RenewalKey.self, of: request, hint: "{\"renew\": KEY} with the page's renewal key")
            guard let device = phone.renew(key: body.renew, from: context.remoteAddress) else {
                throw WebError(401, "this phone is not paired (or was unpaired): scan the QR code that clean web --phone prints, or type its code at http://\(phone.host)/")
            }
            return try WebResponse.document(RenewedSecret(device, now: phone.clock()))
        }
    }

    /// `{"renew": KEY}`.
    struct RenewalKey: Decodable {
        let renew: String
    }

    /// `POST /pair/renew`'s answer: {`secret`, `renew`, `expiresInSeconds`}.
    struct RenewedSecret: Encodable {
        let secret: String
        let renew: String
        let expiresInSeconds: Int

        init(_ device: PairingState.Device, now: Date) {
            secret = device.session.secret
            renew = device.renewKey
            expiresInSeconds = Int(device.secretExpires.timeIntervalSince(now).rounded(.down))
        }
    }

    /// `{"code": "123 456"}`.
    struct PairingCode: Decodable {
        let code: String
    }

    private static func answer(_ outcome: PairingState.Outcome, _ phone: PhonePairing) -> Response {
        switch outcome {
        case .paired(let device):
            let renewal = (key: device.renewKey, expiresIn: Int(PairingState.secretLifetime))
            var response = WebResponse.html(SignInPages.signedIn(device.session, next: "/", renewal: renewal))
            response.headers[.setCookie] = "\(PhoneGate.cookie)=\(device.pageKey); Path=/; HttpOnly; SameSite=Strict"
            return response
        case .refused(let refusal):
            return PhonePages.response(host: phone.host, reason: refusal)
        }
    }
}
