import Foundation

/// A refusal or failure said to the browser: a status and one sentence, sent as `{"error": …}`.
public struct WebError: Error, CustomStringConvertible, Sendable {
    public let status: Int
    public let description: String

    public init(_ status: Int, _ description: String) {
        self.status = status
        self.description = description
    }
}
