import App
import ArgumentParser
import FileSystem
import Foundation
import Game
import Library
import Play

extension Clean {
    /// `clean trash [list|restore|empty|adopt]`.
    struct TrashCommand: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "trash",
            abstract: "See what is in the trash, put things back, or delete them for good.",
            subcommands: [List.self, Restore.self, Empty.self, Adopt.self],
            defaultSubcommand: List.self
        )

        /// `clean trash list`.
        struct List: ParsableCommand {
            static let configuration = CommandConfiguration(abstract: "List what is in the trash, by day, with ids for `clean restore`.")

            @Flag(help: "One JSON array on stdout.")
            var json = false

            func run() throws {
                // A broken config file does not block a recovery command: said, and the defaults used.
                let listing = try AppService(environment: ProcessInfo.processInfo.environment, usingDefaultsIfBroken: true).trashListing()
                if json { return try printDocument(listing.document) }
                let files = listing.files
                guard !files.isEmpty else { return print("The trash is empty.") }
                let byDay = Dictionary(grouping: files) { Day(file: $0, calendar: listing.calendar) }
                for day in byDay.keys.sorted() {
                    let group = byDay[day]!
                    print("\(day): \(plural(group.count, "file")), \(humanBytes(group.reduce(0) { $0 + $1.size }))")
                    for file in group {
                        let notes = (file.part > 0 ? " (linked)" : "")
                            + (listing.changed.contains(file.id!) ? " (changed outside clean: cannot be restored)" : "")
                        print("  \(padRight(String(file.id!), 5)) \(padRight(humanBytes(file.size), 9)) \(file.rawOriginalPath)\(notes)")
                    }
                }
                print("Total: \(plural(files.count, "file")), \(humanBytes(files.reduce(0) { $0 + $1.size })), recoverable. `clean restore ID` puts one back.")
            }
        }

        /// `clean trash restore`: the same as `clean restore`.
        struct Restore: ParsableCommand {
            static let configuration = CommandConfiguration(abstract: "Put files back where they were (same as `clean restore`).")
            @OptionGroup var options: RestoreOptions
            func run() throws { try options.run() }
        }

        /// `clean trash empty`.
        struct Empty: ParsableCommand {
            static let configuration = CommandConfiguration(
                abstract: "Delete files in the trash for good.",
                discussion: "Without options, what has been in the trash longer than trash.retention_days (30) goes.")

            @Option(help: "Only what has been in the trash more than DAYS days.")
            var olderThan: Int?

            @Flag(help: "Everything in the trash.")
            var all = false

            @Flag(help: "Do not ask.")
            var yes = false

            @Flag(help: "Show what would be deleted for good; delete nothing (with --yes too: the dry run wins).")
            var dryRun = false

            @Flag(help: "One JSON document on stdout.")
            var json = false

            func validate() throws {
                if all && olderThan != nil { throw ValidationError("give --older-than DAYS or --all, not both") }
                if let olderThan, olderThan < 0 { throw ValidationError("--older-than takes a number of days, 0 or more") }
            }

            /// `--dry-run`: what would go, as the real run counts it; the JSON adds `dryRun` and `wouldPurge`.
            static func preview(_ doomed: [TrashedRecord], json: Bool) throws {
                if json { return try printDocument(EmptyPreviewDocument(doomed)) }
                guard !doomed.isEmpty else { return print("Dry run: nothing would be deleted.") }
                print("Dry run: \(plural(doomed.count, "file")) (\(humanBytes(doomed.reduce(0) { $0 + $1.size }))) would be deleted for good:")
                for file in doomed {
                    print("  \(padRight(String(file.id!), 5)) \(padRight(humanBytes(file.size), 9)) \(file.rawOriginalPath)")
                }
                print("Nothing deleted.")
            }

            func run() throws {
                let service = AppService(environment: ProcessInfo.processInfo.environment)
                let days: Int? = all ? nil : try (olderThan ?? service.context().configuration.trash.retentionDays)
                let screen = Screen(json: json)
                let result = try service.emptyTrash(olderThanDays: days, dryRun: dryRun) { doomed in
                    guard !yes else { return true }
                    screen.say("Delete \(plural(doomed.count, "file")) (\(humanBytes(doomed.reduce(0) { $0 + $1.size }))) for good? They cannot be restored. [y/N]")
                    let answer = readLine()?.trimmingCharacters(in: .whitespaces).lowercased()
                    return answer == "y" || answer == "yes"
                }
                switch result {
                case .preview(let doomed):
                    try Self.preview(doomed, json: json)
                case .declined:
                    screen.say("Nothing deleted.")
                    if json { try printDocument(EmptiedDocument(EmptyOutcome())) }
                case .emptied(let outcome, let doomed):
                    if doomed.isEmpty {
                        screen.say(days.map { "Nothing has been in the trash more than \(plural($0, "day"))." } ?? "The trash is empty.")
                    }
                    if json {
                        try printDocument(EmptiedDocument(outcome))
                    } else if outcome.files > 0 {
                        print("Deleted \(plural(outcome.files, "file")) for good: \(humanBytes(outcome.bytes)) freed for good.")
                    }
                    // Entries that could not be deleted (each said on stderr): done in part, or failed when none went.
                    if !outcome.problems.isEmpty { throw outcome.files > 0 ? ExitStatus.partial : ExitCode.failure }
                }
            }
        }
    }

    /// `clean restore ID… | --all | --round N`.
    struct Restore: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Put trashed files back where they were.",
            discussion: """
                Never overwrites: when the original path is taken, the file stays in the trash \
                unless --rename (then it comes back as NAME (restored).EXT). Missing folders are \
                recreated. A photo comes back with its Live Photo movie and sidecars.
                  clean restore 12 13      clean restore --round 4      clean restore --all
                  clean restore ~/Pictures/IMG_0001.jpg      clean restore ~/Pictures/Screenshots
                On a terminal, `clean restore` alone lists the trash and asks which to put back.
                """
        )
        @OptionGroup var options: RestoreOptions
        func run() throws { try options.run() }
    }
}

