import Foundation
import Hummingbird
import QRCode

/// `/api/v1/phones` on loopback only (the phone address refuses it): the desktop page and scripts
/// see the open pairing offer (with its QR code as SVG) and the paired phones, ask for a new offer,
/// and unpair a phone. Without `--phone`, `{"enabled": false}` and 404 for the changes, saying how to start it.
extension WebApp {
    func addPhoneAPI(to routes: Routes) {
        let phone = self.phone
        let required = { @Sendable () throws -> PhonePairing in
            guard let phone else { throw WebError(404, "clean web was started without --phone: stop it and start `clean web --phone`") }
            return phone
        }
        // Without --phone: {"enabled": false}, so the home page asks without an error in the console.
        routes.get("api/v1/phones", .loopback) { _, _ in
            guard let phone else { return try WebResponse.document(PhonesOff()) }
            return try WebResponse.document(PhonesDocument(phone))
        }
        // A new pairing link and code (the open one stops working; a lock after wrong codes is lifted).
        routes.post("api/v1/phones/link", .loopback) { _, _ in
            let phone = try required()
            phone.offer()
            return try WebResponse.document(PhonesDocument(phone), status: .created)
        }
        routes.post("api/v1/phones/revoke", .loopback) { request, _ in
            let phone = try required()
            let id = try await Self.body(PhoneID.self, of: request, hint: "{\"id\": N} to unpair one phone, {\"id\": null} for all").id
            let revoked = phone.revoke(id: id)
            if let id, revoked.isEmpty { throw WebError(404, "no paired phone has that id") }
            return try WebResponse.document(PhonesRevoked(revoked: revoked.map(\.id)))
        }
    }
}

/// `GET /api/v1/phones` with `--phone`: {`enabled`: true, `address`, `pairing`: {`url`, `code`,
/// `expiresInSeconds`, `qrSVG`} or null, `locked`, `devices`: [{`id`, `name`, `pairedAt`}]}.
struct PhonesDocument: Encodable {
    struct Pairing: Encodable {
        let url: String
        let code: String
        let expiresInSeconds: Int
        let qrSVG: String
    }

    struct Device: Encodable {
        let id: Int
        let name: String
        let pairedAt: String
    }

    let enabled = true
    let address: String
    let pairing: Pairing?
    let locked: Bool
    let devices: [Device]

    init(_ phone: PhonePairing) {
        address = phone.host
        pairing = phone.openOffer.map { offer in
            Pairing(url: offer.link, code: offer.code, expiresInSeconds: offer.secondsLeft, qrSVG: (try? QRMatrix.encode(offer.link).svg()) ?? "")
        }
        locked = pairing != nil && phone.isLocked   // shut out of the open offer (an expired one shuts no one out)
        let iso = ISO8601DateFormatter()
        devices = phone.devices.map { Device(id: $0.id, name: $0.name, pairedAt: iso.string(from: $0.pairedAt)) }
    }
}

/// `GET /api/v1/phones` without `--phone`: {"enabled": false}, so the home page asks without an error in the console.
struct PhonesOff: Encodable {
    let enabled = false
}

/// `POST /api/v1/phones/revoke`: the ids unpaired.
struct PhonesRevoked: Encodable {
    let revoked: [Int]
}
