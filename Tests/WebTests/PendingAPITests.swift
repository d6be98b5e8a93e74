import Foundation
import HummingbirdTesting
import Testing
@testable import Web

/// A batch left with "Not now" is settled from the home page, without `clean pending`: listed with its
/// boss's title, size and files, moved to the trash or dropped, once.
@Suite struct PendingAPITests {
    /// Plays the screenshots boss deleting its first card, answers "Not now": the round's number.
    static func notNow(_ client: any TestClientProtocol) async throws -> Int {
        let started = try await client.send(.post, "/api/v1/rounds", json: #"{"boss":"screenshots"}"#).object
        let round = try #require(started["round"] as? String)
        let card = try #require(started["current"] as? Int)
        _ = try await client.send(.post, "/api/v1/rounds/\(round)/decisions", json: #"{"card":\#(card),"decision":"delete"}"#)
        let report = try await client.send(.post, "/api/v1/rounds/\(round)/confirm", json: #"{"yes":false}"#).object
        #expect(report["confirmed"] as? Bool == false && report["pending"] as? Bool == true)
        return try #require(report["round"] as? Int, "the number clean pending lists it by")
    }

    @Test func aBatchLeftWithNotNowIsListedAndMovedFromTheHomePage() async throws {
        let fixture = try WebFixture()
        try await fixture.test { client in
            #expect(try await client.send(.get, "/api/v1/pending").array.isEmpty)
            let round = try await Self.notNow(client)
            let pending = try await client.send(.get, "/api/v1/pending").array
            #expect(pending.count == 1)
            let batch = try #require(pending.first)
            #expect(batch["round"] as? Int == round && batch["title"] as? String == "The Screenshot Purge" && batch["files"] as? Int == 1)
            let path = try #require((batch["toDelete"] as? [String])?.first)
            #expect(FileManager.default.fileExists(atPath: path), "nothing moved yet")
            #expect((batch["bytes"] as? Int ?? 0) > 0)

            let moved = try await client.send(.post, "/api/v1/pending/\(round)", json: #"{"yes":true}"#)
            #expect(moved.status == .ok && moved.object["deleted"] as? Int == 1 && moved.object["confirmed"] as? Bool == true)
            #expect(!FileManager.default.fileExists(atPath: path), "moved to the trash")
            #expect(try await client.send(.get, "/api/v1/pending").array.isEmpty)
            let again = try await client.send(.post, "/api/v1/pending/\(round)", json: #"{"yes":true}"#)
            #expect(again.status == .notFound, "once")
            let trash = try await client.send(.get, "/api/v1/trash").text
            #expect(trash.contains((path as NSString).lastPathComponent))
        }
    }

    @Test func aDroppedBatchMovesNothing() async throws {
        let fixture = try WebFixture()
        try await fixture.test { client in
            let round = try await Self.notNow(client)
            let path = try #require((try await client.send(.get, "/api/v1/pending").array.first?["toDelete"] as? [String])?.first)
            #expect(try await client.send(.post, "/api/v1/pending/\(round)", json: #"{"maybe":1}"#).status == .badRequest)
            let dropped = try await client.send(.post, "/api/v1/pending/\(round)", json: #"{"yes":false}"#)
            #expect(dropped.status == .ok && dropped.object["deleted"] as? Int == 0)
            #expect(FileManager.default.fileExists(atPath: path))
            #expect(try await client.send(.get, "/api/v1/pending").array.isEmpty)
        }
    }
}
