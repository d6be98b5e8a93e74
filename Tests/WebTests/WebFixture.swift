import App
import FileSystem
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Library
import Play
import Scanning
import Testing
import Web

/// A copy of `Fixtures/phone`, scanned into a throw-away home with the clock fixed, served by the
/// web app with the command line's own backend; requests carry web.json's apiToken as
/// `Authorization: Bearer` unless told not to.
final class WebFixture: @unchecked Sendable {
    /// The sign-in link's token (one browser, once).
    static let token = "0123456789abcdef0123456789abcdef"
    /// The scripts' token of web.json.
    static let apiToken = "fedcba9876543210fedcba9876543210"
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    let root: String
    let environment: [String: String]
    let app: WebApp

    /// `extraScreenshots`: that many more screenshots, each a different file (bytes after the PNG's end).
    /// `phone`: the phone address's pairing (`clean web --phone`), tested with `testPhone`.
    /// `freeTier`: the player on the seeds' free tier (5 minutes of swiping, 3 undos a day) rather than the default, no limits.
    init(clock: TestClock? = nil, extraScreenshots: Int = 0, limits: ConnectionLimits = .loopback, phoneLimits: ConnectionLimits = .phone,
         phone: PhonePairing? = nil, freeTier: Bool = false) throws {
        root = NSTemporaryDirectory() + "swipeclean-web-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: Self.packageRoot.appendingPathComponent("Fixtures/phone").path, toPath: root + "/phone")
        let screenshots = root + "/phone/Pictures/Screenshots/"
        let png = try Data(contentsOf: URL(fileURLWithPath: screenshots + "Screenshot_20240105-101010.png"))
        for n in 0..<extraScreenshots {
            try (png + Data("copy \(n)".utf8)).write(to: URL(fileURLWithPath: screenshots + "Screenshot_20230101-1000\(10 + n).png"))
        }
        environment = ["SWIPECLEAN_HOME": root + "/state", "XDG_CONFIG_HOME": root + "/config", "HOME": root,
                       "SWIPECLEAN_NOW": "2026-03-02T19:30:00+01:00"]
        if freeTier {
            try FileManager.default.createDirectory(atPath: root + "/config/swipeclean", withIntermediateDirectories: true)
            try Data("[player]\ntier = \"free\"\n".utf8).write(to: URL(fileURLWithPath: root + "/config/swipeclean/config.toml"))
        }
        let context = try AppContext(environment: environment)
        let library = try context.openLibrary()
        _ = try library.scan(ScanRequest(roots: [RawPath(root + "/phone")], now: context.now, calendar: context.calendar))
        let backend = AppService(environment: environment)
        app = WebApp(backend: backend, token: Self.token, apiToken: Self.apiToken,
                     rounds: clock.map { RoundHost(backend: backend, clock: $0) }, limits: limits, phoneLimits: phoneLimits, phone: phone,
                     // The links' five minutes stand still: on a loaded machine a test may wait that long for a thread.
                     linkClock: { [created = Date()] in created })
    }

    deinit { try? FileManager.default.removeItem(atPath: root) }

    /// The indexed item whose path ends with `suffix`.
    func itemID(_ suffix: String) throws -> Int64 {
        let library = try AppContext(environment: environment).existingLibrary()!
        var found: Int64?
        try library.forEachItem(.all, thresholds: try AppContext(environment: environment).thresholds) { item in
            if item.rawPath.description.hasSuffix(suffix) { found = item.id }
        }
        return try #require(found)
    }

    /// The indexed item `id`, as the index has it now.
    func item(_ id: Int64) throws -> ItemRecord {
        try #require(try AppContext(environment: environment).existingLibrary()!.cardFiles(of: id)?.item)
    }

    /// Runs `sql` on the index with the sqlite3 tool, as another program would; true when it succeeded.
    func sqlite(_ sql: String) throws -> Bool {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/sqlite3")
        process.arguments = [root + "/state/library.sqlite", sql]
        try process.run()
        process.waitUntilExit()
        return process.terminationStatus == 0
    }

    /// Scans the fixture's folder again (after a test changed a file).
    func rescan() throws {
        let context = try AppContext(environment: environment)
        _ = try context.openLibrary().scan(ScanRequest(roots: [RawPath(root + "/phone")], now: context.now, calendar: context.calendar))
    }

    /// The rounds waiting in `clean pending`.
    func pendingRounds() throws -> [RoundRecord] {
        try AppContext(environment: environment).existingLibrary()!.rounds(.pending)
    }

    /// What is left of today's free-tier allowance.
    func allowanceLeft() throws -> Allowance {
        let (play, lock) = try AppContext(environment: environment).openPlay()
        defer { withExtendedLifetime(lock) {} }
        return try play.allowance()
    }

    /// Counts swiping time against today's free-tier allowance, as rounds played earlier today would.
    func spendToday(seconds: Double) throws {
        let (play, lock) = try AppContext(environment: environment).openPlay()
        defer { withExtendedLifetime(lock) {} }
        try play.spend(seconds: seconds, undos: 0)
    }

    func test(_ body: @escaping @Sendable (any TestClientProtocol) async throws -> Void) async throws {
        try await app.testApplication().test(.router) { client in try await body(client) }
    }

    /// The phone address's routes (its `Host` is HummingbirdTesting's `localhost`).
    func testPhone(from address: String = "192.168.1.30", _ body: @escaping @Sendable (any TestClientProtocol) async throws -> Void) async throws {
        try await app.phoneTestApplication(from: address).test(.router) { client in try await body(client) }
    }
}

extension TestClientProtocol {
    /// A request as a script makes it: `Authorization: Bearer` with `bearer` (web.json's apiToken
    /// unless told otherwise, none for nil), JSON for a body, and any `extra` headers.
    func send(_ method: HTTPRequest.Method, _ uri: String, json: String? = nil, bearer: String? = WebFixture.apiToken,
              contentType: String = "application/json", extra: HTTPFields = [:]) async throws -> TestResponse {
        var headers = extra
        if let bearer { headers[.authorization] = "Bearer \(bearer)" }
        if json != nil { headers[.contentType] = contentType }
        return try await execute(uri: uri, method: method, headers: headers, body: json.map { ByteBuffer(string: $0) })
    }
}

extension TestResponse {
    var text: String { String(buffer: body) }
    var object: [String: Any] { ((try? JSONSerialization.jsonObject(with: Data(text.utf8))) as? [String: Any]) ?? [:] }
    var array: [[String: Any]] { ((try? JSONSerialization.jsonObject(with: Data(text.utf8))) as? [[String: Any]]) ?? [] }
    var error: String? { object["error"] as? String }
}
