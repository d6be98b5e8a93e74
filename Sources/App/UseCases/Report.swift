import Foundation
import Game
import Library
import Scanning

/// The storage recovered as the front-ends show it: the report and what the page and the terminal add to it.
package struct StorageView {
    package let report: StorageReport
    /// The stores of other programs the index holds (read-only, never cards).
    package let protected: [ProtectedStore]
    package let today: Day
    /// The first day counted, nil for all time.
    package let since: Day?
    /// The library at the first scan and now (nil before a scan, or when not asked for).
    package let first: ScanRunRecord?
    package let now: IndexTotals?
    package let calendar: Calendar

    /// `clean report --json`, `GET /api/v1/report`.
    package var document: ReportDocument { ReportDocument(report, protected: protected) }

    /// `clean report --html` (`inApp`: the web app's report page).
    package func html(inApp: Bool) -> String {
        ReportHTML.page(report, today: today, since: since, first: first, now: now, calendar: calendar, inApp: inApp)
    }
}

extension AppService {
    /// The storage recovered since `since` (nil: all time); `libraryTotals`: with the library then and now (a count of
    /// the index the JSON does not need).
    package func storage(since: Day? = nil, libraryTotals: Bool = true) throws -> StorageView {
        let context = try context()
        let start = try since.map { day in
            guard let date = context.calendar.date(from: DateComponents(year: day.year, month: day.month, day: day.day)) else {
                throw CleanError("--since \(day) is not a day of this calendar")
            }
            return date
        }
        let library = try context.existingLibrary()
        return StorageView(report: try library?.storageReport(since: start, calendar: context.calendar) ?? StorageReport(moved: [], calendar: context.calendar),
                           protected: try library?.protectedStores() ?? [], today: Day(context.now, in: context.calendar), since: since,
                           first: libraryTotals ? try library?.firstScan() : nil, now: libraryTotals ? try library?.indexTotals() : nil,
                           calendar: context.calendar)
    }

    package func report() throws -> ReportDocument { try storage(libraryTotals: false).document }

    /// The report page of the web app: the same report as `clean report --html`, in the app's theme.
    package func reportHTML() throws -> String { try storage().html(inApp: true) }
}
