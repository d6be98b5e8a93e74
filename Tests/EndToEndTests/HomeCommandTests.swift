import Foundation
import Testing

@Suite struct HomeCommandTests {
    /// The next calendar week's first day as the binary counts it (weeks start on Calendar.firstWeekday).
    static var freezeRenewal: String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.locale = Locale.current
        // Monday 2 March 2026 is weekday 2; the week holding it starts firstWeekday days around it.
        let back = (2 - calendar.firstWeekday + 7) % 7
        let start = 2 - back + 7
        let weekdays = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
        return "\(weekdays[(calendar.firstWeekday - 1) % 7]) \(start) Mar"
    }

    @Test func aNewPlayerSeesTheWholeScreenAndNothingIsCreated() throws {
        let clean = try CleanBinary.atFixedTime()
        defer { clean.removeHome() }
        let run = try clean.run([])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.isEmpty)
        #expect(run.stdout == """
            Level 1 · Data Hoarder                                     Mon 2 Mar 2026, 19:30
            [░░░░░░░░░░░░░░░░░░░░░░░░]   0%  0 XP · 500 to go to level 2 Digital Declutterer

            Streak 0 days · longest 0 days   Freezes left 3 · back to 3 on \(Self.freezeRenewal)
              Tue  Wed  Thu  Fri  Sat  Sun  Mon    ■ played  ❄ frozen  · missed
               ·    ·    ·    ·    ·    ·    □     r rest    v vacation  □ today

            Challenges
              today  Play a round before 7 am            [░░░░░░░░░░]           0/1   +50 XP
              today  Delete 25 photos today              [░░░░░░░░░░]          0/25   +50 XP
              week   Fight 2 different bosses this week  [░░░░░░░░░░]           0/2  +200 XP
            Achievements 0 of 19 · clean achievements

            Bosses
              The Screenshot Purge [░░░░░░░░]     0/50  +500 XP                 screenshots
              Video Vault          [░░░░░░░░]     0/10  +500 XP                 videos
              Blast from the Past  [░░░░░░░░]    0/100  +500 XP                 old
              Double Trouble       [░░░░░░░░]     0/25  +500 XP                 duplicates
              Seeing Double        [░░░░░░░░]     0/50  +500 XP                 similar
              The Blur Hunter      [░░░░░░░░]     0/30  +500 XP                 bad-shots
              Scan a folder to see how many cards each boss can deal.

            Next: scan your Pictures folder: `clean scan`, or another: `clean scan DIR`.

            """)
        #expect(clean.filesUnderHome().isEmpty, "viewing the home screen wrote \(clean.filesUnderHome())")
    }

    /// On a new home and after a scan (issue 50: the new home's suggestion took 125 columns).
    @Test func everyLineFitsEightyColumns() throws {
        let clean = try CleanBinary.atFixedTime()
        defer { clean.removeHome() }
        let new = try clean.run([]).stdout
        try clean.run(["scan", try clean.copyOfTheFixtures(), "--quiet"])
        for line in try (new + clean.run([]).stdout).split(separator: "\n") {
            #expect(line.count <= 80, "\(line.count) columns: \(line)")
            #expect(!line.contains("\u{1B}"), "colour in a pipe: \(line)")
        }
    }

    @Test func afterAScanOfTheFixturesTheBiggestPileIsSuggestedAndBossesCountTheirCards() throws {
        let clean = try CleanBinary.atFixedTime()
        defer { clean.removeHome() }
        let scan = try clean.run(["scan", try clean.copyOfTheFixtures(), "--quiet"])
        #expect(scan.status == 0, "\(scan.stderr)")
        let screen = try clean.run([]).stdout
        #expect(screen.hasSuffix("Next: 1 big video, 157.3 MB: `clean boss videos`\n"))
        // The cards each can deal, and how hard that makes it (issue 14: Easy / Medium / Hard from target and cards).
        #expect(screen.contains("  The Screenshot Purge [░░░░░░░░]     0/50  +500 XP       5 · hard  screenshots\n"))
        #expect(screen.contains("  Video Vault          [░░░░░░░░]     0/10  +500 XP       1 · hard  videos\n"))
        #expect(screen.contains("  Blast from the Past  [░░░░░░░░]    0/100  +500 XP       9 · hard  old\n"))
        #expect(screen.contains("  Double Trouble       [░░░░░░░░]     0/25  +500 XP       3 · hard  duplicates\n"))
        // This week's boss (Home Movies, target 1 for the 1 short clip there is) needs all its cards: medium.
        #expect(screen.contains("  Home Movies          [░░░░░░░░]      0/1  +400 XP     1 · medium  weekly\n"))
        #expect(!screen.contains("Scan a folder"))
    }

    @Test func withoutTheBigVideoTheOldPhotosComeFirst() throws {
        let clean = try CleanBinary.atFixedTime()
        defer { clean.removeHome() }
        try clean.run(["scan", try clean.copyOfTheFixtures(withBigVideo: false), "--quiet"])
        #expect(try clean.run([]).stdout.hasSuffix("Next: 9 old photos, 1.6 MB: `clean boss old`\n"))
    }

    @Test func restDayAndVacationShowOnTheScreenAndInTheCalendar() throws {
        let clean = try CleanBinary.atFixedTime()
        defer { clean.removeHome() }
        #expect(try clean.run(["rest-day", "sunday"]).status == 0)
        #expect(try clean.run(["vacation", "start", "--until", "2026-03-09"]).status == 0)
        let screen = try clean.run([]).stdout
        #expect(screen.contains("   ·    ·    ·    ·    ·    r    □     r rest"))
        #expect(screen.contains("  Rest day Sunday · on vacation until Mon 9 Mar 2026\n"))
    }
}
