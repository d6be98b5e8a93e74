/// The static files the pages load, by name.
enum Assets {
    struct File {
        let type: String
        let text: String
    }

    static let files: [String: File] = [
        "app.css": File(type: "text/css; charset=utf-8", text: css),
        "common.js": File(type: "text/javascript; charset=utf-8", text: commonJS),
        "home.js": File(type: "text/javascript; charset=utf-8", text: homeJS),
        "play.js": File(type: "text/javascript; charset=utf-8", text: playJS),
        "trash.js": File(type: "text/javascript; charset=utf-8", text: trashJS),
        "signin.js": File(type: "text/javascript; charset=utf-8", text: signinJS),
        "report.js": File(type: "text/javascript; charset=utf-8", text: reportJS),
    ]

    /// The static files change only with the binary: kept an hour by the browser, by it alone.
    static let cacheControl = "private, max-age=3600"

    static let icon = """
        <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="7" fill="#6c5ce7"/>\
        <path d="M9 16l5 5 9-10" stroke="#fff" stroke-width="3.5" fill="none" stroke-linecap="round" stroke-linejoin="round"/></svg>
        """
}
