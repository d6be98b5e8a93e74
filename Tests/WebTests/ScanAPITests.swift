import Foundation
import HummingbirdTesting
import Testing
@testable import Web

/// The folders scanned before are scanned again from the pages (a phone has no command line): the page
/// sees the folders, starts the scan, follows its progress, and the index holds what changed; never
/// while a round is in play, and no round while it runs.
@Suite struct ScanAPITests {
    /// Polls `GET /api/v1/scan` until the scan has finished (at most 60 s): its last state.
    static func finished(_ client: any TestClientProtocol) async throws -> [String: Any] {
        for _ in 0..<600 {
            let state = try await client.send(.get, "/api/v1/scan").object
            if state["running"] as? Bool == false { return state }
            try await Task.sleep(for: .milliseconds(100))
        }
        Issue.record("the scan did not finish in 60 s")
        return [:]
    }

    @Test func theKnownFoldersAreScannedAgainFromThePage() async throws {
        let fixture = try WebFixture()
        try await fixture.test { client in
            let before = try await client.send(.get, "/api/v1/scan").object
            #expect(before["running"] as? Bool == false && before["last"] == nil)
            #expect(before["folders"] as? [String] == [fixture.root + "/phone"])
            // A photo arrives in the folder after the scan, and one leaves.
            try FileManager.default.copyItem(atPath: fixture.root + "/phone/DCIM/Camera/IMAG0042.jpg", toPath: fixture.root + "/phone/DCIM/Camera/new.jpg")
            try FileManager.default.removeItem(atPath: fixture.root + "/phone/Backup/IMG_20190714_183512.jpg")
            let started = try await client.send(.post, "/api/v1/scan", json: "{}")
            #expect(started.status == .accepted && started.object["scanning"] as? [String] == [fixture.root + "/phone"])
            let state = try await Self.finished(client)
            let last = try #require(state["last"] as? [String: Any], "\(state)")
            #expect(last["removed"] as? Int == 1 && (last["inspected"] as? Int ?? 0) >= 1, "\(last)")
            #expect(state["error"] == nil)
            #expect(try fixture.itemID("DCIM/Camera/new.jpg") > 0)
        }
    }

    @Test func noScanDuringARoundAndNoRoundDuringAScan() async throws {
        let fixture = try WebFixture()
        try await fixture.test { client in
            let started = try await client.send(.post, "/api/v1/rounds", json: #"{"boss":"old"}"#)
            #expect(started.status == .created)
            let refused = try await client.send(.post, "/api/v1/scan", json: "{}")
            #expect(refused.status == .conflict && refused.text.contains("a round is in play"))
            #expect(try await client.send(.get, "/api/v1/scan").object["running"] as? Bool == false)
        }
    }
}
