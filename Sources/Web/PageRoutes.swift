import Foundation
import Hummingbird

/// The pages and their static files, all compiled into the binary: no framework, no build step,
/// nothing fetched from the network. They hold nothing of the player's, so they need no key; the
/// data comes from `/api/v1` with the page's secret.
extension WebApp {
    func addPages(to routes: Routes) {
        // Shells only: each page's script asks the API for the player's data with its own secret. The theme
        // (`web.theme`, read afresh) is on the page itself, so it is drawn in its colours from the first paint.
        let backend = self.backend
        routes.get("/", .page) { _, _ in Pages.page(title: "SwipeClean", page: "home", script: "home.js", theme: backend.theme()) }
        routes.get("play", .page) { _, _ in Pages.page(title: "Play · SwipeClean", page: "play", script: "play.js", theme: backend.theme()) }
        routes.get("trash", .page) { _, _ in Pages.page(title: "Trash · SwipeClean", page: "trash", script: "trash.js", theme: backend.theme()) }
        routes.get("settings", .page) { _, _ in
            Pages.page(title: "Settings · SwipeClean", page: "settings", script: "settings.js", theme: backend.theme())
        }
        routes.get("report", .page) { _, _ in
            // The report's charts need their inline styles.
            Pages.page(title: "Report · SwipeClean", page: "report", script: "report.js", inlineStyles: true, theme: backend.theme())
        }
        // Each file under its hashed name (what pages name: kept for good) and its plain one (kept an hour).
        routes.get("static/:file", .asset) { _, context in
            guard let name = context.parameters.get("file"), let asset = Assets.files[name] else {
                throw WebError(404, "no such file")
            }
            let cache = name == asset.hashedName ? Assets.immutable : Assets.cacheControl
            return Response(status: .ok, headers: [.contentType: asset.type, .cacheControl: cache],
                            body: .init(byteBuffer: ByteBuffer(bytes: asset.bytes)))
        }
        routes.get("favicon.ico", .asset) { _, _ in
            Response(status: .ok, headers: [.contentType: "image/svg+xml", .cacheControl: Assets.cacheControl],
                     body: .init(byteBuffer: ByteBuffer(string: Assets.icon)))
        }
    }

    /// What no route serves, declared so the router decides its answer too: an address under `/api`
    /// is the API's (its access first, then a JSON 404), any other is a page saying there is nothing
    /// here, with the way home (it repeats nothing of the address), a page's subpath too (`/settings/x`).
    /// (`/media/{id}` answers its own 404.)
    func addNotFound(to routes: Routes) {
        routes.get("api/**", .signedIn) { _, _ in throw WebError(404, "nothing here") }
        routes.get("**", .page) { _, _ in WebResponse.html(Pages.notFound, status: .notFound) }
        // The router prefers a page's own node to `**`: under each page's address, the same page 404.
        for page in ["play", "trash", "settings", "report"] {
            routes.get("\(page)/**", .page) { _, _ in WebResponse.html(Pages.notFound, status: .notFound) }
        }
    }
}

/// The HTML around each page: the same head, the navigation, one script that draws the page.
enum Pages {
    /// A page's policy: the standard one, plus the page's own import map (by this answer's nonce), and
    /// inline styles where asked (the report's charts are drawn with them).
    static func csp(nonce: String, inlineStyles: Bool = false) -> String {
        "default-src 'none'; script-src 'self' 'nonce-\(nonce)'; style-src 'self'\(inlineStyles ? " 'unsafe-inline'" : ""); img-src 'self' data:; media-src 'self'; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
    }

    /// A page's shell as an answer with its own nonce and policy (never stored: the gate says `no-store`).
    static func page(title: String, page: String, script: String, inlineStyles: Bool = false, theme: String = "system") -> Response {
        let nonce = Token.random()
        return WebResponse.html(shell(title: title, page: page, script: script, nonce: nonce, theme: theme),
                                csp: csp(nonce: nonce, inlineStyles: inlineStyles))
    }

    /// The page's module (`script`) under its hashed address; the import map sends each `import` to the
    /// hashed address of the module it names.
    static func shell(title: String, page: String, script: String, nonce: String, theme: String = "system") -> String {
        document(title: title, bodyClass: "page-\(page)", theme: theme, body: """
            \(navigation(current: page))
            <main id="app" aria-live="polite"><p class="loading">Loading…</p></main>
            <script type="importmap" nonce="\(nonce)">\(Assets.importMap)</script>
            <script type="module" src="\(Assets.url(script))"></script>
            """)
    }

    /// A page in the app's look: its head (the stylesheet, the icon, `meta` lines besides), `body` inside;
    /// `theme`: `system` (the device's light or dark mode), `light` or `dark`.
    static func document(title: String, bodyClass: String, meta: String = "", theme: String = "system", body: String) -> String {
        """
        <!DOCTYPE html>
        <html lang="en" data-theme="\(["light", "dark"].contains(theme) ? theme : "system")">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover">
        <meta name="color-scheme" content="light dark">
        \(meta)<title>\(title)</title>
        <link rel="icon" href="/favicon.ico">
        <link rel="stylesheet" href="\(Assets.url("app.css"))">
        </head>
        <body class="\(bodyClass)">
        \(body)
        </body>
        </html>

        """
    }

    /// An address with no page: said in the app's own look, with the way back (no script: nothing to ask the API).
    static let notFound = document(title: "Nothing here · SwipeClean", bodyClass: "page-missing", body: """
        \(navigation(current: ""))
        <main id="app">
        <section class="panel signin" id="not-found">
        <h1>Nothing here</h1>
        <p>SwipeClean has no page at this address. The game is on these:</p>
        <p><a href="/">Home</a> · <a href="/play">Play a round</a> · <a href="/trash">Trash</a> · <a href="/report">Report</a></p>
        </section>
        </main>
        """)

    static func navigation(current: String) -> String {
        let links = [("home", "/", "Home"), ("play", "/play", "Play"), ("trash", "/trash", "Trash"), ("report", "/report", "Report"),
                     ("settings", "/settings", "Settings")]
        let items = links.map { page, href, label in
            "<a href=\"\(href)\"\(page == current ? " aria-current=\"page\"" : "")>\(label)</a>"
        }.joined()
        return "<nav class=\"top\"><a class=\"brand\" href=\"/\">Swipe<b>Clean</b></a><span class=\"links\">\(items)</span></nav>"
    }

    /// The report of `clean report --html` with the app's navigation on top.
    static func withNavigation(_ html: String) -> String {
        let bar = """
            <style>nav.top{display:flex;gap:1rem;align-items:center;padding:.6rem 1rem;background:light-dark(#fff,#14161c);border-bottom:1px solid light-dark(#cfd4de,#2a2f3b);font:15px system-ui,sans-serif}\
            nav.top a{color:light-dark(#4f586b,#c9d1e0);text-decoration:none}nav.top a[aria-current]{color:light-dark(#0b0d12,#fff);font-weight:600}\
            nav.top .brand{color:light-dark(#0b0d12,#fff);font-weight:700;margin-right:auto}nav.top .links{display:flex;gap:1rem}</style>
            \(navigation(current: "report"))
            """
        guard let body = html.range(of: "<body>") else { return html }
        return html.replacingCharacters(in: body, with: "<body>\n" + bar)
    }
}
