import Foundation

/// ISO 8601 with the local offset, as DESIGN.md wants dates.
package enum ISO8601 {
    package static func string(_ date: Date, timeZone: TimeZone = .current) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.timeZone = timeZone
        formatter.formatOptions = [.withInternetDateTime]
        return formatter.string(from: date)
    }
}
