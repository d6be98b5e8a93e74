import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing
@testable import Web

/// The phone address (`clean web --phone`) through its gate: nothing for an unpaired device, the
/// link or the typed code pairs one device once, the paired phone plays with its own secret, and
/// the desktop lists and unpairs it.
@Suite struct PhoneGateTests {
    static let phoneAgent: HTTPFields = [.userAgent: "Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 Chrome/120 Mobile Safari/537.36"]

    /// The time a test's offers expire by: it stands still (on a loaded machine a test may wait minutes for a
    /// thread between the offer and its use, past the offer's life).
    static func stillClock() -> @Sendable () -> Date {
        let created = Date()
        return { created }
    }

    /// A fixture serving the phone address, with one offer open: its token and code.
    static func fixture(clock: @escaping @Sendable () -> Date = stillClock()) throws -> (WebFixture, PhonePairing, token: String, code: String) {
        let pairing = PhonePairing(address: "192.168.1.20", now: clock)
        let fixture = try WebFixture(phone: pairing)
        let offer = pairing.offer()
        let token = String(offer.link.split(separator: "/").last!)
        return (fixture, pairing, token, offer.code.replacingOccurrences(of: " ", with: ""))
    }

    @Test func everyUnpairedRequestIs401() async throws {
        let (fixture, _, _, _) = try Self.fixture()
        let photo = try fixture.itemID("DCIM/Camera/IMAG0042.jpg")
        try await fixture.testPhone { client in
            for uri in ["/", "/play?boss=old", "/trash", "/report", "/nowhere"] {
                let page = try await client.send(.get, uri, bearer: nil)
                #expect(page.status == .unauthorized, "\(uri)")
                #expect(page.text.contains("Pair this phone") && page.text.contains("id=\"pair\""), "\(uri): the page says how")
                #expect(page.headers[.contentSecurityPolicy]?.contains("script-src 'nonce-") == true)
                #expect(page.headers[.contentSecurityPolicy]?.contains("connect-src 'self'") == true)
                #expect(!page.text.contains("/static/common.js"), "\(uri): not even the shell")
            }
            for uri in ["/static/app.css", "/static/play.js", "/favicon.ico", "/api/v1/profile", "/media/\(photo)"] {
                #expect(try await client.send(.get, uri, bearer: nil).status == .unauthorized, "\(uri)")
            }
            // The scripts' token and the desktop's link are the loopback's, not this address's.
            #expect(try await client.send(.get, "/api/v1/profile", bearer: WebFixture.apiToken).status == .unauthorized)
            #expect(try await client.send(.get, "/?token=\(WebFixture.token)", bearer: nil).status == .unauthorized)
            let post = try await client.send(.post, "/api/v1/rounds", json: #"{"boss":null}"#, bearer: WebFixture.apiToken)
            #expect(post.status == .unauthorized)
        }
    }

    @Test func theLinkPairsOnePhoneOnceAndItPlaysWithItsOwnSecret() async throws {
        let (fixture, pairing, token, _) = try Self.fixture()
        let photo = try fixture.itemID("DCIM/Camera/IMAG0042.jpg")
        try await fixture.testPhone { client in
            #expect(try await client.send(.head, "/pair/\(token)", bearer: nil).status == .unauthorized, "a HEAD uses nothing up")
            let first = try await client.send(.get, "/pair/\(token)", bearer: nil, extra: Self.phoneAgent)
            #expect(first.status == .ok)
            let secret = try #require(SecurityTests.meta("swipeclean-session", in: first.text))
            let mediaKey = try #require(SecurityTests.meta("swipeclean-media", in: first.text))
            #expect(SecurityTests.meta("swipeclean-next", in: first.text) == "/")
            let cookie = try #require(first.headers[.setCookie])
            #expect(cookie.hasPrefix("swipeclean_phone=") && cookie.contains("HttpOnly") && cookie.contains("SameSite=Strict"))
            let pageKey = String(cookie.dropFirst("swipeclean_phone=".count).prefix { $0 != ";" })
            #expect(Set([secret, mediaKey, pageKey, token]).count == 4)
            #expect(pairing.devices.map(\.name) == ["Pixel 7"])

            let again = try await client.send(.get, "/pair/\(token)", bearer: nil)
            #expect(again.status == .unauthorized && again.text.contains("already used"), "the link a second time")
            #expect(SecurityTests.meta("swipeclean-session", in: again.text) == nil)

            // The page cookie opens the shells and static files, never the data.
            let withCookie: HTTPFields = [.cookie: "other=1; swipeclean_phone=\(pageKey)"]
            let home = try await client.send(.get, "/play?boss=old", bearer: nil, extra: withCookie)
            #expect(home.status == .ok && home.text.contains("/static/common.js"))
            #expect(try await client.send(.get, "/static/play.js", bearer: nil, extra: withCookie).status == .ok)
            #expect(try await client.send(.get, "/api/v1/profile", bearer: nil, extra: withCookie).status == .unauthorized)

            #expect(try await client.send(.get, "/api/v1/profile", bearer: secret).status == .ok)
            #expect(try await client.send(.get, "/media/\(photo)?key=\(mediaKey)", bearer: nil).status == .ok)
            let round = try await client.send(.post, "/api/v1/rounds", json: #"{"boss":"old"}"#, bearer: secret,
                                              extra: [HTTPField.Name("Origin")!: "http://localhost"])
            #expect(round.status == .created)
            // What only the computer may do.
            #expect(try await client.send(.post, "/api/v1/links", json: "{}", bearer: secret).status == .forbidden)
            #expect(try await client.send(.get, "/api/v1/phones", bearer: secret).status == .forbidden)
            #expect(try await client.send(.post, "/api/v1/phones/revoke", json: #"{"id":null}"#, bearer: secret).status == .forbidden)
            // Another origin is refused as on loopback.
            let foreign = try await client.send(.post, "/api/v1/rounds/current", json: "{}", bearer: secret,
                                                extra: [HTTPField.Name("Origin")!: "http://192.168.1.99:8080"])
            #expect(foreign.status == .forbidden)
        }
    }

    /// The typed code is `POST /pair` JSON from this address's own page; five wrong ones close the offer.
    @Test func theTypedCodePairsAndFiveWrongCodesClosePairing() async throws {
        let (fixture, pairing, token, code) = try Self.fixture()
        try await fixture.testPhone { client in
            let wrong = code == "000000" ? "000001" : "000000"
            for n in 1...5 {
                let answer = try await client.send(.post, "/pair", json: #"{"code":"\#(wrong)"}"#, bearer: nil, extra: Self.ownPage)
                #expect(answer.status == .unauthorized)
                #expect(answer.text.contains(n < 5 ? "not the one the computer shows" : "Too many wrong codes"), "attempt \(n)")
            }
            #expect(pairing.isLocked)
            #expect(try await client.send(.post, "/pair", json: #"{"code":"\#(code)"}"#, bearer: nil, extra: Self.ownPage).status == .unauthorized,
                    "closed even to the right code")
            #expect(try await client.send(.get, "/pair/\(token)", bearer: nil).status == .unauthorized, "and to the link")
            let reopened = pairing.offer()
            #expect(!pairing.isLocked)
            var headers = Self.ownPage
            headers[.userAgent] = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X)"
            let paired = try await client.send(.post, "/pair", json: #"{"code":"\#(reopened.code)"}"#, bearer: nil, extra: headers)
            #expect(paired.status == .ok && paired.headers[.setCookie] != nil)
            #expect(SecurityTests.meta("swipeclean-session", in: paired.text) == pairing.devices.first?.session.secret)
            #expect(pairing.devices.map(\.name) == ["iPhone"])
        }
    }

    /// What another site can make a browser send counts nothing: a GET with `?code=` (an image, a
    /// form), a POST without this address's Origin or as a form, wrong link tokens.
    @Test func nothingFromAnotherSiteCountsAsAnAttempt() async throws {
        let (fixture, pairing, token, code) = try Self.fixture(clock: { Date(timeIntervalSince1970: 1_772_476_200) })   // the offer never expires here
        try await fixture.testPhone { client in
            for n in 0..<8 {
                let image = try await client.send(.get, "/pair?code=00000\(n)", bearer: nil,
                                                  extra: [HTTPField.Name("Sec-Fetch-Site")!: "cross-site", HTTPField.Name("Sec-Fetch-Dest")!: "image"])
                #expect(image.status == .unauthorized || image.status == .forbidden)
                #expect(try await client.send(.get, "/pair/wrong\(n)", bearer: nil).status == .unauthorized)
                let foreign = try await client.send(.post, "/pair", json: #"{"code":"00000\#(n)"}"#, bearer: nil,
                                                    extra: [HTTPField.Name("Origin")!: "http://evil.example"])
                #expect(foreign.status == .forbidden)
                let noOrigin = try await client.send(.post, "/pair", json: #"{"code":"00000\#(n)"}"#, bearer: nil)
                #expect(noOrigin.status == .forbidden)
                let form = try await client.send(.post, "/pair", json: "code=00000\(n)", bearer: nil,
                                                 contentType: "application/x-www-form-urlencoded", extra: Self.ownPage)
                #expect(form.status == .forbidden)
            }
            #expect(!pairing.isLocked && pairing.openOffer != nil, "nothing counted")
            let paired = try await client.send(.post, "/pair", json: #"{"code":"\#(code)"}"#, bearer: nil, extra: Self.ownPage)
            #expect(paired.status == .ok)
            #expect(try await client.send(.get, "/pair/\(token)", bearer: nil).text.contains("already used"))
        }
    }

    /// A phone's secrets work only from the address it paired from: a replay from another is 401, and
    /// the terminal is told (once).
    @Test func aSecretReplayedFromAnotherAddressIs401() async throws {
        let told = Told()
        let pairing = PhonePairing(address: "192.168.1.20", now: Self.stillClock(), onEvent: { told.add($0) })
        let fixture = try WebFixture(phone: pairing)
        let offer = pairing.offer()
        let token = String(offer.link.split(separator: "/").last!)
        let photo = try fixture.itemID("DCIM/Camera/IMAG0042.jpg")
        try await fixture.app.phoneTestApplication(from: "192.168.1.31").test(.router) { client in
            let first = try await client.send(.get, "/pair/\(token)", bearer: nil, extra: Self.phoneAgent)
            #expect(first.status == .ok)
            #expect(try await client.send(.get, "/api/v1/profile", bearer: pairing.devices.first?.session.secret).status == .ok)
        }
        let device = try #require(pairing.devices.first)
        #expect(device.address == "192.168.1.31")
        let secret = device.session.secret, mediaKey = device.session.mediaKey, pageKey = device.pageKey
        try await fixture.app.phoneTestApplication(from: "192.168.1.99").test(.router) { (client: any TestClientProtocol) async throws in
            #expect(try await client.send(.get, "/api/v1/profile", bearer: secret).status == .unauthorized)
            #expect(try await client.send(.get, "/api/v1/profile", bearer: secret).status == .unauthorized)
            #expect(try await client.send(.get, "/media/\(photo)?key=\(mediaKey)", bearer: nil).status == .unauthorized)
            #expect(try await client.send(.get, "/play", bearer: nil, extra: [.cookie: "swipeclean_phone=\(pageKey)"]).status == .unauthorized)
        }
        let refusals = told.events.compactMap { event -> String? in
            if case .elsewhere(let device, let address) = event { return "\(device.name) \(address)" }
            return nil
        }
        #expect(refusals == ["Pixel 7 192.168.1.99"], "told once: \(refusals)")
    }

    /// Emptying the trash for good is the computer's: 403 from a phone, its own secret or not.
    @Test func aPhoneCannotEmptyTheTrashOrChooseFolders() async throws {
        let (fixture, _, token, _) = try Self.fixture()
        try await fixture.testPhone { client in
            let first = try await client.send(.get, "/pair/\(token)", bearer: nil, extra: Self.phoneAgent)
            let secret = try #require(SecurityTests.meta("swipeclean-session", in: first.text))
            let answer = try await client.send(.post, "/api/v1/trash/empty", json: #"{"ids":[1]}"#, bearer: secret, extra: Self.ownPage)
            #expect(answer.status == .forbidden && answer.error?.contains("computer") == true)
            // Nor choose folders to scan (issue 40): the computer's alone; scanning the known ones again is the phone's too.
            #expect(try await client.send(.get, "/api/v1/folders", bearer: secret).status == .forbidden)
            let picked = try await client.send(.post, "/api/v1/scan", json: #"{"folders":["\#(fixture.root)/phone"]}"#, bearer: secret, extra: Self.ownPage)
            #expect(picked.status == .forbidden && picked.error?.contains("computer") == true, "\(picked.status)")
        }
    }

    /// The Origin of this address's own page (HummingbirdTesting's Host is `localhost`).
    static let ownPage: HTTPFields = [HTTPField.Name("Origin")!: "http://localhost"]

    @Test func theComputerListsOffersAndUnpairsAPhone() async throws {
        let (fixture, pairing, token, _) = try Self.fixture()
        try await fixture.testPhone { client in
            let first = try await client.send(.get, "/pair/\(token)", bearer: nil, extra: Self.phoneAgent)
            #expect(SecurityTests.meta("swipeclean-session", in: first.text) == pairing.devices.first?.session.secret)
        }
        let phoneSecret = try #require(pairing.devices.first?.session.secret)
        try await fixture.test { client in
            let listed = try await client.send(.get, "/api/v1/phones").object
            #expect(listed["enabled"] as? Bool == true && listed["address"] as? String == "192.168.1.20:0")
            #expect(listed["pairing"] is NSNull, "the offer was used")
            let devices = try #require(listed["devices"] as? [[String: Any]])
            #expect(devices.count == 1 && devices[0]["name"] as? String == "Pixel 7" && devices[0]["id"] as? Int == 1)

            let offered = try await client.send(.post, "/api/v1/phones/link", json: "{}")
            #expect(offered.status == .created)
            let offer = try #require(offered.object["pairing"] as? [String: Any])
            #expect((offer["url"] as? String)?.hasPrefix("http://192.168.1.20:0/pair/") == true)
            #expect((offer["code"] as? String)?.count == 7 && (offer["expiresInSeconds"] as? Int ?? 0) > 290)
            #expect((offer["qrSVG"] as? String)?.hasPrefix("<svg") == true)

            #expect(try await client.send(.post, "/api/v1/phones/revoke", json: #"{"id":7}"#).status == .notFound)
            let revoked = try await client.send(.post, "/api/v1/phones/revoke", json: #"{"id":1}"#)
            #expect(revoked.object["revoked"] as? [Int] == [1])
            #expect(pairing.devices.isEmpty)
        }
        try await fixture.testPhone { client in
            let after = try await client.send(.get, "/api/v1/profile", bearer: phoneSecret)
            #expect(after.status == .unauthorized, "unpaired: its secret opens nothing")
        }
    }

    @Test func withoutPhoneThePhonesAPISaysSoAndHowToStartIt() async throws {
        let fixture = try WebFixture()
        try await fixture.test { client in
            let listed = try await client.send(.get, "/api/v1/phones")
            #expect(listed.status == .ok && listed.object["enabled"] as? Bool == false)
            let answer = try await client.send(.post, "/api/v1/phones/link", json: "{}")
            #expect(answer.status == .notFound && answer.error?.contains("--phone") == true)
        }
    }
}

/// The events a phone address told the terminal.
final class Told: @unchecked Sendable {
    private let lock = NSLock()
    private var list: [PhonePairing.Event] = []
    func add(_ event: PhonePairing.Event) { lock.lock(); list.append(event); lock.unlock() }
    var events: [PhonePairing.Event] { lock.lock(); defer { lock.unlock() }; return list }
}
