import Foundation

/// Who may use the running server, in memory only (nothing survives the process): the scripts' API
/// token (`web.json`), one-time sign-in links, and the browsers signed in with one.
///
/// A link signs in one browser once: its first use makes a session and the link is gone. A session
/// is two secrets the page keeps in its own origin's storage: `secret`, sent as
/// `Authorization: Bearer` on every API call, and `mediaKey`, the capability that `/media` addresses
/// carry (an `<img>` or `<video>` cannot send a header). Neither is ever a cookie, so a page that
/// another program serves on another port of 127.0.0.1 is sent nothing. A paired phone (issue 32)
/// will be one more kind of link and get its session the same way.
public final class WebSessions: @unchecked Sendable {
    /// A browser signed in with a link.
    public struct Session: Sendable, Equatable {
        public let secret: String
        public let mediaKey: String
        public let createdAt: Date
    }

    /// Who a request's credentials name.
    public enum Principal: Equatable, Sendable {
        /// `Authorization: Bearer <apiToken>`: scripts and `clean web link`.
        case script
        /// A signed-in page.
        case browser(Session)
    }

    /// What a sign-in link's use found.
    public enum SignIn: Equatable, Sendable {
        case signedIn(Session)
        /// Used before (by this browser or anyone), expired, or never this server's.
        case refused
    }

    public let apiToken: String
    private let lock = NSLock()
    /// Links not used yet, with when each stops working.
    private var links: [String: Date] = [:]
    private var sessions: [String: Session] = [:]
    private var mediaKeys: [String: Session] = [:]
    private let now: @Sendable () -> Date

    /// `firstLink`: the token of the link `clean web` prints (used once within `linkLifetime`, as every link).
    public init(apiToken: String = Token.random(), firstLink: String, now: @escaping @Sendable () -> Date = Date.init) {
        self.apiToken = apiToken
        self.now = now
        links[firstLink] = now().addingTimeInterval(Self.linkLifetime)
    }

    /// A new one-time link's token, usable once within `lifetime`.
    public func newLink(lifetime: TimeInterval = WebSessions.linkLifetime) -> String {
        let token = Token.random()
        lock.lock()
        links[token] = now().addingTimeInterval(lifetime)
        lock.unlock()
        return token
    }

    /// How long a link can wait for its one use (the first one `clean web` prints, and each `clean web link` gives).
    public static let linkLifetime: TimeInterval = 300

    /// Uses the link `token`: a new session the first time, refused ever after.
    public func signIn(link token: String) -> SignIn {
        lock.lock()
        defer { lock.unlock() }
        guard let expiry = links.removeValue(forKey: token) else { return .refused }
        if expiry < now() { return .refused }
        let session = Session(secret: Token.random(), mediaKey: Token.random(), createdAt: now())
        sessions[session.secret] = session
        mediaKeys[session.mediaKey] = session
        return .signedIn(session)
    }

    /// Who `bearer` (the value after `Bearer `) is, or nil.
    public func principal(bearer: String) -> Principal? {
        if constantTimeEqual(bearer, apiToken) { return .script }
        lock.lock()
        defer { lock.unlock() }
        return sessions[bearer].map(Principal.browser)
    }

    /// Whether `key` is the media capability of a signed-in browser.
    public func allowsMedia(key: String) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        return mediaKeys[key] != nil
    }

    /// How many browsers have signed in (for tests and the terminal).
    public var sessionCount: Int {
        lock.lock()
        defer { lock.unlock() }
        return sessions.count
    }
}

/// Compares two secrets in time that depends only on their length.
func constantTimeEqual(_ a: String, _ b: String) -> Bool {
    let x = Array(a.utf8), y = Array(b.utf8)
    guard x.count == y.count else { return false }
    return zip(x, y).reduce(0) { $0 | ($1.0 ^ $1.1) } == 0
}
