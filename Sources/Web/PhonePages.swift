import Foundation
import Hummingbird

/// What an unpaired device gets on the phone address: a page (401) saying how to pair, with a box
/// for the code the terminal shows, and why an attempt was refused. It stands alone: the stylesheet
/// and scripts are behind pairing too, so its few styles are inline, and so is the script that sends
/// the typed code as `POST /pair` JSON (its own Content-Security-Policy allows them, the script by a
/// nonce of this answer's, and requests to this address, nothing else).
enum PhonePages {
    /// The page as a 401 answer, with its Content-Security-Policy.
    static func response(host: String, reason: PairingState.Refusal?) -> Response {
        let nonce = Token.random()
        return WebResponse.html(unpaired(host: host, reason: reason, nonce: nonce), status: .unauthorized, csp: csp(nonce: nonce))
    }

    static func csp(nonce: String) -> String {
        "default-src 'none'; style-src 'unsafe-inline'; script-src 'nonce-\(nonce)'; connect-src 'self'; img-src data:; form-action 'none'; base-uri 'none'; frame-ancestors 'none'"
    }

    static func unpaired(host: String, reason: PairingState.Refusal?, nonce: String) -> String {
        let why: String
        switch reason {
        case nil: why = "This phone is not paired with SwipeClean yet."
        case .used?: why = "This pairing link or code was already used: each one pairs one phone, once."
        case .expired?: why = "This pairing link or code has expired: each one works for 5 minutes."
        case .wrong?: why = "That code is not the one the computer shows. Try again."
        case .locked?: why = "Too many wrong codes from this device: pairing is closed to it until the computer shows a new code (or scan the QR code)."
        case .busy?: why = "Codes are being tried from other devices: wait a few seconds and try again, or scan the QR code."
        }
        let form = reason == .locked ? "" : """
            <form id="pair" method="post" action="/pair">
            <label for="code">Code shown on the computer</label>
            <input id="code" name="code" inputmode="numeric" autocomplete="one-time-code" pattern="[0-9 ]*" maxlength="7" placeholder="123 456" required>
            <button type="submit">Pair this phone</button>
            </form>
            """
        return """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover">
            <title>Pair this phone · SwipeClean</title>
            <style>\(style)</style>
            </head>
            <body>
            <main id="unpaired">
            <p class="brand">Swipe<b>Clean</b></p>
            <h1>Pair this phone</h1>
            <p class="why" id="why">\(why)</p>
            <p>On the computer, <code>clean web --phone</code> shows a QR code: scan it with this phone's camera. Or type the
            six-digit code it shows below it.</p>
            \(form)
            <p class="muted">No code on the computer, or it has expired? A new one is printed by pressing <b>p</b> and Enter
            in the terminal that runs <code>clean web --phone</code> (or from its home page).</p>
            <p class="muted">This address is \(SignInPages.escape(host)), on your home network; photos travel unencrypted on it.</p>
            </main>
            <script nonce="\(nonce)">\(script)</script>
            </body>
            </html>

            """
    }

    /// Sends the typed code as JSON and follows the answer: the signed-in page's session is kept as
    /// `signin.js` keeps a desktop's, a refusal's reason replaces the last one (`Resources/pair.js`).
    static let script = String(decoding: PackageResources.pair_js, as: UTF8.self)
    /// The page's few styles (`Resources/pair.css`).
    static let style = String(decoding: PackageResources.pair_css, as: UTF8.self)
}
