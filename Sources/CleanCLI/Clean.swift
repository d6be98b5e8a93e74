import App
import Foundation
import ArgumentParser
import Imaging
import Library
import Media

/// The `clean` command: the root of every subcommand.
public struct Clean: ParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "clean",
        abstract: "Clean up your photo library as a game: scan, swipe, free space.",
        version: versionText,
        subcommands: [Scan.self, Items.self, Round.self, Boss.self, Pending.self, TrashCommand.self, Restore.self, Report.self,
                      Profile.self, Achievements.self, Vacation.self, RestDay.self, Config.self, WebServe.self, HomeScreen.self]
    )

    public init() {}

    /// `clean --version`: the release, then every C library it was built with and its version where the library says it.
    static var versionText: String {
        let libraries = [
            "libmagic \(CLibraryVersions.magic)", "libexif", "xxHash \(CLibraryVersions.xxhash)", "zlib \(CLibraryVersions.zlib)",
            "libjpeg-turbo \(ImagingLibraryVersions.jpegTurbo)", "libheif \(ImagingLibraryVersions.heif)",
            "libspng \(ImagingLibraryVersions.spng)", "libdeflate \(ImagingLibraryVersions.deflate)", "SQLite \(SQLiteVersion.text)",
        ]
        return "clean 0.1.0\nbuilt with " + libraries.joined(separator: ", ")
    }

    /// What `clean` runs: a mistyped subcommand gets "did you mean …?"; before any command but
    /// `clean config`, `trash.auto_empty_days` empties the trash past its age (reported); then the command.
    public static func start(_ arguments: [String] = Array(CommandLine.arguments.dropFirst())) {
        // `clean --json`: the home screen as data, as `clean home --json` (a root flag would take every command's --json).
        let arguments = arguments == ["--json"] ? ["home", "--json"] : arguments
        let names = configuration.subcommands.map { $0._commandName }
        if let first = arguments.first, !first.hasPrefix("-"), first != "help", !names.contains(first) {
            exit(withError: ValidationError(DidYouMean.sentence(unknown: "command", first, among: names, command: "clean ")))
        }
        // `clean help WORD…`: each word a command of the one before, or a usage error (64), as a mistyped command is.
        if arguments.first == "help" {
            var commands: [any ParsableCommand.Type] = configuration.subcommands, prefix = "clean "
            for word in arguments.dropFirst() where !word.hasPrefix("-") {
                guard let command = commands.first(where: { $0._commandName == word }) else {
                    exit(withError: ValidationError(DidYouMean.sentence(unknown: "command", word, among: commands.map { $0._commandName },
                                                                        command: "clean help " + prefix.dropFirst("clean ".count))))
                }
                commands = command.configuration.subcommands
                prefix += word + " "
            }
        }
        do {
            var command = try parseAsRoot(arguments)
            if !(command is Config || command is Config.SetValue), (try? AppContext()) != nil {
                AutoEmpty.run(AppService(environment: ProcessInfo.processInfo.environment))
            }
            try command.run()
        } catch let error as UsageError {
            FileHandle.standardError.write(Data("Error: \(error)\n".utf8))
            exit(withError: ExitCode.validationFailure)
        } catch {
            exit(withError: error)
        }
    }

    public func run() throws {
        let context = try AppContext()
        print(try Home.render(context: context))
    }
}
