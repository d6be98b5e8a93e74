import Foundation
import HummingbirdTesting
import Imaging
import Testing
@testable import Web

/// Previews made ahead of the player: when a round is dealt and after each decision, the card on
/// the table and the next three are decoded in the background, once each, into memory.
@Suite struct PreviewAheadTests {
    @Test func aDealtRoundsNextCardsArePreviewedBeforeThePageAsks() async throws {
        let fixture = try WebFixture(extraScreenshots: 4)
        let previews = fixture.app.previews
        try await fixture.test { client in
            let started = try await client.send(.post, "/api/v1/rounds", json: #"{"boss":"screenshots"}"#).object
            let round = try #require(started["round"] as? String)
            let ids = try #require(started["cards"] as? [[String: Any]]).map { Int64($0["id"] as! Int) }
            #expect(ids.count == 9)
            let items = try ids.map { try fixture.item($0) }

            // Nobody asked yet: the card on the table and the three after it are made, the rest are not.
            try await waitUntil { items.prefix(4).allSatisfy { previews.holdsPreview(of: $0) } }
            #expect(ids.prefix(4).map(previews.timesMade) == [1, 1, 1, 1])
            #expect(ids.dropFirst(4).map(previews.timesMade) == [0, 0, 0, 0, 0], "only the next few cards, not the deck")

            // The page asks for the card and the one under it, a second tab for the card too: no decode.
            async let top = client.send(.get, "/media/\(ids[0])")
            async let under = client.send(.get, "/media/\(ids[1])")
            async let again = client.send(.get, "/media/\(ids[0])")
            let (a, b, c) = try await (top, under, again)
            #expect(a.status == .ok && b.status == .ok && c.status == .ok)
            #expect(Array(a.body.readableBytesView) == Array(c.body.readableBytesView))
            #expect(try Decoding.decode(bytes: Array(a.body.readableBytesView), name: "preview").width > 0)
            #expect(ids.prefix(4).map(previews.timesMade) == [1, 1, 1, 1])

            // A decision moves the window on by one card: the fifth is made, the sixth is not.
            let kept = try await client.send(.post, "/api/v1/rounds/\(round)/decisions", json: #"{"card":\#(ids[0]),"decision":"keep"}"#)
            #expect(kept.status == .ok && kept.object["current"] as? Int == Int(ids[1]))
            try await waitUntil { previews.holdsPreview(of: items[4]) }
            #expect(previews.timesMade(ids[5]) == 0)

            // Play ends: nothing more is made ahead.
            _ = try await client.send(.post, "/api/v1/rounds/\(round)/decisions", json: #"{"card":null,"decision":"quit"}"#)
            #expect(try await client.send(.post, "/api/v1/rounds/\(round)/confirm", json: #"{"yes":false}"#).status == .ok)
            try await Task.sleep(for: .milliseconds(300))
            #expect(ids.dropFirst(5).map(previews.timesMade) == [0, 0, 0, 0])
        }
    }

    /// A phone asks for its cards at 640 px (`srcset`): the next cards are then made ahead at that size.
    @Test func thePreviewsMadeAheadAreAtTheSizeThePageAskedFor() async throws {
        let fixture = try WebFixture(extraScreenshots: 4)
        let previews = fixture.app.previews
        try await fixture.test { client in
            let started = try await client.send(.post, "/api/v1/rounds", json: #"{"boss":"screenshots"}"#).object
            let round = try #require(started["round"] as? String)
            let ids = try #require(started["cards"] as? [[String: Any]]).map { Int64($0["id"] as! Int) }
            let items = try ids.map { try fixture.item($0) }
            #expect(try await client.send(.get, "/media/\(ids[0])?side=640").status == .ok)
            let kept = try await client.send(.post, "/api/v1/rounds/\(round)/decisions", json: #"{"card":\#(ids[0]),"decision":"keep"}"#)
            #expect(kept.status == .ok)
            try await waitUntil { previews.holdsPreview(of: items[4], side: 640) }
            #expect(!previews.holdsPreview(of: items[4]), "made at the phone's size, not also at 1,600 px")
        }
    }

    /// A file changed on disk after its preview was made ahead is never shown as it was: the request
    /// re-checks the file (404: the card was dealt as the old version, which the round cannot move
    /// either), and after a rescan the new version is decoded.
    @Test func aPreviewMadeAheadIsNotServedForAFileChangedSince() async throws {
        let fixture = try WebFixture(extraScreenshots: 1)
        let previews = fixture.app.previews
        try await fixture.test { client in
            let started = try await client.send(.post, "/api/v1/rounds", json: #"{"boss":"screenshots"}"#).object
            let first = try #require(started["current"] as? Int)
            let item = try fixture.item(Int64(first))
            try await waitUntil { previews.holdsPreview(of: item) }
            let before = try await client.send(.get, "/media/\(first)")
            #expect(before.status == .ok)

            // Another picture now under the same name (the same folder's other PNG).
            let path = try #require(item.rawPath.exactString)
            let other = try #require(["Screenshot_20260227-083000.png", "Screenshot_20251130-224512.png"]
                .map { fixture.root + "/phone/Pictures/Screenshots/" + $0 }.first { $0 != path })
            try Data(contentsOf: URL(fileURLWithPath: other)).write(to: URL(fileURLWithPath: path))
            let changed = try await client.send(.get, "/media/\(first)")
            #expect(changed.status == .notFound && changed.error?.contains("changed or left since it was indexed") == true)

            let round = try #require(started["round"] as? String)
            _ = try await client.send(.post, "/api/v1/rounds/\(round)/decisions", json: #"{"card":null,"decision":"quit"}"#)
            #expect(try await client.send(.post, "/api/v1/rounds/\(round)/confirm", json: #"{"yes":false}"#).status == .ok)
            try fixture.rescan()
            let after = try await client.send(.get, "/media/\(first)")
            #expect(after.status == .ok)
            #expect(Array(after.body.readableBytesView) != Array(before.body.readableBytesView), "the new picture, not the old one")
            #expect(previews.timesMade(Int64(first)) == 2)
        }
    }

    /// A computer's previews and a phone's, asked for at once, are kept per size: filling the phone's
    /// size does not evict the computer's (one shared LRU of one entry did).
    @Test func eachSizeKeepsItsOwnPreviews() async throws {
        let fixture = try WebFixture()
        let a = try fixture.item(try fixture.itemID("DCIM/Camera/IMAG0042.jpg"))
        let b = try fixture.item(try fixture.itemID("Backup/IMG_20190714_183512.jpg"))
        let cache = PreviewCache(capacity: 1)
        let make: @Sendable () throws -> [UInt8] = { [0xFF, 0xD8, 0xFF] }
        _ = try await cache.cached(a, kind: PreviewCache.kind(1_600), make: make)
        _ = try await cache.cached(a, kind: PreviewCache.kind(640), make: make)
        _ = try await cache.cached(b, kind: PreviewCache.kind(640), make: make)
        #expect(cache.holdsPreview(of: a, side: 1_600), "the computer's preview stays")
        #expect(cache.holdsPreview(of: b, side: 640) && !cache.holdsPreview(of: a, side: 640), "the phone's size keeps its latest")
    }

    /// Two requests for a preview being made: the second waits for the first's decode.
    @Test func aPreviewBeingMadeIsWaitedForNotMadeTwice() async throws {
        let fixture = try WebFixture()
        let item = try fixture.item(try fixture.itemID("DCIM/Camera/IMAG0042.jpg"))
        let cache = PreviewCache()
        let gate = DispatchSemaphore(value: 0)
        let calls = Counter()
        let make: @Sendable () throws -> [UInt8] = {
            calls.add()
            _ = gate.wait(timeout: .now() + 10)
            return [0xFF, 0xD8, 0xFF]
        }
        async let first = cache.cached(item, kind: "preview", make: make)
        async let second = cache.cached(item, kind: "preview", make: make)
        try await waitUntil { cache.waiting == 2 }
        gate.signal()
        let (a, b) = try await (first, second)
        #expect(a == [0xFF, 0xD8, 0xFF] && b == a)
        #expect(calls.value == 1 && cache.timesMade(item.id!) == 1)
        #expect(try await cache.cached(item, kind: "preview", make: make) == a && calls.value == 1, "then from memory")
    }
}

/// Polls `condition` until it holds (10 s at most: a loaded machine decodes slowly).
func waitUntil(_ condition: () -> Bool) async throws {
    let deadline = ContinuousClock.now + .seconds(10)
    while !condition() {
        try #require(ContinuousClock.now < deadline, "timed out")
        try await Task.sleep(for: .milliseconds(10))
    }
}

final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    var value: Int { lock.lock(); defer { lock.unlock() }; return count }
    func add() { lock.lock(); count += 1; lock.unlock() }
}
