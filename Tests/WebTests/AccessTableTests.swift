import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import Testing
@testable import Web

/// Every route the app serves × every credential × every spelling of its path, on both fronts, held
/// to one table: the access each route must have, and what each access lets through. A route added
/// without its row here fails `everyRouteHasItsRow`; a path spelled another way (`//`, `/./`,
/// `/x/../`, `%2F`, a trailing `/`) is refused as a whole (400), and another case is judged as the
/// route it reaches (the catch-all page), never as the route it resembles.
@Suite struct AccessTableTests {
    /// One route: its pattern, its access, an address that reaches it, a harmless body, and what it
    /// answers once let through (a set: a scan may be running, a poster needs ffmpeg).
    struct Row: Sendable, CustomStringConvertible {
        let method: HTTPRequest.Method
        let pattern: String
        let access: Access
        let sample: String
        let body: String?
        let through: Set<Int>

        init(_ method: HTTPRequest.Method, _ pattern: String, _ access: Access, _ sample: String? = nil, body: String? = nil, through: Set<Int>) {
            self.method = method
            self.pattern = pattern
            self.access = access
            self.sample = sample ?? pattern
            self.body = body ?? (method == .post ? "{}" : nil)
            self.through = through
        }

        var description: String { "\(method.rawValue) \(pattern)" }
    }

