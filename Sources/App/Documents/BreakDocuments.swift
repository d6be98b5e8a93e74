import Game

/// `clean rest-day --json`: the weekly rest day, or null.
package struct RestDayDocument: Encodable {
    /// `monday` … `sunday`, or null for none.
    let restDay: String?

    /// `weekday`: Calendar's numbering, 1 Sunday … 7 Saturday; nil (or out of range) for none.
    package init(weekday: Int?) {
        let names = ["sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday"]
        restDay = weekday.flatMap { (1...7).contains($0) ? names[$0 - 1] : nil }
    }
}

/// `clean vacation [status|start|end] --json`: the vacation as it stands after the command, or null.
package struct VacationDocument: Encodable {
    struct Span: Encodable {
        let start: String
        /// The last day, or null for a vacation that lasts until `clean vacation end`.
        let end: String?
        /// Whether today is one of its days.
        let active: Bool
    }

    let vacation: Span?

    /// `openEnd`: the day that stands for "until `clean vacation end`"; a vacation over before `today` is none.
    package init(_ vacation: Vacation?, today: Day, openEnd: Day) {
        self.vacation = vacation.flatMap { vacation in
            guard vacation.end >= today else { return nil }
            return Span(start: vacation.start.description, end: vacation.end == openEnd ? nil : vacation.end.description,
                        active: vacation.start <= today)
        }
    }
}
