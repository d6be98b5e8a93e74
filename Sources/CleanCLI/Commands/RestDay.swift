import App
import ArgumentParser
import Foundation
import Game

extension Clean {
    /// `clean rest-day WEEKDAY|none`: one day a week that does not break the streak.
    struct RestDay: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "rest-day",
            abstract: "Choose a weekly rest day that does not break your streak.",
            discussion: """
                WEEKDAY is monday … sunday (any case, or the first three letters); `none` removes the rest day. \
                Without an argument, shows the rest day.
                """
        )

        @Argument(help: "monday … sunday, or none.")
        var weekday: String?

        @Flag(help: "One JSON document on stdout: {restDay: monday … sunday, or null}.")
        var json = false

        /// Calendar's numbering (1 Sunday … 7 Saturday) of a weekday name; 0 for `none`; nil if not a weekday.
        static func number(of text: String) -> Int? {
            let name = text.lowercased()
            if name == "none" { return 0 }
            guard name.count >= 3 else { return nil }
            return DayText.weekdayNames.firstIndex { $0.lowercased().hasPrefix(name) && (name.count == 3 || $0.lowercased() == name) }
                .map { $0 + 1 }
        }

        func validate() throws {
            if let weekday, Self.number(of: weekday) == nil {
                throw ValidationError("'\(weekday)' is not a weekday; say monday, tuesday, wednesday, thursday, friday, saturday, sunday or none.")
            }
        }

        func run() throws {
            let context = try AppContext()
            guard let weekday, let number = Self.number(of: weekday) else {
                let current = try PlayerView(context: context).profile.restWeekday
                if json { return try printDocument(RestDayDocument(weekday: current)) }
                print(current.flatMap { (1...7).contains($0) ? "Rest day: \(DayText.weekdayNames[$0 - 1])." : nil }
                      ?? "No rest day. Choose one with `clean rest-day sunday` (any weekday).")
                return
            }
            let library = try context.openLibrary()
            try library.updateProfile(newPlayer: PlayerView.newPlayer(context), at: context.now) { profile in
                profile.restWeekday = number == 0 ? nil : number
            }
            if json { return try printDocument(RestDayDocument(weekday: number)) }
            print(number == 0 ? "No rest day: every day counts for the streak."
                              : "Rest day: \(DayText.weekdayNames[number - 1]). Skipping it never breaks your streak.")
        }
    }
}
