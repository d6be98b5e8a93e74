import App
import Foundation
import Game
import Library
import Testing
@testable import CleanCLI

/// Every front-end of the report lists the categories from one list (`CategoryRow.all`, made from
/// `CardCategory.allCases`): the JSON document's `byCategory`, the terminal's "By kind" and the HTML page (which
/// the web app's report page shows). A category added to a copy of the cases shows in all three.
@Suite struct ReportCategoriesTests {
    static let calendar: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar
    }()
    static let today = Day(year: 2026, month: 3, day: 2)!

    /// A report with files in every row of `rows`, row n holding n files of n kB.
    static func report(_ rows: [CategoryRow]) -> StorageReport {
        var report = StorageReport(moved: [], calendar: calendar)
        for (index, row) in rows.enumerated() {
            report.byCategory[row.key] = StorageReport.Tally(files: index + 1, bytes: Int64(1000 * (index + 1)))
            report.filesDeleted += index + 1
            report.bytesFreed += Int64(1000 * (index + 1))
        }
        return report
    }

    @Test func aCategoryAddedToTheCasesIsListedByEveryFrontEnd() throws {
        let added = CategoryRow(key: "panoramas", label: "panoramas", color: "#123456")
        let rows = CategoryRow.all + [added]
        let report = Self.report(rows)

        let json = try DocumentEncoder.text(ReportDocument(report, categories: rows))
        let document = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        let byCategory = try #require(document["byCategory"] as? [String: [String: Int]])
        #expect(Set(byCategory.keys) == Set(rows.map(\.key)))
        #expect(byCategory.values.reduce(0) { $0 + $1["files"]! } == document["filesDeleted"] as? Int)

        let text = ReportOutput.human(report, today: Self.today, first: nil, now: nil, categories: rows)
        let html = ReportHTML.page(report, today: Self.today, since: nil, first: nil, now: nil, calendar: Self.calendar, categories: rows)
        for (index, row) in rows.enumerated() {
            let files = index + 1
            #expect(byCategory[row.key] == ["files": files, "bytes": 1000 * files], "\(row.key)")
            #expect(text.contains("\n  \(padRight(row.label, 16)) \(String(files).leftPadded(6)) files"), "\(row.label): \(text)")
            #expect(html.contains("data-category=\"\(row.key)\" data-files=\"\(files)\" data-bytes=\"\(1000 * files)\""), "\(row.key)")
            #expect(html.contains(">\(row.title)</text>"), "\(row.title)")
        }
    }

    /// The shipped rows: one a category, in the enum's order, each with its own words and colour; bad shots among them.
    @Test func everyCategoryHasItsOwnRow() {
        #expect(CategoryRow.all.map(\.key) == CardCategory.allCases.map(\.rawValue))
        #expect(Set(CategoryRow.all.map(\.label)).count == CardCategory.allCases.count)
        #expect(Set(CategoryRow.all.map(\.color)).count == CardCategory.allCases.count)
        #expect(CategoryRow(.badShots).label == "bad shots" && CategoryRow(.badShots).title == "Bad shots")
        #expect(CategoryRow(.bigVideos).label == "big videos")
        // A file recorded under a category this build does not know is counted as other.
        #expect(CategoryRow.row("panoramas") == CategoryRow(.other))
    }
}
