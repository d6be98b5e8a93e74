import Foundation
import Testing

/// `clean web` in a real browser: the scripts in `Tests/Browser` start the built binary on the
/// phone fixture and drive headless Chromium through Selenium (their shared start-up is
/// `browser_session.py`). Without chromium, chromium-driver or python3-selenium they fail with the
/// command that installs them.
@Suite(.serialized) struct WebBrowserTests {
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// `web_play.py` checks web.json and the server's refusals on its socket, signs in with the link
    /// (no cookie), resumes the round in a second tab and after a reload, and plays it (keys, a long
    /// drag that deletes, a short one that springs back, the confirmation), then checks the trash on
    /// disk, the profile's XP and the page's.
    @Test func aRoundPlayedInChromiumLandsInTheTrashAndTheProfile() throws {
        try Self.runBrowserScript("web_play.py", screenshots: ["play.png", "round-end.png", "phone-play.png"])
    }

    /// `web_round_end.py`: the level-up and freeze celebrations of a round end set up over three
    /// days, a video Chromium cannot play (HEVC) shown by its poster frame, and skip (the `s` key and
    /// the button) dealing the cards again in the next round.
    @Test func celebrationsPosterFramesAndSkipInChromium() throws {
        try Self.runBrowserScript("web_round_end.py", screenshots: ["celebrations.png", "poster.png"])
    }

    /// `web_keys.py`: another program's server on another port records what the signed-in browser
    /// sends it and replays it (refused); the sign-in link used twice (a page saying how to get a new
    /// one, and `clean web link`'s new link, good once); a video swapped for a link; a change from
    /// another origin; the security headers on errors; 2,000 idle connections held while the player
    /// is answered; web.json 0600, gone after SIGTERM.
    @Test func nothingAnotherProgramTakesFromTheBrowserOrTheLinkDrivesTheServer() throws {
        try Self.runBrowserScript("web_keys.py", screenshots: ["signin-refused.png", "signed-out.png"])
    }

    /// `web_localhost.py` (no browser): `localhost` and [::1] on the built binary. [::1] free: both
    /// addresses served, `Host: localhost` answered over either, a Bearer request over [::1], a change
    /// from http://localhost:PORT; [::1]:N held before `clean web --port N`: one warning on stderr and
    /// `Host: localhost` a 421 naming the 127.0.0.1 link; no IPv6 loopback (a network namespace of its
    /// own): `localhost` answered.
    @Test func localhostIsThisServerOnlyWhereNoOneElseCanBeBehindIt() throws {
        try Self.runBrowserScript("web_localhost.py", screenshots: [])
    }

    /// `web_groups.py`: a group of three copies as one card with a strip; keys mark and unmark, the
    /// comparison draws two copies at the same size and zooms them together, ← deletes the unmarked
    /// (only copies one and two reach the trash), and at 390 px the strip scrolls within the card, the card's
    /// words fold to one line (a tap unfolds them), the counter counts cards and the keep button names its pane.
    @Test func aGroupCardKeepsTheCopiesMarkedInTheBrowser() throws {
        try Self.runBrowserScript("web_groups.py", screenshots: ["group-card.png", "group-compare.png", "phone-group-card.png", "phone-group-card-open.png"])
    }

    /// `web_compare.py`: the comparison fits a photo and its half-size copy to their panes at the same size
    /// (1280 and 390 px), `1` shows both at their pixel size and back; a photo stored turned (EXIF
    /// orientation 6) gets a portrait card, its upright size and upright `srcset` widths.
    @Test func theComparisonShowsTwoCopiesAtOneSizeAndATurnedPhotoStandsUp() throws {
        try Self.runBrowserScript("web_compare.py", screenshots: ["compare-fitted.png", "compare-actual.png", "phone-compare-fitted.png", "turned-photo.png"])
    }

    /// `web_bad_shots.py`: The Blur Hunter on Fixtures/quality and Fixtures/burst; each card says why in words, one of
    /// each kind (out of focus or shaken, dark, washed out, taken by accident, blurry beside its neighbours) screenshot.
    @Test func theBadShotsBossSaysWhyOnEachCard() throws {
        try Self.runBrowserScript("web_bad_shots.py", screenshots: ["web-bad-shot-blurry.png", "web-bad-shot-dark.png", "web-bad-shot-overexposed.png",
                                                                  "web-bad-shot-accidental.png", "web-bad-shot-burst.png"])
    }