    /// THE table. `PHOTO` and `VIDEO` stand for indexed items' ids.
    static let rows: [Row] = [
        Row(.get, "/", .page, through: [200]),
        Row(.get, "/play", .page, through: [200]),
        Row(.get, "/trash", .page, through: [200]),
        Row(.get, "/report", .page, through: [200]),
        Row(.get, "/settings", .page, through: [200]),
        Row(.get, "/static/:file", .asset, "/static/app.css", through: [200]),
        Row(.get, "/favicon.ico", .asset, through: [200]),
        Row(.get, "/api/v1/profile", .signedIn, through: [200]),
        Row(.get, "/api/v1/home", .signedIn, through: [200]),
        Row(.get, "/api/v1/bosses", .signedIn, through: [200]),
        Row(.get, "/api/v1/trash", .signedIn, through: [200]),
        Row(.get, "/api/v1/report", .signedIn, through: [200]),
        Row(.get, "/api/v1/report/html", .signedIn, through: [200]),
        Row(.post, "/api/v1/links", .script, through: [201]),
        Row(.post, "/api/v1/trash/restore", .signedIn, through: [400]),
        Row(.post, "/api/v1/trash/empty", .computer, through: [400]),
        Row(.get, "/api/v1/pending", .signedIn, through: [200]),
        Row(.post, "/api/v1/pending/:round", .signedIn, "/api/v1/pending/1", through: [400]),
        Row(.post, "/api/v1/rounds", .signedIn, body: #"{"boss": 7}"#, through: [400]),
        Row(.post, "/api/v1/rounds/:round/decisions", .signedIn, "/api/v1/rounds/r1/decisions", through: [400]),
        Row(.get, "/api/v1/rounds/current", .signedIn, through: [200]),
        Row(.get, "/api/v1/rounds/:round/batch", .signedIn, "/api/v1/rounds/r1/batch", through: [404]),
        Row(.post, "/api/v1/rounds/:round/confirm", .signedIn, "/api/v1/rounds/r1/confirm", through: [400]),
        Row(.post, "/api/v1/rounds/:round/clock", .signedIn, "/api/v1/rounds/r1/clock", through: [400]),
        Row(.get, "/api/v1/settings", .signedIn, through: [200]),
        Row(.post, "/api/v1/settings", .signedIn, body: #"{"key": "scan.jobs", "value": 2}"#, through: [400]),
        Row(.get, "/api/v1/scan", .signedIn, through: [200]),
        Row(.post, "/api/v1/scan", .signedIn, through: [202, 409]),
        Row(.get, "/api/v1/folders", .computer, through: [200]),
        Row(.get, "/api/v1/phones", .loopback, through: [200]),
        Row(.post, "/api/v1/phones/link", .loopback, through: [201]),
        Row(.post, "/api/v1/phones/revoke", .loopback, body: #"{"id": 999}"#, through: [404]),
        Row(.get, "/media/:id", .media, "/media/PHOTO", through: [200]),
        Row(.get, "/media/:id/poster", .media, "/media/VIDEO/poster", through: [200, 415]),
        Row(.get, "/media/trash/:entry", .media, "/media/trash/1", through: [404]),
        Row(.get, "/pair", .pairing, through: [401]),
        Row(.get, "/pair/:token", .pairing, "/pair/0123", through: [401]),
        Row(.post, "/pair", .pairing, through: [400]),
        Row(.post, "/pair/renew", .pairing, through: [400]),
        Row(.get, "/api/**", .signedIn, "/api/v1/zz", through: [404]),
        Row(.get, "/**", .page, "/zz/yy", through: [404]),
        Row(.get, "/play/**", .page, "/play/zz", through: [404]),
        Row(.get, "/trash/**", .page, "/trash/zz", through: [404]),
        Row(.get, "/settings/**", .page, "/settings/zz", through: [404]),
        Row(.get, "/report/**", .page, "/report/zz/yy", through: [404]),
    ]

    enum Front: CaseIterable { case loopback, phone }

    enum Credential: CaseIterable {
        case none, pageSecret, pageMediaKey, apiToken, phoneSecret, phoneMediaKey, phoneCookie
    }

    /// What a route of `access` answers a request with `credential` on `front`: nil lets it through
    /// (then the row's `through`), a status refuses.
    static func refusal(_ access: Access, _ credential: Credential, on front: Front) -> Int? {
        switch (front, access) {
        case (.loopback, .page), (.loopback, .asset): return nil
        case (.loopback, .signedIn), (.loopback, .computer), (.loopback, .loopback):
            return [.pageSecret, .apiToken].contains(credential) ? nil : 401
        case (.loopback, .media): return [.pageSecret, .pageMediaKey, .apiToken].contains(credential) ? nil : 401
        case (.loopback, .script): return credential == .apiToken ? nil : credential == .pageSecret ? 403 : 401
        case (.loopback, .pairing): return 404
        case (.phone, .page), (.phone, .asset): return credential == .phoneCookie ? nil : 401
        case (.phone, .signedIn): return credential == .phoneSecret ? nil : 401
        case (.phone, .media): return [.phoneSecret, .phoneMediaKey].contains(credential) ? nil : 401
        case (.phone, .computer), (.phone, .loopback), (.phone, .script): return credential == .phoneSecret ? 403 : 401
        case (.phone, .pairing): return nil
        }
    }

    /// The ways a path is spelled: as it is, and the spellings a router might read as the same route.
    enum Spelling: CaseIterable {
        case plain, doubleSlash, dotSegment, dotDot, encodedSlash, trailingSlash, otherCase

        func apply(_ path: String) -> String? {
            let rest = path.dropFirst()
            switch self {
            case .plain: return path
            case .doubleSlash: return "/" + path
            case .dotSegment: return "/." + path
            case .dotDot: return "/x/.." + path
            case .encodedSlash:
                guard let slash = rest.firstIndex(of: "/") else { return path + "%2F" }
                return "/" + rest[..<slash] + "%2F" + rest[rest.index(after: slash)...]
            case .trailingSlash: return path == "/" ? nil : path + "/"
            case .otherCase:
                let upper = "/" + rest.prefix { $0 != "/" }.uppercased() + rest.drop { $0 != "/" }
                return upper == path ? nil : upper
            }
        }
    }

    @Test func everyRouteHasItsRow() throws {
        let fixture = try WebFixture(phone: PhonePairing(address: "192.168.1.20", now: PhoneGateTests.stillClock()))
        let declared = fixture.app.declaredRoutes
        let rows = Dictionary(uniqueKeysWithValues: Self.rows.map { ($0.description, $0.access) })
        for route in declared {
            #expect(rows[route.description] != nil, "\(route) has no row in the access table")
            #expect(rows[route.description] == route.access, "\(route) is declared \(route.access), the table says \(rows[route.description].map { "\($0)" } ?? "nothing")")
        }
        #expect(Set(declared.map(\.description)) == Set(rows.keys), "rows for routes that are not served")
        // Nothing reaches the router but through `Routes`: its own list is the declared one.
        let router = fixture.app.router(hosts: { LoopbackHosts(allowed: ["localhost"]) })
        #expect(router.routes.count == declared.count, "\(router.routes)")
    }

    @Test(arguments: Front.allCases)
    func everyRouteEveryCredentialEverySpelling(on front: Front) async throws {
        let pairing = PhonePairing(address: "192.168.1.20", now: PhoneGateTests.stillClock())
        let fixture = try WebFixture(phone: pairing)
        let photo = try fixture.itemID("DCIM/Camera/IMAG0042.jpg"), video = try fixture.itemID("Movies/VID_20250612_190000.mp4")
        guard case .signedIn(let page) = fixture.app.sessions.signIn(link: WebFixture.token) else {
            Issue.record("the printed link signs in")
            return
        }
        let offer = pairing.offer()
        guard case .paired(let phone) = await pairing.pair(.link(String(offer.link.split(separator: "/").last!)), userAgent: nil, from: "192.168.1.30") else {
            Issue.record("the phone pairs")
            return
        }
        let catchAll = try #require(Self.rows.first { $0.pattern == "/**" })
        let run = { @Sendable (client: any TestClientProtocol) async throws in
            var checked = 0
            for row in Self.rows {
                let sample = row.sample.replacingOccurrences(of: "PHOTO", with: "\(photo)").replacingOccurrences(of: "VIDEO", with: "\(video)")
                for credential in Credential.allCases {
                    for spelling in Spelling.allCases {
                        guard let path = spelling.apply(sample) else { continue }
                        var headers: HTTPFields = [HTTPField.Name("Origin")!: "http://localhost"]
                        var uri = path
                        switch credential {
                        case .none: break
                        case .pageSecret: headers[.authorization] = "Bearer \(page.secret)"
                        case .pageMediaKey: uri += "?key=\(page.mediaKey)"
                        case .apiToken: headers[.authorization] = "Bearer \(WebFixture.apiToken)"
                        case .phoneSecret: headers[.authorization] = "Bearer \(phone.session.secret)"
                        case .phoneMediaKey: uri += "?key=\(phone.session.mediaKey)"
                        case .phoneCookie: headers[.cookie] = "swipeclean_phone=\(phone.pageKey)"
                        }
                        if row.body != nil { headers[.contentType] = "application/json" }
                        let answer = try await client.execute(uri: uri, method: row.method, headers: headers, body: row.body.map { ByteBuffer(string: $0) })
                        let status = Int(answer.status.code)
                        let what = "\(front) \(row) as \(uri) with \(credential): \(status) \(answer.text.prefix(120))"
                        switch spelling {
                        case .plain:
                            if let refused = Self.refusal(row.access, credential, on: front) {
                                #expect(status == refused, "\(what): refused as \(refused)")
                            } else {
                                #expect(row.through.contains(status), "\(what): let through as \(row.through)")
                            }
                            if row.method == .get {   // a HEAD is judged and answered as its GET
                                let head = try await client.execute(uri: uri, method: .head, headers: headers, body: nil)
                                #expect(head.status.code == answer.status.code, "\(what): HEAD \(head.status)")
                            }
                        case .otherCase:
                            // Another route: the catch-all page for a GET, nothing for a POST.
                            if row.method == .post {
                                #expect(status == 404, "\(what): no route")
                            } else if let refused = Self.refusal(catchAll.access, credential, on: front) {
                                #expect(status == refused, "\(what): judged as the catch-all page")
                            } else {
                                #expect(catchAll.through.contains(status), "\(what): the catch-all page")
                            }
                        default:
                            #expect(status == 400 && answer.text.contains("an address"), "\(what): refused before any route")
                        }
                        checked += 1
                    }
                }
            }
            #expect(checked > 1_000)
        }
        switch front {
        case .loopback: try await fixture.test(run)
        case .phone: try await fixture.app.phoneTestApplication(from: "192.168.1.30").test(.router, run)
        }
    }
}
