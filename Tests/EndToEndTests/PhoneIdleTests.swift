import Foundation
import Testing

/// `clean web --phone` serves the home network only while it is used: after its idle limit without a
/// request it stops by itself, says why, and leaves no web.json (the limit is 30 minutes; a test sets
/// `SWIPECLEAN_PHONE_IDLE_SECONDS`).
@Suite struct PhoneIdleTests {
    @Test func thePhoneServerStopsAfterItsIdleLimit() throws {
        var clean = try CleanBinary()
        defer { clean.removeHome() }
        clean.environment["SWIPECLEAN_PHONE_IDLE_SECONDS"] = "2"
        let started = Date()
        let run = try clean.run(["web", "--no-open", "--phone", "--address", "127.0.0.2"], input: "")
        let seconds = Date().timeIntervalSince(started)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.hasPrefix("Open http://127.0.0.1:") && run.stdout.contains("\nPhone http://127.0.0.2:"), "\(run.stdout)")
        #expect(run.stderr.contains("no request for 2 seconds: stopping"), "\(run.stderr)")
        #expect(seconds >= 2 && seconds < 20, "stopped after \(seconds) s")
        #expect(!FileManager.default.fileExists(atPath: clean.home + "/state/web.json"))
    }
}
