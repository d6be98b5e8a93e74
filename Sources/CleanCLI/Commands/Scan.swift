import App
import ArgumentParser
import FileSystem
import Foundation
import Library
import Media

extension Clean {
    /// `clean scan DIR…`: index the trees and summarise what was found.
    struct Scan: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Index folders of photos and videos and show what could be cleaned.",
            discussion: """
                Walks each DIR (never following symbolic links, never leaving its file system unless \
                --cross-file-systems), reads each new or changed file's type, capture date, size and \
                camera, spots screenshots, big videos and old photos, finds duplicate copies by \
                content and similar photos by a perceptual hash of their pixels. A rescan reads only \
                what changed. Nothing is moved or deleted.

                With no DIR, scans the desktop's Pictures folder (XDG_PICTURES_DIR, from the \
                environment or ~/.config/user-dirs.dirs, else ~/Pictures) and says so first.

                Examples:
                  clean scan
                  clean scan ~/Pictures
                  clean scan /media/phone/DCIM ~/Takeout --json
                """
        )

        @Argument(help: "Folders to scan (a photo folder, a mounted phone, a backup); none: the Pictures folder.", completion: .directory)
        var directories: [String] = []

        @Option(help: "Worker threads (default: one per core).")
        var jobs: Int?

        @Flag(help: "Forget stored content hashes and hash again.")
        var rehash = false

        @Flag(help: "Do not look for similar photos this time (no pixels are decoded).")
        var noSimilar = false

        @Flag(help: "Enter other file systems mounted inside the folders.")
        var crossFileSystems = false

        @Flag(help: "Print the summary as one JSON document on stdout.")
        var json = false

        @Flag(name: .shortAndLong, help: "No progress line.")
        var quiet = false

        func validate() throws {
            if let jobs, jobs < 1 { throw ValidationError("--jobs must be at least 1") }
        }

        /// A scan of `roots` as the configuration says, with the command's own choices.
        func run() throws {
            let context = try AppContext()
            let roots = try directories.isEmpty ? [Self.picturesRoot(context.environment, json: json)] : directories.map(Self.root)
            let showProgress = !quiet && Terminal.stderrIsTTY
            let started = Date()
            let service = AppService(environment: context.environment)
            let report = try service.scan(roots, jobs: jobs, crossFileSystems: crossFileSystems, rehash: rehash, similar: !noSimilar) { progress in
                guard showProgress else { return }
                let seconds = max(0.001, Date().timeIntervalSince(started))
                let of = progress.total.map { " of \(grouped($0))" } ?? ""
                let rate = progress.phase == .reading && progress.done > 0 ? " · \(grouped(Int(Double(progress.done) / seconds))) files/s" : ""
                Terminal.status("\(progress.phase.rawValue)… \(grouped(progress.done))\(of) \(progress.phase.unit)\(rate)")
            }
            if showProgress { Terminal.clearStatus() }
            if context.environment["SWIPECLEAN_TRACE"].map({ !$0.isEmpty }) ?? false {
                for stage in report.timings { Terminal.warn("clean: " + stage.name.padding(toLength: 30, withPad: " ", startingAt: 0) + String(format: "%8.3f s", stage.seconds)) }
            }
            if json {
                // The one line saying videos were not compared goes beside the document (stderr), as warnings do.
                if let videos = ScanOutput.videoLine(report.videos) { Terminal.warn("clean:" + videos.dropFirst()) }
                try printDocument(ScanDocument(report, similarChecked: !noSimilar))
            } else {
                print(ScanOutput.human(report, roots: roots, bosses: context.configuration.game.bosses, similarChecked: !noSimilar))
            }
            // What could not be read goes to stderr; the scan indexed the rest: done in part (a store's damaged
            // record is said too, but every file was read: done).
            for line in ScanOutput.problems(report.errors) { Terminal.warn(line) }
            if report.errors.contains(where: \.unread) { throw ExitStatus.partial }
        }

        /// The desktop's Pictures folder, announced (stdout, or stderr beside --json), or one sentence saying what to type.
        static func picturesRoot(_ environment: [String: String], json: Bool) throws -> RawPath {
            guard let pictures = PicturesFolder.path(environment: environment), let root = try? root(pictures) else {
                let named = PicturesFolder.path(environment: environment).map { " (\($0) is not a folder)" } ?? ""
                throw CleanError("no folder given and no Pictures folder\(named); type clean scan FOLDER, e.g. clean scan ~/Photos")
            }
            let line = "Scanning your Pictures folder \(pictures) (clean scan FOLDER scans another)."
            if json { Terminal.warn(line) } else { print(line) }
            return root
        }

        /// The absolute, canonical form of a folder argument, or one sentence saying why it cannot be scanned.
        static func root(_ argument: String) throws -> RawPath { try ScanRoot.resolve(argument) }
    }
}
