import Foundation
import Hummingbird

/// The two pages a sign-in link can lead to: the one that hands the new session to the page (its
/// script keeps it and goes on to where the link pointed, leaving no token in the address bar or the
/// history), and the one that says a link was already used and how to get another.
enum SignInPages {
    /// The first use of a link: the session's secrets in `<meta>` tags, read by `signin.js`; a phone's
    /// also its renewal key and how long its secret lasts (`renewal`: the page renews it before then).
    static func signedIn(_ session: WebSessions.Session, next: String, renewal: (key: String, expiresIn: Int)? = nil) -> String {
        let renew = renewal.map { """
            <meta name="swipeclean-renew" content="\($0.key)">
            <meta name="swipeclean-expires" content="\($0.expiresIn)">

            """ } ?? ""
        return Pages.document(title: "Signing in · SwipeClean", bodyClass: "page-signin", meta: """
            <meta name="swipeclean-session" content="\(session.secret)">
            <meta name="swipeclean-media" content="\(session.mediaKey)">
            <meta name="swipeclean-next" content="\(escape(next))">

            """ + renew, body: """
            <main id="app" aria-live="polite"><p class="loading">Signing in…</p></main>
            <script type="module" src="\(Assets.url("signin.js"))"></script>
            """)
    }

    /// A link used a second time, by anyone, or one that is not this run's.
    static let refused = Pages.document(title: "Link already used · SwipeClean", bodyClass: "page-signin", body: """
        <nav class="top"><a class="brand" href="/">Swipe<b>Clean</b></a></nav>
        <main id="app">
        <section class="panel signin" id="signin-refused">
        <h1>This sign-in link has already been used</h1>
        <p>Each link that <code>clean web</code> gives signs in <b>one</b> browser, <b>once</b>. This one was used
        before (perhaps by this browser, a moment ago), so it signs in nobody now.</p>
        <p>If this browser was signed in with it, just go <a href="/">home</a>. To sign in here, ask the
        running server for a new link: in a terminal, run</p>
        <pre>clean web link</pre>
        <p>and open the link it prints (it works once, within 5 minutes). Stopping <code>clean web</code>
        (Ctrl-C) and starting it again also prints a new one.</p>
        <p class="muted">If you did not open this link before, someone else may have: stop <code>clean web</code>
        (Ctrl-C) to sign every browser out, and start it again.</p>
        </section>
        </main>
        """)

    /// A page asked for as `localhost:PORT` while another program listens on `[::1]:PORT`: that name
    /// may lead to their server, under the same origin, so it is not this one's. No stylesheet: it
    /// would be asked for under the same name.
    static func misdirected(port: String) -> String {
        let own = "http://127.0.0.1:\(escape(port))/"
        return """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>Use the 127.0.0.1 link · SwipeClean</title>
            </head>
            <body>
            <main id="misdirected">
            <h1>Open SwipeClean at 127.0.0.1, not localhost</h1>
            <p>A browser may send <code>localhost</code> to <code>[::1]:\(escape(port))</code>, and that address is not
            this server's: another program on this computer holds it. So this server does not answer to
            <code>localhost</code>: a page there could be the other program's.</p>
            <p>Use the link <code>clean web</code> printed, which starts with <a href="\(own)">\(own)</a>.
            For a new sign-in link, run <code>clean web link</code> in a terminal.</p>
            </main>
            </body>
            </html>

            """
    }

    /// Where a link sends the page once it is signed in: the page it named, with its boss if any,
    /// never another site (a path such as `//host` is not followed).
    static func destination(path asked: String, boss: String?) -> String {
        let path = ["/", "/play", "/trash", "/report"].contains(asked) ? asked : "/"
        guard path == "/play", let boss, !boss.isEmpty else { return path }
        let safe = boss.addingPercentEncoding(withAllowedCharacters: CharacterSet.alphanumerics) ?? ""
        return "/play?boss=" + safe
    }

    static func escape(_ text: String) -> String { HTMLText.escape(text) }
}

/// Text put into HTML: `&`, `"`, `<` and `>` escaped.
public enum HTMLText {
    public static func escape(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "\"", with: "&quot;")
            .replacingOccurrences(of: "<", with: "&lt;").replacingOccurrences(of: ">", with: "&gt;")
    }
}
