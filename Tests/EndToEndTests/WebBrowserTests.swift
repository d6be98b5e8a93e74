import Foundation
import Testing

/// `clean web` in a real browser: `Tests/Browser/web_play.py` starts the built binary on the phone
/// fixture, checks the server's refusals on its socket, and plays a round in headless Chromium
/// through Selenium (keys, a long drag that deletes, a short one that springs back, the
/// confirmation), then checks the trash on disk, the profile's XP and the page's. Without
/// chromium, chromium-driver or python3-selenium it fails with the command that installs them.
@Suite(.serialized) struct WebBrowserTests {
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    @Test func aRoundPlayedInChromiumLandsInTheTrashAndTheProfile() throws {
        let python = "/usr/bin/python3"
        try #require(FileManager.default.isExecutableFile(atPath: python),
                     "Debian's python3 is missing: sudo apt-get install -y python3 python3-selenium chromium chromium-driver (or make setup)")
        let shots = Self.packageRoot.appendingPathComponent(".build/web-screenshots").path
        let process = Process()
        process.executableURL = URL(fileURLWithPath: python)
        process.arguments = [Self.packageRoot.appendingPathComponent("Tests/Browser/web_play.py").path, CleanBinary.executable.path, shots]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "\(text)")
        for name in ["play.png", "round-end.png", "phone-play.png"] {
            #expect(FileManager.default.fileExists(atPath: shots + "/" + name), "screenshot \(name)")
        }
    }

    /// `Tests/Browser/web_round_end.py`: the level-up and freeze celebrations of a round end set up
    /// over three days, a video Chromium cannot play (HEVC) shown by its poster frame, and skip
    /// (the `s` key and the button) dealing the cards again in the next round.
    @Test func celebrationsPosterFramesAndSkipInChromium() throws {
        let shots = Self.packageRoot.appendingPathComponent(".build/web-screenshots").path
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments = [Self.packageRoot.appendingPathComponent("Tests/Browser/web_round_end.py").path, CleanBinary.executable.path, shots]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "\(text)")
        for name in ["celebrations.png", "poster.png"] {
            #expect(FileManager.default.fileExists(atPath: shots + "/" + name), "screenshot \(name)")
        }
    }
}
