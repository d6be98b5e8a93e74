import Foundation
import HummingbirdTesting
import Testing
import TestSupport
@testable import Web

/// The `/api/v1` documents' fields, types and `null`s pinned in `Golden/api-documents.txt`: a field renamed,
/// dropped or retyped fails here (scripts and the pages read them). A contract extended on purpose is
/// written again with `SWIPECLEAN_WRITE_GOLDEN=1 swift test --filter DocumentShapeTests` and the diff read.
@Suite struct DocumentShapeTests {
    static let golden = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden/api-documents.txt").path

    @Test func everyDocumentKeepsItsFields() async throws {
        let fixture = try WebFixture(clock: TestClock(), freeTier: true)
        let documents = DocumentsSeen()
        try await fixture.test { client in
            func get(_ name: String, _ uri: String) async throws -> TestResponse {
                let answer = try await client.send(.get, uri)
                #expect(answer.status == .ok, "\(uri): \(answer.text)")
                try documents.add(name, answer.text)
                return answer
            }
            func post(_ name: String, _ uri: String, _ json: String) async throws -> TestResponse {
                let answer = try await client.send(.post, uri, json: json)
                #expect(answer.status == .ok || answer.status == .created, "\(uri): \(answer.text)")
                try documents.add(name, answer.text)
                return answer
            }
            _ = try await get("profile", "/api/v1/profile")
            _ = try await get("home", "/api/v1/home")
            _ = try await get("bosses", "/api/v1/bosses")
            _ = try await get("scan", "/api/v1/scan")
            _ = try await get("roundsCurrent.none", "/api/v1/rounds/current")

            // A duplicates battle: a group card deleted, one kept, confirmed.
            let battle = try await post("rounds.started", "/api/v1/rounds", #"{"boss":"duplicates"}"#).object
            let round = try #require(battle["round"] as? String)
            let cards = try #require(battle["cards"] as? [[String: Any]])
            _ = try await get("roundsCurrent", "/api/v1/rounds/current")
            _ = try await post("decision", "/api/v1/rounds/\(round)/decisions", #"{"card":\#(cards[0]["id"] as! Int),"decision":"delete"}"#)
            _ = try await post("decision", "/api/v1/rounds/\(round)/decisions", #"{"card":null,"decision":"undo"}"#)
            _ = try await post("decision", "/api/v1/rounds/\(round)/decisions", #"{"card":\#(cards[0]["id"] as! Int),"decision":"delete"}"#)
            _ = try await post("decision", "/api/v1/rounds/\(round)/decisions", #"{"card":\#(cards[1]["id"] as! Int),"decision":"keep"}"#)
            _ = try await get("batch", "/api/v1/rounds/\(round)/batch")
            _ = try await post("confirmed", "/api/v1/rounds/\(round)/confirm", #"{"yes":true}"#)

            // A round of screenshots left pending ("Not now"), then settled from the home page.
            let second = try await post("rounds.started", "/api/v1/rounds", #"{"boss":null}"#).object
            let secondRound = try #require(second["round"] as? String)
            let first = try #require((second["cards"] as? [[String: Any]])?.first?["id"] as? Int)
            _ = try await post("decision", "/api/v1/rounds/\(secondRound)/decisions", #"{"card":\#(first),"decision":"delete"}"#)
            _ = try await post("decision", "/api/v1/rounds/\(secondRound)/decisions", #"{"card":null,"decision":"quit"}"#)
            _ = try await post("notNow", "/api/v1/rounds/\(secondRound)/confirm", #"{"yes":false}"#)
            _ = try await get("pending", "/api/v1/pending")
            let pending = try #require(try fixture.pendingRounds().first?.id)
            _ = try await post("pendingSettled", "/api/v1/pending/\(pending)", #"{"yes":true}"#)

            let trash = try await get("trash", "/api/v1/trash").array
            _ = try await get("report", "/api/v1/report")
            let ids = trash.compactMap { $0["id"] as? Int }
            #expect(ids.count == 2, "a copy from the battle and a screenshot from the round: \(trash)")
            _ = try await post("restored", "/api/v1/trash/restore", #"{"ids":[\#(ids[0])]}"#)
            _ = try await post("emptied", "/api/v1/trash/empty", #"{"ids":[\#(ids[1])]}"#)
            _ = try await post("link", "/api/v1/links", "{}")
        }
        if let difference = try documents.shape.check(against: Self.golden) { Issue.record(Comment(rawValue: difference)) }
    }
}

/// The documents a test saw, by name (a reference: the test client's closure is `@Sendable`).
final class DocumentsSeen: @unchecked Sendable {
    private let lock = NSLock()
    private var seen = DocumentShape()

    func add(_ name: String, _ text: String) throws { try lock.withLock { try seen.add(name, json: text) } }
    var shape: DocumentShape { lock.withLock { seen } }
}
