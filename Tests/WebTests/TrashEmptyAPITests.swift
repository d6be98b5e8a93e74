import Foundation
import HummingbirdTesting
import Testing
@testable import Web

/// The trash is emptied from its page, without `clean trash empty`: the page names the files in its
/// question and the answer deletes exactly those, for good; anything else is refused and deletes nothing.
@Suite struct TrashEmptyAPITests {
    /// Plays the screenshots boss deleting its first card and confirms: the trash's entries.
    static func oneInTheTrash(_ client: any TestClientProtocol) async throws -> [[String: Any]] {
        let started = try await client.send(.post, "/api/v1/rounds", json: #"{"boss":"screenshots"}"#).object
        let round = try #require(started["round"] as? String)
        let card = try #require(started["current"] as? Int)
        _ = try await client.send(.post, "/api/v1/rounds/\(round)/decisions", json: #"{"card":\#(card),"decision":"delete"}"#)
        let report = try await client.send(.post, "/api/v1/rounds/\(round)/confirm", json: #"{"yes":true}"#).object
        #expect(report["deleted"] as? Int == 1)
        return try await client.send(.get, "/api/v1/trash").array
    }

    @Test func theFilesThePageNamedAreDeletedForGood() async throws {
        let fixture = try WebFixture()
        try await fixture.test { client in
            let trash = try await Self.oneInTheTrash(client)
            #expect(trash.count == 1)
            let id = try #require(trash.first?["id"] as? Int)
            let size = try #require(trash.first?["size"] as? Int)
            for body in [#"{"ids":[]}"#, #"{}"#, #"{"ids":["1; rm"]}"#, #"{"ids":[1.5]}"#] {
                #expect(try await client.send(.post, "/api/v1/trash/empty", json: body).status == .badRequest, "\(body)")
            }
            #expect(try await client.send(.get, "/api/v1/trash").array.count == 1, "a refused request deletes nothing")
            // Not while a round is in play (it holds the one-mover lock): 409, nothing deleted.
            let playing = try await client.send(.post, "/api/v1/rounds", json: #"{"boss":"old"}"#).object
            let busy = try await client.send(.post, "/api/v1/trash/empty", json: #"{"ids":[\#(id)]}"#)
            #expect(busy.status == .conflict && busy.text.contains("a round is in play"))
            let round = try #require(playing["round"] as? String)
            _ = try await client.send(.post, "/api/v1/rounds/\(round)/decisions", json: #"{"card":null,"decision":"quit"}"#)
            _ = try await client.send(.post, "/api/v1/rounds/\(round)/confirm", json: #"{"yes":false}"#)
            #expect(try await client.send(.get, "/api/v1/trash").array.count == 1)
            // An id no longer in the trash (or never in it) is passed over.
            let emptied = try await client.send(.post, "/api/v1/trash/empty", json: #"{"ids":[\#(id), 999999]}"#)
            #expect(emptied.status == .ok)
            #expect(emptied.object["purged"] as? Int == 1 && emptied.object["bytesPurged"] as? Int == size)
            #expect(try await client.send(.get, "/api/v1/trash").array.isEmpty)
            let restore = try await client.send(.post, "/api/v1/trash/restore", json: #"{"ids":[\#(id)]}"#).object
            #expect((restore["restored"] as? [Any])?.isEmpty == true, "gone for good, not restorable")
            let report = try await client.send(.get, "/api/v1/report").object
            #expect(report["filesDeleted"] as? Int == 1, "the report still counts what was freed")
            let again = try await client.send(.post, "/api/v1/trash/empty", json: #"{"ids":[\#(id)]}"#)
            #expect(again.status == .ok && again.object["purged"] as? Int == 0)
        }
    }
}
