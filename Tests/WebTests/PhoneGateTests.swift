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
    static func fixture(clock: @escaping @Sendable () -> Date = stillClock(), codeSpacing: TimeInterval = 0.05,
                        told: Told? = nil) throws -> (WebFixture, PhonePairing, token: String, code: String) {
        let pairing = PhonePairing(address: "192.168.1.20", now: clock, codeSpacing: codeSpacing, onEvent: { told?.add($0) })
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

    /// The typed code is `POST /pair` JSON from this address's own page; five wrong ones close the offer
    /// to the address that sent them, to it only (another device's code pairs, the link still works),
    /// and the computer's new offer is fresh for everyone (issue 52: polling wrong codes closed every
    /// new offer for good).
    @Test func fiveWrongCodesCloseTheOfferToTheAddressThatSentThemOnly() async throws {
        let told = Told()
        let (fixture, pairing, _, code) = try Self.fixture(told: told)
        let wrong = code == "000000" ? "000001" : "000000"
        try await fixture.testPhone(from: "192.168.1.66") { guesser in
            for n in 1...5 {
                let answer = try await guesser.send(.post, "/pair", json: #"{"code":"\#(wrong)"}"#, bearer: nil, extra: Self.ownPage)
                #expect(answer.status == .unauthorized)
                #expect(answer.text.contains(n < 5 ? "not the one the computer shows" : "Too many wrong codes from this device"), "attempt \(n)")
            }
            #expect(pairing.isLocked && pairing.openOffer != nil, "closed to the guesser, open to others")
            let right = try await guesser.send(.post, "/pair", json: #"{"code":"\#(code)"}"#, bearer: nil, extra: Self.ownPage)
            #expect(right.status == .unauthorized && right.text.contains("Too many wrong codes"), "closed to the guesser even for the right code")
        }
        #expect(told.events.contains { if case .locked(let address) = $0 { return address == "192.168.1.66" } else { return false } })
        try await fixture.testPhone(from: "192.168.1.30") { phone in
            let typo = try await phone.send(.post, "/pair", json: #"{"code":"\#(wrong)"}"#, bearer: nil, extra: Self.ownPage)
            #expect(typo.text.contains("not the one the computer shows"), "another device's wrong code is only wrong")
            var headers = Self.ownPage
            headers[.userAgent] = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X)"
            let paired = try await phone.send(.post, "/pair", json: #"{"code":"\#(code)"}"#, bearer: nil, extra: headers)
            #expect(paired.status == .ok && paired.headers[.setCookie] != nil)
            #expect(SecurityTests.meta("swipeclean-session", in: paired.text) == pairing.devices.first?.session.secret)
            #expect(pairing.devices.map(\.name) == ["iPhone"] && pairing.devices.first?.address == "192.168.1.30")
        }
        // The computer's new offer ("Pair a phone", p and Enter): fresh, for the guesser too.
        let reopened = pairing.offer()
        #expect(!pairing.isLocked)
        let token = String(reopened.link.split(separator: "/").last!)
        try await fixture.testPhone(from: "192.168.1.66") { (guesser: any TestClientProtocol) async throws in
            #expect(try await guesser.send(.get, "/pair/\(token)", bearer: nil).status == .ok, "the link pairs from any address")
        }
    }

    /// After a wrong code, codes are checked one per spacing whoever sends them: twelve guessers at
    /// once wait their turns, and those beyond ten waiting are refused (busy). (A tenth of a second
    /// here, a second in the server.)
    @Test func wrongCodesSlowEveryAddressDown() async throws {
        // The pairing's clock stands still (twelve codes arrive at one instant, however the machine
        // schedules them); the waits are real.
        let pairing = PhonePairing(address: "192.168.1.20", now: Self.stillClock(), codeSpacing: 0.1)
        let offer = pairing.offer()
        let code = offer.code.replacingOccurrences(of: " ", with: "")
        let wrong = code == "000000" ? "000001" : "000000"
        #expect(await pairing.pair(.code(wrong), userAgent: nil, from: "10.0.0.1") == .refused(.wrong))
        let started = ContinuousClock.now
        let outcomes = await withTaskGroup(of: (Int, PairingState.Outcome, Duration).self) { group in
            for n in 0..<12 {
                group.addTask {
                    let outcome = await pairing.pair(.code(wrong), userAgent: nil, from: "10.0.1.\(n)")
                    return (n, outcome, ContinuousClock.now - started)
                }
            }
            return await group.reduce(into: []) { $0.append($1) }
        }
        let busy = outcomes.filter { $0.1 == .refused(.busy) }
        let checked = outcomes.filter { $0.1 == .refused(.wrong) }.map(\.2).sorted()
        #expect(busy.count == 2 && checked.count == 10, "\(outcomes.map(\.1))")
        #expect(checked.first.map { $0 >= .milliseconds(80) } == true && checked.last.map { $0 >= .milliseconds(950) } == true,
                "one a tenth of a second: \(checked)")
        #expect(busy.allSatisfy { $0.2 < checked.last! }, "the busy ones are refused, not kept waiting")
        // The link never waits (ten codes are queued again first).
        for n in 0..<10 { Task { _ = await pairing.pair(.code(wrong), userAgent: nil, from: "10.0.3.\(n)") } }
        let linked = ContinuousClock.now
        #expect(await pairing.pair(.link(String(offer.link.split(separator: "/").last!)), userAgent: nil, from: "10.0.2.1").isPaired)
        #expect(ContinuousClock.now - linked < .milliseconds(500))
    }

    /// The paired page renews its short-lived secret with its renewal key (`POST /pair/renew`, from its
    /// own page and address): the new secret plays, the old one works a minute more, an expired one
    /// opens nothing, and a spent key presented again unpairs the phone (someone has a copy).
    @Test func thePhonesSecretIsShortLivedAndRenewedByItsPage() async throws {
        let clock = MovingClock()
        let told = Told()
        let (fixture, pairing, token, _) = try Self.fixture(clock: { clock.now }, told: told)
        try await fixture.testPhone { client in
            let first = try await client.send(.get, "/pair/\(token)", bearer: nil, extra: Self.phoneAgent)
            let secret = try #require(SecurityTests.meta("swipeclean-session", in: first.text))
            let key = try #require(SecurityTests.meta("swipeclean-renew", in: first.text))
            #expect(SecurityTests.meta("swipeclean-expires", in: first.text) == "600")
            #expect(try await client.send(.get, "/api/v1/profile", bearer: secret).status == .ok)

            clock.advance(300)
            let renewed = try await client.send(.post, "/pair/renew", json: #"{"renew":"\#(key)"}"#, bearer: nil, extra: Self.ownPage)
            #expect(renewed.status == .ok)
            let fresh = try #require(renewed.object["secret"] as? String), next = try #require(renewed.object["renew"] as? String)
            #expect(renewed.object["expiresInSeconds"] as? Int == 600 && Set([secret, fresh, key, next]).count == 4)
            #expect(try await client.send(.get, "/api/v1/profile", bearer: fresh).status == .ok)
            #expect(try await client.send(.get, "/api/v1/profile", bearer: secret).status == .ok, "the old one, a minute more")
            clock.advance(61)
            #expect(try await client.send(.get, "/api/v1/profile", bearer: secret).status == .unauthorized, "then nothing")
            clock.advance(600)
            #expect(try await client.send(.get, "/api/v1/profile", bearer: fresh).status == .unauthorized, "ten minutes without renewal: expired")

            // Not from another site's page, not as a form.
            let foreign = try await client.send(.post, "/pair/renew", json: #"{"renew":"\#(next)"}"#, bearer: nil,
                                                extra: [HTTPField.Name("Origin")!: "http://evil.example"])
            #expect(foreign.status == .forbidden)
        }
        try await fixture.testPhone(from: "192.168.1.99") { elsewhere in
            let stolen = try await elsewhere.send(.post, "/pair/renew", json: #"{"renew":"\#(try #require(pairing.devices.first?.renewKey))"}"#,
                                                  bearer: nil, extra: Self.ownPage)
            #expect(stolen.status == .unauthorized, "the key works from the phone's address only")
        }
        try await fixture.testPhone { client in
            // The phone woke after the secret expired: its key still renews it.
            let key = try #require(pairing.devices.first?.renewKey)
            let woke = try await client.send(.post, "/pair/renew", json: #"{"renew":"\#(key)"}"#, bearer: nil, extra: Self.ownPage)
            #expect(woke.status == .ok)
            #expect(try await client.send(.get, "/api/v1/profile", bearer: woke.object["secret"] as? String).status == .ok)
            // The same key again: a copy. The phone is unpaired and the terminal told.
            let again = try await client.send(.post, "/pair/renew", json: #"{"renew":"\#(key)"}"#, bearer: nil, extra: Self.ownPage)
            #expect(again.status == .unauthorized && pairing.devices.isEmpty)
            #expect(try await client.send(.get, "/api/v1/profile", bearer: woke.object["secret"] as? String).status == .unauthorized)
        }
        #expect(told.events.contains { if case .renewalReused = $0 { return true } else { return false } })
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

/// A clock a test moves on.
final class MovingClock: @unchecked Sendable {
    private let lock = NSLock()
    private var time = Date(timeIntervalSince1970: 1_772_476_200)
    var now: Date { lock.withLock { time } }
    func advance(_ seconds: TimeInterval) { lock.withLock { time += seconds } }
}

/// The events a phone address told the terminal.
final class Told: @unchecked Sendable {
    private let lock = NSLock()
    private var list: [PhonePairing.Event] = []
    func add(_ event: PhonePairing.Event) { lock.lock(); list.append(event); lock.unlock() }
    var events: [PhonePairing.Event] { lock.lock(); defer { lock.unlock() }; return list }
}
