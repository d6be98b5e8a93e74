import Foundation
import Testing
@testable import Web

/// Pairing a phone as the issues say: one device, once, within 5 minutes; five wrong codes close the
/// offer to the address that sent them (however slowly they come), to no other, until a new offer; after
/// a wrong code, codes are checked one a second whoever sends them; a wrong link token counts nothing;
/// a device keeps the address it paired from; its secret lasts ten minutes and is renewed with a key
/// that works once; a revoked device's secrets open nothing. The clock is a parameter here.
@Suite struct PairingStateTests {
    static let start = Date(timeIntervalSince1970: 1_772_476_200)
    static let token = "0123456789abcdef0123456789abcdef"

    static func secrets(_ n: Int) -> PairingState.Secrets {
        .init(secret: "secret\(n)", mediaKey: "media\(n)", pageKey: "page\(n)", renewKey: "renew\(n)")
    }

    @Test func theLinkPairsOneDeviceOnce() {
        var state = PairingState()
        state.open(token: Self.token, code: "123456", now: Self.start)
        guard case .paired(let device) = state.pair(.link(Self.token), name: "Pixel 7", address: "192.168.1.30", secrets: Self.secrets(1), now: Self.start.addingTimeInterval(10)) else {
            Issue.record("the first use pairs")
            return
        }
        #expect(device.name == "Pixel 7" && device.session.secret == "secret1" && device.pageKey == "page1")
        #expect(state.pair(.link(Self.token), name: "iPhone", address: "192.168.1.30", secrets: Self.secrets(2), now: Self.start.addingTimeInterval(11)) == .refused(.used))
        #expect(state.pair(.code("123456"), name: "iPhone", address: "192.168.1.30", secrets: Self.secrets(2), now: Self.start.addingTimeInterval(12)) == .refused(.used),
                "the code is the same offer: used up too")
        #expect(state.devices.map(\.name) == ["Pixel 7"])
        let now = Self.start.addingTimeInterval(12)
        #expect(state.device(secret: "secret1", now: now) == device && state.device(mediaKey: "media1") == device && state.device(pageKey: "page1") == device)
        #expect(state.device(secret: "secret2", now: now) == nil && state.device(secret: Self.token, now: now) == nil)
    }

    @Test func theTypedCodePairsWithSpacesOrADash() {
        for typed in ["123456", "123 456", " 123-456 "] {
            var state = PairingState()
            state.open(token: Self.token, code: "123456", now: Self.start)
            #expect(state.pair(.code(typed), name: "iPhone", address: "192.168.1.30", secrets: Self.secrets(1), now: Self.start).isPaired, "\(typed)")
        }
    }

    @Test(arguments: [(299.0, true), (300.0, false), (3_600.0, false)])
    func anOfferLastsFiveMinutes(after seconds: TimeInterval, pairs: Bool) {
        var state = PairingState()
        state.open(token: Self.token, code: "123456", now: Self.start)
        let outcome = state.pair(.link(Self.token), name: "Pixel 7", address: "192.168.1.30", secrets: Self.secrets(1), now: Self.start.addingTimeInterval(seconds))
        #expect(outcome.isPaired == pairs)
        if !pairs { #expect(outcome == .refused(.expired)) }
    }

    @Test func fiveWrongCodesCloseTheOfferToTheirAddressOnlyUntilANewOffer() {
        var state = PairingState()
        state.open(token: Self.token, code: "123456", now: Self.start)
        let guesser = "192.168.1.66", phone = "192.168.1.30"
        for n in 0..<4 {
            #expect(state.pair(.code("00000\(n)"), name: "x", address: guesser, secrets: Self.secrets(9), now: Self.start.addingTimeInterval(Double(n * 10))) == .refused(.wrong))
        }
        #expect(state.pair(.code("000009"), name: "x", address: guesser, secrets: Self.secrets(9), now: Self.start.addingTimeInterval(50)) == .refused(.locked))
        #expect(state.locked && state.isClosed(to: guesser) && !state.isClosed(to: phone) && state.offer != nil)
        #expect(state.pair(.code("123456"), name: "x", address: guesser, secrets: Self.secrets(9), now: Self.start.addingTimeInterval(51)) == .refused(.locked),
                "even the right code, from the address that guessed")
        #expect(state.pair(.code("000007"), name: "x", address: phone, secrets: Self.secrets(9), now: Self.start.addingTimeInterval(52)) == .refused(.wrong),
                "another address's wrong code is only wrong")
        #expect(state.pair(.code("123456"), name: "Pixel 7", address: phone, secrets: Self.secrets(1), now: Self.start.addingTimeInterval(53)).isPaired,
                "and the right code from another address pairs")
        // The computer's new offer is fresh, for the guesser too.
        state.open(token: "ffffffffffffffffffffffffffffffff", code: "654321", now: Self.start.addingTimeInterval(601))
        #expect(!state.locked && !state.isClosed(to: guesser) && state.nextCodeCheck == nil)
        #expect(state.pair(.code("000001"), name: "x", address: guesser, secrets: Self.secrets(9), now: Self.start.addingTimeInterval(602)) == .refused(.wrong), "the count starts again")
        #expect(state.pair(.code("654321"), name: "iPhone", address: guesser, secrets: Self.secrets(2), now: Self.start.addingTimeInterval(603)).isPaired)
    }

    @Test func aClosedAddressStillPairsByTheLink() {
        var state = PairingState()
        state.open(token: Self.token, code: "123456", now: Self.start)
        for n in 0..<5 {
            _ = state.pair(.code("00000\(n)"), name: "x", address: "192.168.1.30", secrets: Self.secrets(9), now: Self.start.addingTimeInterval(Double(n)))
        }
        #expect(state.isClosed(to: "192.168.1.30"))
        #expect(state.pair(.link(Self.token), name: "Pixel 7", address: "192.168.1.30", secrets: Self.secrets(1), now: Self.start.addingTimeInterval(10)).isPaired,
                "the QR code's 128 bits are not guessed: the link is never closed")
    }

    @Test func afterAWrongCodeCodesAreCheckedOneASecondWhoeverSendsThem() {
        var state = PairingState()
        state.open(token: Self.token, code: "123456", now: Self.start)
        #expect(state.codeTurn(now: Self.start) == Self.start, "no wrong code yet: at once")
        #expect(state.codeTurn(now: Self.start) == Self.start, "and again")
        #expect(state.pair(.code("000000"), name: "x", address: "10.0.0.1", secrets: Self.secrets(9), now: Self.start) == .refused(.wrong))
        // Twelve codes arriving at once from twelve addresses: one a second, and those beyond ten waiting refused.
        let turns = (0..<12).map { _ in state.codeTurn(now: Self.start) }
        #expect(turns.prefix(10).map { $0?.timeIntervalSince(Self.start) } == (1...10).map { Double($0) })
        #expect(turns.suffix(2) == [nil, nil], "an eleventh waiting code is refused (busy)")
        // Later, a code waits only for the turns still ahead of it.
        #expect(state.codeTurn(now: Self.start.addingTimeInterval(60)) == Self.start.addingTimeInterval(60))
        #expect(state.codeTurn(now: Self.start.addingTimeInterval(60)) == Self.start.addingTimeInterval(61))
    }

    @Test func fiveWrongCodesCloseTheOfferHoweverSlowlyTheyCome() {
        var state = PairingState()
        state.open(token: Self.token, code: "123456", now: Self.start)
        for n in 0..<4 {   // one a minute: the old rule counted only those within a minute
            #expect(state.pair(.code("000000"), name: "x", address: nil, secrets: Self.secrets(9), now: Self.start.addingTimeInterval(Double(n * 60))) == .refused(.wrong))
        }
        #expect(state.wrongCodes["?"] == 4 && !state.locked)
        #expect(state.pair(.code("000000"), name: "x", address: nil, secrets: Self.secrets(9), now: Self.start.addingTimeInterval(290)) == .refused(.locked))
        #expect(state.pair(.code("123456"), name: "Pixel 7", address: nil, secrets: Self.secrets(1), now: Self.start.addingTimeInterval(291)) == .refused(.locked))
    }

    @Test func aWrongLinkTokenCountsNothing() {
        var state = PairingState()
        state.open(token: Self.token, code: "123456", now: Self.start)
        for n in 0..<50 {   // what a page's <img src=".../pair/x"> would send
            #expect(state.pair(.link("x\(n)"), name: "x", address: nil, secrets: Self.secrets(9), now: Self.start) == .refused(.wrong))
        }
        #expect(state.wrongCodes.isEmpty && !state.locked)
        #expect(state.pair(.code("123 456"), name: "Pixel 7", address: nil, secrets: Self.secrets(1), now: Self.start.addingTimeInterval(1)).isPaired)
    }

    @Test func aDeviceKeepsTheAddressItPairedFrom() {
        var state = PairingState()
        state.open(token: Self.token, code: "123456", now: Self.start)
        guard case .paired(let device) = state.pair(.link(Self.token), name: "Pixel 7", address: "192.168.1.31", secrets: Self.secrets(1), now: Self.start) else {
            Issue.record("pairs")
            return
        }
        #expect(device.address == "192.168.1.31")
    }

    @Test func aRevokedDeviceIsForgottenAndTheOthersStay() {
        var state = PairingState()
        for n in 1...2 {
            state.open(token: "token\(n)", code: "00000\(n)", now: Self.start)
            #expect(state.pair(.link("token\(n)"), name: "phone \(n)", address: "192.168.1.30", secrets: Self.secrets(n), now: Self.start).isPaired)
        }
        #expect(state.devices.map(\.id) == [1, 2])
        #expect(state.revoke(id: 1)?.name == "phone 1")
        #expect(state.revoke(id: 1) == nil)
        #expect(state.device(secret: "secret1", now: Self.start) == nil && state.device(mediaKey: "media1") == nil && state.device(pageKey: "page1") == nil)
        #expect(state.device(secret: "secret2", now: Self.start)?.name == "phone 2")
    }

    @Test func aPhonesSecretLastsTenMinutesAndItsKeyRenewsItOnce() throws {
        var state = PairingState()
        state.open(token: Self.token, code: "123456", now: Self.start)
        #expect(state.pair(.link(Self.token), name: "Pixel 7", address: "192.168.1.30", secrets: Self.secrets(1), now: Self.start).isPaired)
        let at = { (seconds: Double) in Self.start.addingTimeInterval(seconds) }
        #expect(state.device(secret: "secret1", now: at(599)) != nil && state.device(secret: "secret1", now: at(600)) == nil, "ten minutes, then nothing")

        // Renewed at five minutes: a new secret for ten more, the old one for a minute, the next key.
        guard case .renewed(let renewed) = state.renew(key: "renew1", address: "192.168.1.30", secret: "secret1b", renewKey: "renew1b", now: at(300)) else {
            Issue.record("the page's key renews its secret")
            return
        }
        #expect(renewed.session.secret == "secret1b" && renewed.renewKey == "renew1b" && renewed.session.mediaKey == "media1")
        #expect(state.device(secret: "secret1", now: at(359)) != nil && state.device(secret: "secret1", now: at(360)) == nil)
        #expect(state.device(secret: "secret1b", now: at(899)) != nil && state.device(secret: "secret1b", now: at(900)) == nil)

        // From another address, the right key is refused and stays unspent.
        #expect(state.renew(key: "renew1b", address: "192.168.1.66", secret: "x", renewKey: "y", now: at(400)) == .refused)
        #expect(state.renew(key: "nobody's", address: "192.168.1.30", secret: "x", renewKey: "y", now: at(400)) == .refused)
        // Long after its secret expired (the phone slept), the key still renews it.
        guard case .renewed = state.renew(key: "renew1b", address: "192.168.1.30", secret: "secret1c", renewKey: "renew1c", now: at(5_000)) else {
            Issue.record("a sleeping phone renews on waking")
            return
        }
        #expect(state.device(secret: "secret1c", now: at(5_001)) != nil && state.device(secret: "secret1b", now: at(5_001)) == nil)
        // A spent key presented again: someone has a copy, and the device is unpaired.
        guard case .reused(let device) = state.renew(key: "renew1b", address: "192.168.1.30", secret: "x", renewKey: "y", now: at(5_002)) else {
            Issue.record("a spent key is a copy")
            return
        }
        #expect(device.name == "Pixel 7" && state.devices.isEmpty && state.device(secret: "secret1c", now: at(5_003)) == nil)
    }

    @Test(arguments: [
        ("Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36", "Pixel 7"),
        ("Mozilla/5.0 (Linux; Android 13; SM-S911B Build/TP1A.220624.014) AppleWebKit/537.36 Chrome/116 Mobile", "SM-S911B"),
        ("Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36", "Android phone"),
        ("Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1", "iPhone"),
        ("Mozilla/5.0 (iPad; CPU OS 16_0 like Mac OS X) AppleWebKit/605.1.15", "iPad"),
        ("Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120 Safari/537.36", "Linux"),
        ("", "unknown device"),
    ])
    func aDeviceIsNamedFromItsUserAgent(agent: String, name: String) {
        #expect(DeviceName.short(userAgent: agent) == name)
    }

    @Test func thirtyMinutesWithoutARequestStopTheServer() {
        #expect(!PhoneIdle.expired(lastRequest: Self.start, now: Self.start.addingTimeInterval(29 * 60 + 59)))
        #expect(PhoneIdle.expired(lastRequest: Self.start, now: Self.start.addingTimeInterval(30 * 60)))
    }
}

extension PairingState.Outcome {
    var isPaired: Bool {
        if case .paired = self { return true }
        return false
    }
}
