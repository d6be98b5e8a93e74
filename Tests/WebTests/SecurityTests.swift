import Foundation
import HTTPTypes
import Hummingbird
import NIOCore
import HummingbirdTesting
import Testing
@testable import Web

/// Every refusal of the gate, and what every answer carries.
@Suite struct SecurityTests {
    @Test func withoutCredentialsTheAPIAndMediaAre401AndThePagesAreEmptyShells() async throws {
        let fixture = try WebFixture()
        let photo = try fixture.itemID("DCIM/Camera/IMAG0042.jpg")
        try await fixture.test { client in
            for uri in ["/api/v1/profile", "/api/v1/trash", "/api/v1/report/html", "/media/\(photo)", "/media/\(photo)?key=\(WebFixture.token)"] {
                let response = try await client.send(.get, uri, bearer: nil)
                #expect(response.status == .unauthorized, "\(uri)")
                #expect(response.error?.contains("web.json") == true, "\(uri): says how to get in")
                #expect(response.headers[.contentType] == "application/json; charset=utf-8")
            }
            let wrong = try await client.send(.get, "/api/v1/profile", bearer: "ffffffffffffffffffffffffffffffff")
            #expect(wrong.status == .unauthorized)
            // The link's token is not a key: it only signs in.
            #expect(try await client.send(.get, "/api/v1/profile", bearer: WebFixture.token).status == .unauthorized)
            for uri in ["/", "/play", "/trash", "/report"] {
                let page = try await client.send(.get, uri, bearer: nil)
                #expect(page.status == .ok, "\(uri)")
                #expect(page.text.contains("/static/common.js") && !page.text.contains("totalXP") && !page.text.contains("<svg"),
                        "\(uri) is a shell: the data comes from the API")
            }
        }
    }

    /// The printed link signs in one browser once: the answer hands that page its secret and media
    /// key (no cookie), and any later use, by anyone, is a page saying how to get a new link.
    @Test func theSignInLinkWorksOnceAndHandsThePageItsOwnSecret() async throws {
        let fixture = try WebFixture()
        let photo = try fixture.itemID("DCIM/Camera/IMAG0042.jpg")
        try await fixture.test { client in
            _ = try await client.send(.head, "/play?boss=old&token=\(WebFixture.token)", bearer: nil)   // a HEAD uses nothing up
            let first = try await client.send(.get, "/play?boss=old&token=\(WebFixture.token)", bearer: nil)
            #expect(first.status == .ok)
            #expect(first.headers[.setCookie] == nil, "never a cookie")
            #expect(first.headers[.cacheControl] == "no-store")
            let secret = try #require(Self.meta("swipeclean-session", in: first.text))
            let mediaKey = try #require(Self.meta("swipeclean-media", in: first.text))
            #expect(Self.meta("swipeclean-next", in: first.text) == "/play?boss=old", "on to the page the link named, without the token")
            #expect(first.text.contains(Assets.url("signin.js")))
            #expect(Set([secret, mediaKey, WebFixture.token, WebFixture.apiToken]).count == 4, "four different secrets")

            for _ in 0..<2 {
                let again = try await client.send(.get, "/?token=\(WebFixture.token)", bearer: nil)
                #expect(again.status == .forbidden)
                #expect(again.headers[.contentType] == "text/html; charset=utf-8")
                #expect(again.text.contains("This sign-in link has already been used") && again.text.contains("clean web link"))
                #expect(Self.meta("swipeclean-session", in: again.text) == nil)
            }
            #expect(try await client.send(.get, "/?token=ffffffffffffffffffffffffffffffff", bearer: nil).status == .forbidden)

            #expect(try await client.send(.get, "/api/v1/profile", bearer: secret).status == .ok, "the page's secret opens the API")
            let preview = try await client.send(.get, "/media/\(photo)?key=\(mediaKey)", bearer: nil)
            #expect(preview.status == .ok && preview.headers[.contentType] == "image/jpeg", "the media key opens /media")
            #expect(try await client.send(.get, "/api/v1/profile?key=\(mediaKey)", bearer: nil).status == .unauthorized, "and nothing else")
            #expect(try await client.send(.get, "/api/v1/profile", bearer: mediaKey).status == .unauthorized)
        }
    }

    /// What a browser sends every port of 127.0.0.1 (its cookies) opens nothing: the old session
    /// cookie, or any secret sent as a cookie, is a 401.
    @Test func aCookieOpensNothing() async throws {
        let fixture = try WebFixture()
        let photo = try fixture.itemID("DCIM/Camera/IMAG0042.jpg")
        try await fixture.test { client in
            let signIn = try await client.send(.get, "/?token=\(WebFixture.token)", bearer: nil)
            let secret = try #require(Self.meta("swipeclean-session", in: signIn.text))
            for value in [WebFixture.token, WebFixture.apiToken, secret] {
                let cookies: HTTPFields = [.cookie: "swipeclean_token=\(value); swipeclean_session=\(value)"]
                for uri in ["/api/v1/profile", "/media/\(photo)"] {
                    #expect(try await client.send(.get, uri, bearer: nil, extra: cookies).status == .unauthorized, "\(uri)")
                }
                let post = try await client.send(.post, "/api/v1/rounds", json: #"{"boss":null}"#, bearer: nil, extra: cookies)
                #expect(post.status == .unauthorized)
            }
            #expect(try await client.send(.get, "/api/v1/rounds/current").object["round"] is NSNull, "no round was started")
        }
    }

    /// A change with valid credentials from another origin (another port is another origin, but the
    /// same site) is refused, whatever the browser calls it.
    @Test(arguments: [
        [HTTPField.Name("Origin")!: "http://127.0.0.1:9"],
        [HTTPField.Name("Origin")!: "null"],
        [HTTPField.Name("Sec-Fetch-Site")!: "cross-site"],
        [HTTPField.Name("Sec-Fetch-Site")!: "same-site"],
        [HTTPField.Name("Origin")!: "http://localhost", HTTPField.Name("Sec-Fetch-Site")!: "same-site"],
    ] as [HTTPFields])
    func aChangeFromAnotherOriginIs403(_ headers: HTTPFields) async throws {
        let fixture = try WebFixture()
        try await fixture.test { client in
            let refused = try await client.send(.post, "/api/v1/rounds", json: #"{"boss":null}"#, extra: headers)
            #expect(refused.status == .forbidden)
            #expect(try await client.send(.get, "/api/v1/rounds/current").object["round"] is NSNull, "no round was started")
        }
    }

    @Test func aChangeFromThisOriginGoesThrough() async throws {
        let fixture = try WebFixture()
        try await fixture.test { client in
            // HummingbirdTesting's requests name the host `localhost`.
            let own: HTTPFields = [HTTPField.Name("Origin")!: "http://localhost", HTTPField.Name("Sec-Fetch-Site")!: "same-origin"]
            let started = try await client.send(.post, "/api/v1/rounds", json: #"{"boss":"old"}"#, extra: own)
            #expect(started.status == .created)
        }
    }

    @Test func aPostNeedsCredentialsAndJSON() async throws {
        let fixture = try WebFixture()
        try await fixture.test { client in
            let none = try await client.send(.post, "/api/v1/rounds?token=\(WebFixture.token)", json: #"{"boss":null}"#, bearer: nil)
            #expect(none.status == .unauthorized)
            let form = try await client.send(.post, "/api/v1/rounds", json: "boss=", contentType: "application/x-www-form-urlencoded")
            #expect(form.status == .forbidden)
            let badJSON = try await client.send(.post, "/api/v1/rounds", json: "{nope")
            #expect(badJSON.status == .badRequest)
        }
    }

    /// Errors are answers too: the 404 (a wrong method included), 400, 401 and 403 carry the same
    /// headers as a page, are JSON (a page's 404 is a page), and never repeat what was asked for.
    @Test func everyAnswerCarriesTheSecurityHeadersErrorsIncluded() async throws {
        let fixture = try WebFixture()
        try await fixture.test { client in
            let probe = "zz<script>probe</script>"
            let answers: [(HTTPResponse.Status, TestResponse)] = [
                (.notFound, try await client.send(.get, "/\(probe)")),
                (.notFound, try await client.send(.get, "/api/v1/\(probe)")),
                (.notFound, try await client.send(.get, "/media/987654")),
                (.badRequest, try await client.send(.post, "/api/v1/rounds", json: "{\(probe)")),
                (.unauthorized, try await client.send(.get, "/api/v1/\(probe)", bearer: nil)),
                (.forbidden, try await client.send(.post, "/api/v1/rounds", json: "{}", extra: [HTTPField.Name("Origin")!: "http://evil.example"])),
                (.notFound, try await client.send(.post, "/api/v1/profile", json: "{}")),
            ]
            for (status, response) in answers {
                #expect(response.status == status, "\(response.status) \(response.text)")
                Self.expectSecurityHeaders(response, "\(status)")
                #expect(!response.text.contains("probe"), "\(status): the request is not repeated")
                if response.headers[.contentType]?.hasPrefix("text/html") == true {
                    #expect(status == .notFound && response.text.contains("Nothing here") && response.text.contains("href=\"/\""),
                            "only a page's 404 is a page, with the way home")
                } else {
                    #expect(response.object.keys.sorted() == ["error"])
                }
            }
            #expect(answers[0].1.headers[.contentType] == "text/html; charset=utf-8", "an unknown page is a page, not raw JSON")
            #expect(answers[1].1.headers[.contentType] == "application/json; charset=utf-8", "an unknown API address stays JSON")
        }
    }

    /// Under a page's own address (`/settings/x`, `/play/x`) the router once found the page's node and answered the
    /// API's JSON 404: every address outside `/api` that serves nothing is the page saying so.
    @Test func aPagesSubpathIsThePageNotFound() async throws {
        let fixture = try WebFixture()
        try await fixture.test { client in
            for uri in ["/settings/x", "/play/x/y", "/trash/x", "/report/x", "/x/y/z"] {
                let response = try await client.send(.get, uri)
                #expect(response.status == .notFound && response.headers[.contentType] == "text/html; charset=utf-8"
                        && response.text.contains("Nothing here"), "\(uri): \(response.status) \(response.text.prefix(80))")
            }
        }
    }

    @Test func mediaIsNeverStored() async throws {
        let fixture = try WebFixture()
        let photo = try fixture.itemID("DCIM/Camera/IMAG0042.jpg")
        let video = try fixture.itemID("Movies/VID_20250612_190000.mp4")
        try await fixture.test { client in
            for uri in ["/media/\(photo)", "/media/\(video)", "/media/\(video)/poster"] {
                let response = try await client.send(.get, uri)
                #expect(response.status == .ok, "\(uri)")
                #expect(response.headers[.cacheControl] == "no-store", "\(uri)")
                Self.expectSecurityHeaders(response, uri)
            }
        }
    }

    /// What opened the API without a key (issue 37): a doubled slash, a dot segment or an encoded
    /// slash was judged as a page by its string while the router served the API route.
    @Test func noSpellingOfAPathOpensTheAPIWithoutAKey() async throws {
        let fixture = try WebFixture()
        let photo = try fixture.itemID("DCIM/Camera/IMAG0042.jpg")
        try await fixture.test { client in
            for uri in ["//api/v1/home", "/./api/v1/profile", "/x/../api/v1/profile", "/api%2Fv1/profile", "/api/v1/profile/", "//media/\(photo)", "///api/v1/trash"] {
                let answer = try await client.send(.get, uri, bearer: nil)
                #expect(answer.status != .ok && !answer.text.contains("totalXP") && !answer.text.contains("originalPath"), "\(uri): \(answer.status)")
            }
            let own: HTTPFields = [HTTPField.Name("Origin")!: "http://localhost"]
            for uri in ["//api/v1/rounds", "//api/v1/links", "/api/v1/links/", "//api/v1/trash/empty"] {
                let answer = try await client.send(.post, uri, json: #"{"boss":null,"ids":[1]}"#, bearer: nil, extra: own)
                #expect(answer.status != .ok && answer.status != .created, "\(uri): \(answer.status)")
            }
        }
    }

    @Test func mediaServesOnlyIndexedItemsById() async throws {
        let fixture = try WebFixture()
        try await fixture.test { client in
            for uri in ["/media/987654", "/media/0", "/media/abc"] {
                let response = try await client.send(.get, uri)
                #expect(response.status == .notFound, "\(uri)")
                #expect(response.error != nil, "\(uri): errors are JSON")
            }
            // A path that is not in its plain form is refused before any route is judged.
            for uri in ["/media/..", "/media/../../etc/passwd", "/media/..%2F..%2Fetc%2Fpasswd", "/media/%2Fetc%2Fpasswd", "/media/%2e%2e"] {
                let response = try await client.send(.get, uri)
                #expect(response.status == .badRequest, "\(uri)")
                #expect(response.error != nil, "\(uri): errors are JSON")
            }
        }
    }

    @Test func pagesCarryAStrictContentSecurityPolicy() async throws {
        let fixture = try WebFixture()
        try await fixture.test { client in
            for uri in ["/", "/play", "/trash"] {
                let response = try await client.send(.get, uri)
                #expect(response.status == .ok)
                let policy = try #require(response.headers[.contentSecurityPolicy])
                #expect(policy.contains("default-src 'none'") && policy.contains("script-src 'self'") && !policy.contains("unsafe"))
                #expect(response.headers[HTTPField.Name("X-Frame-Options")!] == "DENY")
                #expect(!response.text.contains("<script>"), "no inline script")
                // The one inline script is the import map, let in by this answer's own nonce.
                let nonce = try #require(policy.firstMatch(of: /'nonce-([0-9a-f]{32})'/)?.output.1)
                #expect(response.text.contains("<script type=\"importmap\" nonce=\"\(nonce)\">"), "\(uri): the import map carries the policy's nonce")
                let again = try await client.send(.get, uri)
                #expect(again.headers[.contentSecurityPolicy] != policy, "\(uri): a nonce per answer")
                #expect(!response.text.contains("http://") && !response.text.contains("https://"), "nothing from the network")
            }
            let report = try await client.send(.get, "/api/v1/report/html")
            #expect(report.status == .ok && report.text.contains("<svg"), "the report page draws the HTML report with its charts")
            // In the app's themes (light and dark), pointing to its pages, never to a command a phone does not have.
            #expect(report.text.contains("--bg:light-dark(#f3f4f8,#0f1116)") && report.text.contains("the Trash page brings them back"), "\(report.text.prefix(400))")
            #expect(!report.text.contains("clean restore") && !report.text.contains("clean report --html"))
        }
    }

    /// The scripts and styles are files (Sources/Web/Resources): a page names each by its content's hash,
    /// kept a year; the plain name still answers, kept an hour; the import map sends `./common.js` to its
    /// hashed address.
    @Test func assetsAreServedUnderTheirContentHash() async throws {
        let fixture = try WebFixture()
        try await fixture.test { client in
            let page = try await client.send(.get, "/play")
            let hashed = try #require(page.text.firstMatch(of: /src="(\/static\/play\.[0-9a-f]{10}\.js)"/)?.output.1)
            #expect(page.text.contains("type=\"module\""))
            let common = try #require(page.text.firstMatch(of: /"\/static\/common\.js": "(\/static\/common\.[0-9a-f]{10}\.js)"/)?.output.1)
            #expect(page.headers[.cacheControl] == "no-store")
            for uri in [String(hashed), String(common), Assets.url("app.css")] {
                let asset = try await client.send(.get, uri, bearer: nil)
                #expect(asset.status == .ok, "\(uri)")
                #expect(asset.headers[.cacheControl] == "public, max-age=31536000, immutable", "\(uri)")
            }
            let module = try await client.send(.get, String(hashed), bearer: nil)
            #expect(module.headers[.contentType] == "text/javascript; charset=utf-8")
            #expect(module.text.contains("import { groupCards } from \"./groupCard.js\""), "an ES module, no spliced text")
            let plain = try await client.send(.get, "/static/play.js", bearer: nil)
            #expect(plain.status == .ok && plain.text == module.text && plain.headers[.cacheControl] == "private, max-age=3600")
            #expect(try await client.send(.get, "/static/play.0000000000.js", bearer: nil).status == .notFound)
        }
    }

    /// `clean web link` asks with the apiToken for a new link; a signed-in page cannot mint links.
    @Test func newLinksAreGivenToTheAPITokenOnlyAndEachWorksOnce() async throws {
        let fixture = try WebFixture()
        try await fixture.test { client in
            let signIn = try await client.send(.get, "/?token=\(WebFixture.token)", bearer: nil)
            let secret = try #require(Self.meta("swipeclean-session", in: signIn.text))
            #expect(try await client.send(.post, "/api/v1/links", json: "{}", bearer: secret).status == .forbidden)
            let made = try await client.send(.post, "/api/v1/links", json: "{}")
            #expect(made.status == .created)
            let url = try #require(made.object["url"] as? String)
            let token = try #require(url.split(separator: "=").last.map(String.init))
            #expect(url.hasPrefix("http://") && url.contains("/?token=") && token.count == 32)
            #expect(try await client.send(.get, "/?token=\(token)", bearer: nil).status == .ok)
            #expect(try await client.send(.get, "/?token=\(token)", bearer: nil).status == .forbidden)
        }
    }

    @Test func everyLinkExpiresUnusedAfterFiveMinutesThePrintedOneToo() {
        let clock = ManualDate()
        let sessions = WebSessions(firstLink: "first", now: { clock.now })
        let late = sessions.newLink(), soon = sessions.newLink()
        clock.now += WebSessions.linkLifetime - 1
        #expect(sessions.signIn(link: soon) != .refused)
        clock.now += 2
        #expect(sessions.signIn(link: late) == .refused)
        #expect(sessions.signIn(link: "first") == .refused, "the printed link expires as every link does (issue 37)")
        #expect(sessions.sessionCount == 1)
    }

    /// `localhost` is this server's name only when no one else can be behind it: [::1]:PORT is ours
    /// too, or there is no IPv6 loopback at all. Otherwise it is misdirected (421), not answered.
    @Test func theHostIsThisServerAsTheLinkNamesIt() {
        let served = LoopbackHosts(port: 8123, localhost: .served)
        #expect(served.allowed == ["127.0.0.1:8123", "localhost:8123", "[::1]:8123"] && served.misdirected.isEmpty)
        let ipv4Only = LoopbackHosts(port: 8123, localhost: .ipv4Only)
        #expect(ipv4Only.allowed == ["127.0.0.1:8123", "localhost:8123"] && ipv4Only.misdirected.isEmpty)
        let refused = LoopbackHosts(port: 8123, localhost: .refused(reason: "held"))
        #expect(refused.allowed == ["127.0.0.1:8123"], "another program holds [::1]:8123, where localhost may lead")
        #expect(refused.misdirected == ["localhost:8123", "[::1]:8123"])
        for hosts in [served, ipv4Only, refused] {
            #expect(!hosts.allowed.contains("evil.example:8123") && !hosts.allowed.contains("127.0.0.1:80") && !hosts.allowed.contains("localhost:80"))
        }
    }

    /// What a failed bind of [::1]:PORT means: no IPv6 loopback (localhost can only be 127.0.0.1),
    /// or someone else's listener (localhost refused).
    @Test func aFailedIPv6BindIsReadByItsCause() {
        #expect(LocalhostAnswer.after(ipv6Failure: IOError(errnoCode: EADDRNOTAVAIL, reason: "bind")) == .ipv4Only)
        #expect(LocalhostAnswer.after(ipv6Failure: IOError(errnoCode: EAFNOSUPPORT, reason: "socket")) == .ipv4Only)
        #expect(LocalhostAnswer.after(ipv6Failure: IOError(errnoCode: EADDRINUSE, reason: "bind")) == .refused(reason: "another program is listening on it"))
        guard case .refused = LocalhostAnswer.after(ipv6Failure: IOError(errnoCode: EACCES, reason: "bind")) else {
            Issue.record("an unexplained failure must refuse localhost")
            return
        }
    }

    @Test func tokensAre128RandomBits() {
        let tokens = (0..<50).map { _ in Token.random() }
        #expect(Set(tokens).count == 50)
        #expect(tokens.allSatisfy { $0.count == 32 && $0.allSatisfy(\.isHexDigit) })
    }

    // MARK: - Helpers

    static func meta(_ name: String, in html: String) -> String? {
        guard let start = html.range(of: "<meta name=\"\(name)\" content=\"") else { return nil }
        return html[start.upperBound...].split(separator: "\"", maxSplits: 1).first.map(String.init)
    }

    static func expectSecurityHeaders(_ response: TestResponse, _ what: String) {
        #expect(response.headers[.contentSecurityPolicy]?.contains("frame-ancestors 'none'") == true, "\(what): CSP")
        #expect(response.headers[HTTPField.Name("X-Content-Type-Options")!] == "nosniff", "\(what): nosniff")
        #expect(response.headers[HTTPField.Name("X-Frame-Options")!] == "DENY", "\(what): frame options")
        #expect(response.headers[HTTPField.Name("Referrer-Policy")!] == "no-referrer", "\(what): referrer policy")
    }
}

/// A date the test moves by hand.
final class ManualDate: @unchecked Sendable {
    var now = Date(timeIntervalSince1970: 1_770_000_000)
}
