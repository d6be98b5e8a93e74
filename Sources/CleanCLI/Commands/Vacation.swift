import App
import ArgumentParser
import Foundation
import Game

extension Clean {
    /// `clean vacation`: days away that neither break the streak nor use a freeze.
    struct Vacation: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Pause your streak while you are away.",
            discussion: """
                Days of a vacation neither break the streak nor use a freeze (playing on one still counts).
                `clean vacation start` begins today; without --until it lasts until `clean vacation end`.
                `clean vacation end` makes today the last vacation day (so ending it late in the evening \
                costs nothing); a vacation that has not begun yet is cancelled.
                `clean vacation` alone shows the vacation, if any.
                """,
            subcommands: [Status.self, Start.self, End.self],
            defaultSubcommand: Status.self
        )
    }
}

extension Clean.Vacation {
    /// `clean vacation status`: the vacation set, if any.
    struct Status: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Show the vacation, if any.")

        @Flag(help: "One JSON document on stdout: {vacation: {start, end, active} or null}.")
        var json = false

        func run() throws {
            let context = try AppContext()
            let today = Day(context.now, in: context.calendar)
            let view = try PlayerView(context: context)
            if json { return try printDocument(VacationDocument(view.profile.vacation, today: today, openEnd: VacationText.openEnd)) }
            guard let vacation = view.profile.vacation, vacation.end >= today else {
                print("No vacation set. Start one with `clean vacation start [--until YYYY-MM-DD]`.")
                return
            }
            print(VacationText.describe(vacation, today: today))
        }
    }

    /// `clean vacation start [--until DATE]`.
    struct Start: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Start a vacation today, until a date or until `clean vacation end`.")

        @Option(help: "The last day of the vacation, YYYY-MM-DD (today or later). Without it: until `clean vacation end`.")
        var until: String?

        @Flag(help: "One JSON document on stdout: {vacation: {start, end, active}}.")
        var json = false

        func run() throws {
            let context = try AppContext()
            let today = Day(context.now, in: context.calendar)
            var end = VacationText.openEnd
            if let until {
                // A value that does not fit is a usage error (64), as a parse error is.
                guard let day = Day(string: until) else {
                    throw UsageError("--until '\(until)' is not a date; write it as YYYY-MM-DD, e.g. \(today.adding(days: 7))")
                }
                guard day >= today else {
                    throw UsageError("--until \(until) is in the past; the vacation starts today (\(today))")
                }
                end = day
            }
            let vacation = Game.Vacation(start: today, end: end)
            let library = try context.openLibrary()
            try library.updateProfile(newPlayer: PlayerView.newPlayer(context), at: context.now) { profile in
                profile.vacation = vacation
            }
            if json { return try printDocument(VacationDocument(vacation, today: today, openEnd: VacationText.openEnd)) }
            print(VacationText.describe(vacation, today: today))
        }
    }

    /// `clean vacation end`.
    struct End: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "End the vacation: today is its last day.")

        @Flag(help: "One JSON document on stdout: {vacation: {start, end, active} or null}.")
        var json = false

        func run() throws {
            let context = try AppContext()
            let today = Day(context.now, in: context.calendar)
            guard let library = try context.existingLibrary(forWriting: true),
                  let current = try library.profile()?.vacation, current.end >= today else {
                if json { return try printDocument(VacationDocument(nil, today: today, openEnd: VacationText.openEnd)) }
                print("No vacation to end.")
                return
            }
            let ended = try library.updateProfile(newPlayer: PlayerView.newPlayer(context), at: context.now) { profile in
                profile.vacation = current.start > today ? nil : Game.Vacation(start: current.start, end: today)
            }
            if json { return try printDocument(VacationDocument(ended.vacation, today: today, openEnd: VacationText.openEnd)) }
            print(ended.vacation == nil ? "Vacation cancelled (it had not begun)."
                                        : "Vacation ends today (\(today)). Welcome back: one round keeps the streak going.")
        }
    }
}

/// How a vacation is stored and written: an open-ended one ends on 9999-12-31.
enum VacationText {
    /// The end of a vacation started without --until.
    static let openEnd = Day(year: 9999, month: 12, day: 31)!

    /// "until Fri 6 Mar 2026 (5 days)" or "until you end it with `clean vacation end`".
    static func until(_ vacation: Game.Vacation) -> String {
        vacation.end == openEnd ? "until `clean vacation end`"
            : "until \(DayText.short(vacation.end)) \(vacation.end.year)"
    }

    /// One sentence for the settings commands.
    static func describe(_ vacation: Game.Vacation, today: Day) -> String {
        let starts = vacation.start > today ? "starts \(vacation.start)" : "since \(vacation.start)"
        return "On vacation (\(starts)) \(until(vacation)): those days neither break your streak nor use a freeze."
    }
}
