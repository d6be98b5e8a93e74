import Foundation
import HummingbirdTesting
import Testing

/// Wave 5's confirmation, clock and settings under `/api/v1`: a file taken out of the batch stays (and counts
/// as kept), the round's clock stands still while two copies are compared, and the Settings page's keys are
/// written to the file `clean config set` writes.
@Suite struct ConfirmExceptAPITests {
    /// Every screenshot deleted, one taken out at the confirmation: the others reach the trash, that one stays
    /// and is counted kept; an id outside the batch is 400 and nothing moves.
    @Test func aCardTakenOutOfTheBatchStaysAndCountsAsKept() async throws {
        let fixture = try WebFixture()
        try await fixture.test { client in
            let started = try await client.send(.post, "/api/v1/rounds", json: #"{"boss":"screenshots"}"#).object
            let round = try #require(started["round"] as? String)
            var current = started["current"] as? Int
            while let card = current {
                current = try await client.send(.post, "/api/v1/rounds/\(round)/decisions", json: #"{"card":\#(card),"decision":"delete"}"#)
                    .object["current"] as? Int
            }
            let batch = try await client.send(.get, "/api/v1/rounds/\(round)/batch").object
            let cards = try #require(batch["cards"] as? [[String: Any]])
            #expect(cards.count >= 3)
            let out = cards[1]["id"] as! Int
            let stranger = try await client.send(.post, "/api/v1/rounds/\(round)/confirm", json: #"{"yes":true,"except":[999999]}"#)
            #expect(stranger.status == .badRequest && stranger.error?.contains("not in this round's batch") == true)
            let report = try await client.send(.post, "/api/v1/rounds/\(round)/confirm", json: #"{"yes":true,"except":[\#(out)]}"#).object
            #expect(report["confirmed"] as? Bool == true && report["deleted"] as? Int == cards.count - 1 && report["kept"] as? Int == 1)
            let trash = try await client.send(.get, "/api/v1/trash").array
            let paths = trash.compactMap { $0["originalPath"] as? String }
            let kept = (cards[1]["folder"] as! String) + "/" + (cards[1]["name"] as! String)
            #expect(trash.count == cards.count - 1 && !paths.contains(kept), "\(paths)")
            #expect(FileManager.default.fileExists(atPath: kept))
        }
    }

    /// The comparison open for two minutes costs the round none of its sixty seconds.
    @Test func theClockStandsStillWhileTwoCopiesAreCompared() async throws {
        let now = TestClock()
        let fixture = try WebFixture(clock: now)
        try await fixture.test { client in
            let started = try await client.send(.post, "/api/v1/rounds", json: #"{"boss":null}"#).object
            let round = try #require(started["round"] as? String)
            now.set(seconds: 10)
            let paused = try await client.send(.post, "/api/v1/rounds/\(round)/clock", json: #"{"paused":true}"#).object
            #expect(paused["paused"] as? Bool == true && paused["secondsLeft"] as? Double == 50)
            now.set(seconds: 130)
            let resumed = try await client.send(.post, "/api/v1/rounds/\(round)/clock", json: #"{"paused":false}"#).object
            #expect(resumed["paused"] as? Bool == false && resumed["secondsLeft"] as? Double == 50 && resumed["over"] as? Bool == false)
            _ = try await client.send(.post, "/api/v1/rounds/\(round)/confirm", json: #"{"yes":false}"#)
        }
    }

    /// The default is no limits; the page sets the free tier and a limit, then a theme, in the user's config file;
    /// a key the page does not show, or a value out of range, is 400 and the file is as it was.
    @Test func theSettingsPageWritesTheConfigFile() async throws {
        let fixture = try WebFixture()
        let file = fixture.root + "/config/swipeclean/config.toml"
        try await fixture.test { client in
            let settings = try await client.send(.get, "/api/v1/settings").object
            #expect(settings["tier"] as? String == "pro" && settings["theme"] as? String == "system" && settings["file"] as? String == file)
            let tiers = try #require(settings["tiers"] as? [String: [String: Any]])
            #expect(tiers["free"]?["swipeSecondsPerDay"] as? Int == 300 && tiers["pro"]?["swipeSecondsPerDay"] is NSNull)
            _ = try await client.send(.post, "/api/v1/settings", json: #"{"key":"player.tier","value":"free"}"#)
            let set = try await client.send(.post, "/api/v1/settings", json: #"{"key":"game.tiers.free.swipe_seconds_per_day","value":600}"#).object
            #expect(set["tier"] as? String == "free" && (set["tiers"] as? [String: [String: Any]])?["free"]?["swipeSecondsPerDay"] as? Int == 600)
            _ = try await client.send(.post, "/api/v1/settings", json: #"{"key":"web.theme","value":"light"}"#)
            _ = try await client.send(.post, "/api/v1/settings", json: #"{"key":"quality.bad_shots","value":false}"#)
            let written = try String(contentsOfFile: file, encoding: .utf8)
            #expect(written.contains("tier = \"free\"") && written.contains("swipe_seconds_per_day = 600") && written.contains("theme = \"light\"")
                    && written.contains("bad_shots = false"), "\(written)")
            let hidden = try await client.send(.post, "/api/v1/settings", json: #"{"key":"trash.directory","value":"/tmp"}"#)
            #expect(hidden.status == .badRequest)
            let wrong = try await client.send(.post, "/api/v1/settings", json: #"{"key":"quality.strictness","value":9}"#)
            #expect(wrong.status == .badRequest && wrong.error?.contains("quality.strictness") == true)
            #expect(try String(contentsOfFile: file, encoding: .utf8) == written)
            let page = try await client.send(.get, "/settings", bearer: nil)
            #expect(page.text.contains("data-theme=\"light\""))
        }
    }
}