/// The arguments of `clean restore` and `clean trash restore`, and what they do.
struct RestoreOptions: ParsableArguments {
    @Argument(help: "Trash ids (see `clean trash list`), or the paths the files had (a folder: everything from it).")
    var targets: [String] = []

    /// The targets that are trash ids (all digits).
    var ids: [Int64] { targets.compactMap { $0.allSatisfy(\.isNumber) ? Int64($0) : nil } }
    /// The targets that are paths.
    var paths: [String] { targets.filter { !$0.allSatisfy(\.isNumber) || Int64($0) == nil } }

    @Flag(help: "Everything in the trash.")
    var all = false

    @Option(help: "Everything one round sent to the trash.")
    var round: Int64?

    @Flag(help: "When the original path is taken, restore as NAME (restored).EXT instead of refusing.")
    var rename = false

    @Flag(help: "One JSON document on stdout: {restored, failed}.")
    var json = false

    /// Nothing given: the picker, on a terminal (and not --json).
    var picks: Bool { targets.isEmpty && !all && round == nil && !json && Terminal.stdinIsTTY && Terminal.stdoutIsTTY }

    func validate() throws {
        let ways = (targets.isEmpty ? 0 : 1) + (all ? 1 : 0) + (round == nil ? 0 : 1)
        if ways > 1 || (ways == 0 && !picks) { throw ValidationError("give trash ids or paths, --all or --round N (one of them)") }
    }

    func run() throws {
        // A broken config file does not block a recovery command: said, and the defaults used.
        let service = AppService(environment: ProcessInfo.processInfo.environment, usingDefaultsIfBroken: true)
        let choice: RestoreChoice
        if picks {
            let calendar = try service.context().calendar
            choice = .pick { files in RestorePicker.pick(files, calendar: calendar) }
        } else if all {
            choice = .all
        } else if let round {
            choice = .round(round)
        } else {
            let paths = paths.map { path in
                let absolute = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
                return RawPath(URL(fileURLWithPath: absolute).standardizedFileURL.path)
            }
            choice = .targets(ids: ids, originalPaths: paths)
        }
        try show(try service.restore(choice, rename: rename))
    }

    private func show(_ result: RestoreResult) throws {
        let outcome = result.outcome
        if json {
            try printDocument(result.document)
        } else {
            for id in outcome.restored { print("restored \(id): \(outcome.paths[id]!)") }
            if result.asked == 0 { print(picks ? "Nothing restored." : "Nothing to restore.") }
        }
        // What stayed in the trash goes to stderr, beside the document too (its `failed` lists the same).
        for failure in outcome.failed { Terminal.warn("clean: not restored \(failure.id): \(failure.reason)") }
        // Nothing restored of what was asked: failed; some of it: done in part.
        if !outcome.failed.isEmpty { throw outcome.restored.isEmpty ? ExitCode.failure : ExitStatus.partial }
    }
}

extension Game.Day {
    init(file: TrashedRecord, calendar: Calendar) { self.init(file.deletedAt, in: calendar) }
}
