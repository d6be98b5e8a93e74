import Foundation

/// A refusal or failure said to the browser: a status and one sentence, sent as `{"error": …}`.
public struct WebError: Error, CustomStringConvertible, Sendable {
    public let status: Int
    public let description: String

    public init(_ status: Int, _ description: String) {
        self.status = status
        self.description = description
    }

    /// A body over `limit` bytes (413), the limit in the sentence.
    static func tooLarge(limit: Int) -> WebError {
        WebError(413, "a request's body is at most \(limit / 1_024) KB (\(limit) bytes) here")
    }
}
