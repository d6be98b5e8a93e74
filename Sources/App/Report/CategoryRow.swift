import Library
import Play

/// One row of the report by kind, as every front-end lists it: the category's key (its raw value, the name
/// `byCategory` gives it in JSON), its words and its colour. The report's front-ends (`report --json`, the terminal's
/// "By kind", the HTML page the web app shows too) list `CategoryRow.all`, made from `CardCategory.allCases`, so a
/// category added to the enum has its row everywhere, and the switches below do not compile until it is worded.
package struct CategoryRow: Sendable, Equatable {
    /// The key of `StorageReport.byCategory` and of the document's `byCategory`.
    package let key: String
    /// The row's label, in the plural and lower case: "duplicates", "big videos", "bad shots".
    package let label: String
    /// The bar's colour on the HTML report.
    package let color: String

    package init(key: String, label: String, color: String) {
        self.key = key
        self.label = label
        self.color = color
    }

    package init(_ category: CardCategory) {
        self.init(key: category.rawValue, label: Words.plural(CardReason.title(category)), color: Self.color(category))
    }

    /// Every category, in the enum's order (the order a standard round deals them, `other` last).
    package static let all = CardCategory.allCases.map(CategoryRow.init)

    /// The row of a file recorded under `key` (a category an older or newer build named falls under `other`).
    package static func row(_ key: String, among rows: [CategoryRow] = all) -> CategoryRow {
        rows.first { $0.key == key } ?? CategoryRow(.other)
    }

    /// The label with its first letter upper-cased, for a page's headings and legends: "Big videos".
    package var title: String { label.prefix(1).uppercased() + label.dropFirst() }

    private static func color(_ category: CardCategory) -> String {
        switch category {
        case .duplicates: "#7b61d9"
        case .similar: "#3bb5a0"
        case .bigVideos: "#e0585b"
        case .screenshots: "#4f8ef7"
        case .oldPhotos: "#e5a33b"
        case .badShots: "#c2569b"
        case .other: "#8a94a6"
        }
    }
}
