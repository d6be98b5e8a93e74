import Foundation
import Testing
@testable import Web

/// Pairing a phone as the issues say: one device, once, within 5 minutes; five wrong codes close the
/// offer however slowly they come, until a new offer; a wrong link token counts nothing; a device keeps
/// the address it paired from; a revoked device's secrets open nothing. The clock is a parameter here.
@Suite struct PairingStateTests {
    static let start = Date(timeIntervalSince1970: 1_772_476_200)
    static let token = "0123456789abcdef0123456789abcdef"

    static func secrets(_ n: Int) -> PairingState.Secrets {
        .init(secret: "secret\(n)", mediaKey: "media\(n)", pageKey: "page\(n)")
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
        #expect(state.device(secret: "secret1") == device && state.device(mediaKey: "media1") == device && state.device(pageKey: "page1") == device)
        #expect(state.device(secret: "secret2") == nil && state.device(secret: Self.token) == nil)
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

    @Test func fiveWrongCodesClosePairingUntilANewOffer() {
        var state = PairingState()
        state.open(token: Self.token, code: "123456", now: Self.start)
        for n in 0..<4 {
            #expect(state.pair(.code("00000\(n)"), name: "x", address: "192.168.1.30", secrets: Self.secrets(9), now: Self.start.addingTimeInterval(Double(n * 10))) == .refused(.wrong))
        }
        #expect(state.pair(.code("000009"), name: "x", address: "192.168.1.30", secrets: Self.secrets(9), now: Self.start.addingTimeInterval(50)) == .refused(.locked))
        #expect(state.locked && state.offer == nil)
        #expect(state.pair(.code("123456"), name: "Pixel 7", address: "192.168.1.30", secrets: Self.secrets(1), now: Self.start.addingTimeInterval(51)) == .refused(.locked),
                "even the right code, once closed")
        #expect(state.pair(.link(Self.token), name: "Pixel 7", address: "192.168.1.30", secrets: Self.secrets(1), now: Self.start.addingTimeInterval(600)) == .refused(.locked),
                "and later: only a new offer reopens")
        state.open(token: "ffffffffffffffffffffffffffffffff", code: "654321", now: Self.start.addingTimeInterval(601))
        #expect(!state.locked)
        #expect(state.pair(.code("000001"), name: "x", address: "192.168.1.30", secrets: Self.secrets(9), now: Self.start.addingTimeInterval(602)) == .refused(.wrong), "the count starts again")
        #expect(state.pair(.code("654321"), name: "Pixel 7", address: "192.168.1.30", secrets: Self.secrets(1), now: Self.start.addingTimeInterval(603)).isPaired)
    }

    @Test func fiveWrongCodesCloseTheOfferHoweverSlowlyTheyCome() {
        var state = PairingState()
        state.open(token: Self.token, code: "123456", now: Self.start)
        for n in 0..<4 {   // one a minute: the old rule counted only those within a minute
            #expect(state.pair(.code("000000"), name: "x", address: nil, secrets: Self.secrets(9), now: Self.start.addingTimeInterval(Double(n * 60))) == .refused(.wrong))
        }
        #expect(state.wrongCodes == 4 && !state.locked)
        #expect(state.pair(.code("000000"), name: "x", address: nil, secrets: Self.secrets(9), now: Self.start.addingTimeInterval(290)) == .refused(.locked))
        #expect(state.pair(.code("123456"), name: "Pixel 7", address: nil, secrets: Self.secrets(1), now: Self.start.addingTimeInterval(291)) == .refused(.locked))
    }

    @Test func aWrongLinkTokenCountsNothing() {
        var state = PairingState()
        state.open(token: Self.token, code: "123456", now: Self.start)
        for n in 0..<50 {   // what a page's <img src=".../pair/x"> would send
            #expect(state.pair(.link("x\(n)"), name: "x", address: nil, secrets: Self.secrets(9), now: Self.start) == .refused(.wrong))
        }
        #expect(state.wrongCodes == 0 && !state.locked)
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
        #expect(state.device(secret: "secret1") == nil && state.device(mediaKey: "media1") == nil && state.device(pageKey: "page1") == nil)
        #expect(state.device(secret: "secret2")?.name == "phone 2")
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
