import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing
@testable import Web

/// An error says what went wrong and what to do, and repeats nothing the request sent (issue 52: a
/// round id, a folder path, a trash id came back in error bodies): every place a request's input
/// reaches carries a marker here, and no answer with an error status contains it.
@Suite struct ErrorWordsTests {
    static let marker = "zq7marker", number = "987654321"

    @Test func noErrorRepeatsTheRequest() async throws {
        let fixture = try WebFixture()
        let (m, n) = (Self.marker, Self.number)
        let requests: [(HTTPRequest.Method, String, String?)] = [
            (.post, "/api/v1/rounds", #"{"boss": "\#(m)"}"#),
            (.post, "/api/v1/rounds/\(m)/decisions", #"{"card": \#(n), "decision": "keep"}"#),
            (.post, "/api/v1/rounds/\(m)/confirm", #"{"yes": false}"#),
            (.get, "/api/v1/rounds/\(m)/batch", nil),
            (.post, "/api/v1/trash/restore", #"{"ids": ["\#(m)"]}"#),
            (.post, "/api/v1/pending/\(n)", #"{"yes": false}"#),
            (.post, "/api/v1/pending/\(m)", #"{"yes": false}"#),
            (.post, "/api/v1/phones/revoke", #"{"id": \#(n)}"#),
            (.get, "/api/v1/folders?under=/\(m)", nil),
            (.get, "/api/v1/folders?under=\(m)", nil),
            (.post, "/api/v1/scan", #"{"folders": ["/\#(m)"]}"#),
            (.get, "/media/\(n)", nil),
            (.get, "/media/\(m)?side=\(n)", nil),
            (.get, "/media/trash/\(n)", nil),
            (.get, "/api/v1/\(m)", nil),
            (.get, "/\(m)/\(n)", nil),
        ]
        try await fixture.test { client in
            // A round in play, so that a wrong card or decision is judged against a real one.
            let round = try #require(try await client.send(.post, "/api/v1/rounds", json: #"{"boss": null}"#).object["round"] as? String)
            let inRound: [(HTTPRequest.Method, String, String?)] = [
                (.post, "/api/v1/rounds/\(round)/decisions", #"{"card": \#(n), "decision": "keep"}"#),
                (.post, "/api/v1/rounds/\(round)/decisions", #"{"card": null, "decision": "\#(m)"}"#),
            ]
            for (method, uri, body) in requests + inRound {
                let answer = try await client.send(method, uri, json: body)
                #expect(answer.status.code >= 400, "\(method) \(uri) is refused (\(answer.status))")
                #expect(!answer.text.contains(m) && !answer.text.contains(n), "\(method) \(uri): \(answer.text)")
            }
        }
    }
}
