import ArgumentParser
import Media

/// The `clean` command: the root of every subcommand.
public struct Clean: ParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "clean",
        abstract: "Clean up your photo library as a game: scan, swipe, free space.",
        version: "0.1.0 (libmagic \(CLibraryVersions.magic), xxhash \(CLibraryVersions.xxhash))",
        subcommands: [Scan.self, Items.self, Round.self, Boss.self, Pending.self, TrashCommand.self, Restore.self, Report.self,
                      Profile.self, Achievements.self, Vacation.self, RestDay.self, Config.self, WebServe.self]
    )

    public init() {}

    public func run() throws {
        let context = try AppContext()
        print(try Home.render(context: context))
    }
}
