/// The static files the pages load: `Sources/Web/Resources/*`, compiled into the binary by SwiftPM
/// (`.embedInCode`, read here as `PackageResources`), each served under its plain name and under a
/// name with its content's hash (`play.3f2a1c9d0b.js`), the one pages use and browsers keep for good.
enum Assets {
    struct File: Sendable {
        let name: String
        let type: String
        let bytes: [UInt8]
        /// `play.js` → `play.<hash>.js`: a new binary with other bytes gets another address.
        let hashedName: String

        init(_ name: String, _ bytes: [UInt8]) {
            self.name = name
            self.bytes = bytes
            type = name.hasSuffix(".css") ? "text/css; charset=utf-8" : "text/javascript; charset=utf-8"
            let dot = name.lastIndex(of: ".")!
            hashedName = name[..<dot] + "." + Assets.contentHash(bytes) + name[dot...]
        }
    }

    static let all: [File] = [
        File("app.css", PackageResources.app_css),
        File("common.js", PackageResources.common_js),
        File("home.js", PackageResources.home_js),
        File("phonePanel.js", PackageResources.phonePanel_js),
        File("pendingPanel.js", PackageResources.pendingPanel_js),
        File("scanPanel.js", PackageResources.scanPanel_js),
        File("play.js", PackageResources.play_js),
        File("groupCard.js", PackageResources.groupCard_js),
        File("videoPlayer.js", PackageResources.videoPlayer_js),
        File("videoCompare.js", PackageResources.videoCompare_js),
        File("roundEnd.js", PackageResources.roundEnd_js),
        File("trash.js", PackageResources.trash_js),
        File("signin.js", PackageResources.signin_js),
        File("report.js", PackageResources.report_js),
        File("settings.js", PackageResources.settings_js),
    ]

    /// Every file by both its names.
    static let files: [String: File] = Dictionary(uniqueKeysWithValues: all.flatMap { [($0.name, $0), ($0.hashedName, $0)] })

    /// The address a page names for `name` (its hashed one).
    static func url(_ name: String) -> String { "/static/" + files[name]!.hashedName }

    /// The import map a module page carries: each module's plain address (what `import "./x.js"` asks
    /// for) mapped to its hashed one, so a module changed in a new binary is fetched anew.
    static let importMap: String = {
        let entries = all.filter { $0.name.hasSuffix(".js") }.map { "\"/static/\($0.name)\": \"/static/\($0.hashedName)\"" }
        return "{\"imports\": {" + entries.joined(separator: ", ") + "}}"
    }()

    /// A hashed address never changes its bytes: kept a year, by the browser alone.
    static let immutable = "public, max-age=31536000, immutable"
    /// A plain address (old pages, or a hand-typed one) may change with the binary: kept an hour.
    static let cacheControl = "private, max-age=3600"

    /// 64-bit FNV-1a of the bytes, as 10 hex digits: enough to tell two versions of a file apart.
    static func contentHash(_ bytes: [UInt8]) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        let hex = String(hash, radix: 16)
        return String((String(repeating: "0", count: max(0, 16 - hex.count)) + hex).prefix(10))
    }

    static let icon = """
        <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="7" fill="#6c5ce7"/>\
        <path d="M9 16l5 5 9-10" stroke="#fff" stroke-width="3.5" fill="none" stroke-linecap="round" stroke-linejoin="round"/></svg>
        """
}
