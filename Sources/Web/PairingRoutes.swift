import Foundation
import HTTPTypes
import Hummingbird

/// Pairing a phone on its address (`Access.pairing`: the loopback answers 404):
///
/// - `GET /pair/TOKEN`, the QR code's link, pairs the device that opens it (a wrong token counts nothing);
/// - `POST /pair` with `{"code": "NNNNNN"}`, the code typed into the page every unpaired request gets,
///   sent by that page's script: JSON, from this address's own page (`Origin`, `Sec-Fetch-Site`), so an
///   image or a form on another site counts nothing; five wrong codes close the offer;
/// - `GET /pair` (with or without `?code=`) is the page to type the code into, and counts nothing.
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
            return Self.answer(phone.pair(.link(token), userAgent: request.headers[.userAgent], from: context.remoteAddress), phone)
        }
        routes.post("pair", .pairing) { request, context in
            let phone = try required()
            let body = try await Self.body(PairingCode.self, of: request)
            return Self.answer(phone.pair(.code(body.code), userAgent: request.headers[.userAgent], from: context.remoteAddress), phone)
        }
    }

    /// `{"code": "123 456"}`.
    struct PairingCode: Decodable {
        let code: String
    }

    private static func answer(_ outcome: PairingState.Outcome, _ phone: PhonePairing) -> Response {
        switch outcome {
        case .paired(let device):
            var response = WebResponse.html(SignInPages.signedIn(device.session, next: "/"))
            response.headers[.setCookie] = "\(PhoneGate.cookie)=\(device.pageKey); Path=/; HttpOnly; SameSite=Strict"
            return response
        case .refused(let refusal):
            return PhonePages.response(host: phone.host, reason: refusal)
        }
    }
}
