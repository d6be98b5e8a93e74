import Foundation

/// The fixed world the screen tests run in: Monday 2 March 2026, 19:30 in Paris, no colour.
extension CleanBinary {
    static let now = "2026-03-02T19:30:00+01:00"

    /// A binary in a throw-away home with the screens' fixed clock and time zone.
    static func atFixedTime() throws -> CleanBinary {
        var clean = try CleanBinary()
        clean.environment["SWIPECLEAN_NOW"] = now
        clean.environment["TZ"] = "Europe/Paris"
        return clean
    }

    static let fixtures: String = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fixtures/phone").path

    /// Copies Fixtures/phone into the home, adds a sparse 150 MiB video as the demo does, and returns the copy's path.
    func copyOfTheFixtures(withBigVideo: Bool = true) throws -> String {
        let phone = home + "/phone"
        try FileManager.default.copyItem(atPath: Self.fixtures, toPath: phone)
        if withBigVideo {
            let video = phone + "/Movies/VID_20260214_153000.mp4"
            try FileManager.default.copyItem(atPath: phone + "/DCIM/100APPLE/IMG_2927.MOV", toPath: video)
            let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: video))
            try handle.truncate(atOffset: 150 * 1024 * 1024)
            try handle.close()
        }
        return phone
    }

    /// Every path under the home, for checking that a command wrote nothing.
    func filesUnderHome() -> [String] {
        (FileManager.default.enumerator(atPath: home)?.allObjects as? [String] ?? []).sorted()
    }

    /// Parses the stdout of a `--json` run that prints an array.
    static func array(_ run: Run) throws -> [[String: Any]] {
        try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [[String: Any]] ?? []
    }
}
