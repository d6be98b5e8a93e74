/// The one form of a path this server answers: segments that are not empty, `.` or `..` (in any
/// spelling), no encoded slash or backslash, no NUL, no trailing slash (but `/`). Any other path is
/// refused before a route is judged, so a path that a router might read as another route is never
/// answered as that route.
enum RequestPath {
    /// Why `path` (as sent, percent-encoded) is not in its plain form, or nil when it is.
    static func refusal(_ path: String) -> String? {
        guard path.hasPrefix("/") else { return "an address starts with /" }
        if path == "/" { return nil }
        let segments = path.dropFirst().split(separator: "/", omittingEmptySubsequences: false)
        for segment in segments {
            if segment.isEmpty { return "an address has no empty part (// or a trailing /)" }
            let lowered = segment.lowercased()
            if lowered.contains("%2f") || lowered.contains("%5c") || lowered.contains("%00") || segment.contains("\\") {
                return "an address has no encoded slash, backslash or NUL"
            }
            let decoded = lowered.replacingOccurrences(of: "%2e", with: ".")
            if decoded == "." || decoded == ".." { return "an address has no . or .. part" }
        }
        return nil
    }
}