    /// `web_home_report.py` (issue 49, points 6 and 7): this week's boss on the home page, with its story and a Fight button
    /// that deals it, the suggestion a link built from the home's data, and the report page's row for every category (the
    /// bad shots deleted among them), at 1280×800 and 390×844, neither page scrolling sideways.
    @Test func theHomeShowsTheWeeklyBossAndTheReportTheBadShots() throws {
        try Self.runBrowserScript("web_home_report.py", screenshots: ["home-weekly-desktop.png", "home-weekly-phone.png",
                                                                     "report-bad-shots-desktop.png", "report-bad-shots-phone.png"])
    }

    /// `web_phone.py`: `clean web --phone --address 127.0.0.2` with Chromium's mobile emulation and
    /// touch as the phone: the Phone line and its QR code (decoded with zbarimg), 401 before pairing
    /// and 421 for a foreign Host, the link pairs once, a card swiped left by touch lands in the
    /// trash, five wrong codes close pairing to that device only, the page renews its short-lived secret, the typed code pairs, `r` unpairs, public and 0.0.0.0
    /// addresses refused.
    @Test func aPhonePairsOnceAndSwipesACardIntoTheTrash() throws {
        try Self.runBrowserScript("web_phone.py", screenshots: ["phone-pair-home.png", "phone-swipe.png", "phone-unpaired.png"])
    }

    /// `web_folders.py`: on a fresh home with XDG_* unset and nothing scanned, the home page offers the
    /// Pictures folder in one click and a folder browser; both scan from the page and are remembered.
    @Test func theFirstFolderIsAddedFromThePage() throws {
        try Self.runBrowserScript("web_folders.py", screenshots: ["first-folder.png", "phone-first-folder.png", "folder-browser.png"])
    }

    /// `web_pages.py`: what a player without a command line meets: the boss's own title in the header,
    /// the undos left on the undo button, `dkdkdd` typed at once recording six decisions, a page for an
    /// unknown address, and "Lost connection to SwipeClean" (the clock stopped) when the server stops.
    @Test func noCommandLineIsNeededInThePages() throws {
        try Self.runBrowserScript("web_pages.py", screenshots: ["not-found.png", "lost-connection.png"])
    }

    /// `web_everyone.py` (issue 49), at 1280×800 and 390×844: the first step on an empty library, no limits by default and
    /// the Settings page writing the config file, the decision made as the allowance ends kept, copies told apart, the
    /// batch a tap edits, TIFF and undecodable cards, the clock paused while comparing, the video's controls, the
    /// drag threshold and the photo's share of the screen, the phone offering nothing it cannot do, and axe-core's
    /// 0 violations on every page in light and in dark.
    @Test func theWebAppASwipeAppUserKeeps() throws {
        try Self.runBrowserScript("web_everyone.py", screenshots: ["first-run.png", "phone-first-run.png", "group-card.png", "phone-card.png",
                                                                 "confirm-out.png", "video-card.png", "report.png", "light-theme.png"])
    }

    /// `web_videos.py` (issue 51), at 1280×800 and 390×844: a similar-video group card (an original, its trimmed copy
    /// and its HEVC export), the original suggested and marked; the comparison plays two side by side (stacked on a
    /// phone) from one set of controls, the trimmed copy at the moment the alignment says (2.6 s behind), a scrub
    /// moving both, each copy's place, length, frame size, bitrate and size under it; ← deletes the copies not kept,
    /// the original stays.
    @Test func twoCopiesOfAVideoPlaySideBySide() throws {
        try Self.runBrowserScript("web_videos.py", screenshots: ["video-group-card.png", "video-compare.png", "video-compare-hevc.png", "phone-video-compare.png"])
    }

    /// Runs `Tests/Browser/NAME` on the built binary: it must exit 0 (its output is the failure
    /// message otherwise) and leave `screenshots` in `.build/web-screenshots`.
    static func runBrowserScript(_ name: String, screenshots: [String]) throws {
        let shots = packageRoot.appendingPathComponent(".build/web-screenshots").path
        for screenshot in screenshots { try? FileManager.default.removeItem(atPath: shots + "/" + screenshot) }   // not an earlier run's
        try PythonScript.run("Tests/Browser/" + name, [CleanBinary.executable.path, shots], within: 600)
        for screenshot in screenshots {
            #expect(FileManager.default.fileExists(atPath: shots + "/" + screenshot), "\(name) left no screenshot \(screenshot)")
        }
    }
}
