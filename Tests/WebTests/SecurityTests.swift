import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing
@testable import Web

/// Every refusal of the gate, and what a page's response carries.
@Suite struct SecurityTests {
    @Test func noTokenIs401AsJSON() async throws {
        let fixture = try WebFixture()
        try await fixture.test { client in
            for uri in ["/", "/play", "/api/v1/profile", "/media/1", "/static/app.css"] {
                let response = try await client.send(.get, uri, cookie: false)
                #expect(response.status == .unauthorized, "\(uri)")
                #expect(response.error?.contains("clean web") == true)
                #expect(response.headers[.contentType] == "application/json; charset=utf-8")
            }
            let wrong = try await client.send(.get, "/api/v1/profile?token=ffffffffffffffffffffffffffffffff", cookie: false)
            #expect(wrong.status == .unauthorized)
        }
    }

    @Test func theTokenInTheURLBecomesAStrictCookieAndLeavesTheURL() async throws {
        let fixture = try WebFixture()
        try await fixture.test { client in
            let response = try await client.send(.get, "/play?boss=old&token=\(WebFixture.token)", cookie: false)
            #expect(response.status == .seeOther)
            #expect(response.headers[.location] == "/play?boss=old")
            #expect(response.headers[.setCookie] == "swipeclean_token=\(WebFixture.token); Path=/; HttpOnly; SameSite=Strict")
        }
    }

    @Test func postNeedsTheCookieAndJSON() async throws {
        let fixture = try WebFixture()
        try await fixture.test { client in
            let noCookie = try await client.send(.post, "/api/v1/rounds?token=\(WebFixture.token)", json: #"{"boss":null}"#, cookie: false)
            #expect(noCookie.status == .forbidden)
            #expect(noCookie.error?.contains("cookie") == true)
            let form = try await client.send(.post, "/api/v1/rounds", json: "boss=", contentType: "application/x-www-form-urlencoded")
            #expect(form.status == .forbidden)
            let badJSON = try await client.send(.post, "/api/v1/rounds", json: "{nope")
            #expect(badJSON.status == .badRequest)
        }
    }

    @Test func mediaServesOnlyIndexedItemsById() async throws {
        let fixture = try WebFixture()
        try await fixture.test { client in
            for uri in ["/media/987654", "/media/0", "/media/abc", "/media/..", "/media/../../etc/passwd", "/media/..%2F..%2Fetc%2Fpasswd", "/media/%2Fetc%2Fpasswd"] {
                let response = try await client.send(.get, uri)
                #expect(response.status == .notFound, "\(uri)")
                #expect(response.error != nil, "\(uri): errors are JSON")
            }
        }
    }

    @Test func unknownPathsAreJSON404sWithoutInternals() async throws {
        let fixture = try WebFixture()
        try await fixture.test { client in
            let response = try await client.send(.get, "/api/v1/nothing")
            #expect(response.status == .notFound)
            #expect(response.object.keys.sorted() == ["error"])
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
                #expect(!response.text.contains("http://") && !response.text.contains("https://"), "nothing from the network")
            }
            let report = try await client.send(.get, "/report")
            #expect(report.status == .ok && report.text.contains("<svg"), "the report page is the HTML report with its charts")
        }
    }

    @Test func hostsAreThisServerOnly() {
        let hosts = SecurityMiddleware<BasicRequestContext>.hosts(port: 8123)
        #expect(hosts == ["127.0.0.1:8123", "localhost:8123"])
        #expect(!hosts.contains("evil.example:8123") && !hosts.contains("127.0.0.1:80") && !hosts.contains("127.0.0.1"))
    }

    @Test func tokensAre128RandomBits() {
        let tokens = (0..<50).map { _ in Token.random() }
        #expect(Set(tokens).count == 50)
        #expect(tokens.allSatisfy { $0.count == 32 && $0.allSatisfy(\.isHexDigit) })
    }
}
