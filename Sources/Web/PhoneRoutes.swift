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
            guard let phone else { return WebResponse.json(["enabled": false] as [String: Any]) }
            return WebResponse.json(Self.phonesDocument(phone))
        }
        // A new pairing link and code (the open one stops working; a lock after wrong codes is lifted).
        routes.post("api/v1/phones/link", .loopback) { _, _ in
            let phone = try required()
            phone.offer()
            return WebResponse.json(Self.phonesDocument(phone), status: .created)
        }
        routes.post("api/v1/phones/revoke", .loopback) { request, _ in
            let phone = try required()
            let id = try await Self.body(PhoneID.self, of: request, hint: "{\"id\": N} to unpair one phone, {\"id\": null} for all").id
            let revoked = phone.revoke(id: id)
            if let id, revoked.isEmpty { throw WebError(404, "no paired phone has id \(id)") }
            return WebResponse.json(["revoked": revoked.map(\.id)] as [String: Any])
        }
    }

    /// {`enabled`: true, `address`, `pairing`: {`url`, `code`, `expiresInSeconds`, `qrSVG`} or null, `locked`,
    /// `devices`: [{`id`, `name`, `pairedAt`}]}.
    static func phonesDocument(_ phone: PhonePairing) -> [String: Any] {
        var pairing: Any = NSNull()
        if let offer = phone.openOffer {
            pairing = ["url": offer.link, "code": offer.code, "expiresInSeconds": offer.secondsLeft,
                       "qrSVG": (try? QRMatrix.encode(offer.link).svg()) ?? ""] as [String: Any]
        }
        let iso = ISO8601DateFormatter()
        let devices = phone.devices.map { ["id": $0.id, "name": $0.name, "pairedAt": iso.string(from: $0.pairedAt)] as [String: Any] }
        return ["enabled": true, "address": phone.host, "pairing": pairing, "locked": phone.isLocked, "devices": devices]
    }
}
