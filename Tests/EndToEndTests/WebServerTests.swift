import Foundation
import Testing

/// `clean web` as a process (issue 37): one server per home, the browser opened through a private page
/// (never the link on a command line), only signed-in requests keeping a phone server up, and a private
/// state folder.
@Suite(.serialized) struct WebServerTests {
    /// `clean web --no-open --phone --address 127.0.0.2` started in the background, stopping by itself
    /// after `idle` seconds without a signed-in request.
    final class Server {
        let process = Process()
        let output = Pipe()

        init(_ clean: CleanBinary, idle: Int, arguments: [String] = ["--no-open"]) throws {
            var environment = clean.environment
            environment["SWIPECLEAN_PHONE_IDLE_SECONDS"] = String(idle)
            process.executableURL = CleanBinary.executable
            process.arguments = ["web", "--phone", "--address", "127.0.0.2"] + arguments
            process.environment = environment
            process.standardOutput = output
            process.standardError = FileHandle.nullDevice
            process.standardInput = Pipe()
            try process.run()
        }

        /// The first stdout line (`Open http://127.0.0.1:PORT/?token=…`).
        func firstLine() -> String {
            var bytes: [UInt8] = []
            while true {
                let byte = output.fileHandleForReading.readData(ofLength: 1)
                guard let first = byte.first, first != 0x0A else { break }
                bytes.append(first)
            }
            return String(decoding: bytes, as: UTF8.self)
        }

        func stop() {
            if process.isRunning { process.terminate() }
            process.waitUntilExit()
        }
    }

    @Test func aSecondServerOnTheSameHomeSaysWhereTheFirstIsAndExits1() throws {
        let clean = try CleanBinary()
        defer { clean.removeHome() }
        let first = try Server(clean, idle: 30)
        defer { first.stop() }
        let open = first.firstLine()
        #expect(open.hasPrefix("Open http://127.0.0.1:"), "\(open)")
        let port = open.dropFirst("Open http://127.0.0.1:".count).prefix { $0.isNumber }
        let second = try clean.run(["web", "--no-open"])
        #expect(second.status == 1)
        #expect(second.stderr.contains("already running") && second.stderr.contains("http://127.0.0.1:\(port)/") && second.stderr.contains("clean web link"),
                "\(second.stderr)")
        #expect(second.stdout.isEmpty)
        let state = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: clean.home + "/state/web.json"))) as? [String: Any]
        #expect(state?["port"] as? Int == Int(port), "the first server's web.json stays")
        #expect(try clean.run(["web", "link"]).stdout.hasPrefix("Open http://127.0.0.1:\(port)/?token="))
    }

    @Test func aStaleWebJSONOfADeadServerIsReplaced() throws {
        let clean = try CleanBinary()
        defer { clean.removeHome() }
        try FileManager.default.createDirectory(atPath: clean.home + "/state", withIntermediateDirectories: true)
        try Data(#"{"apiToken":"00000000000000000000000000000000","port":1,"url":"http://127.0.0.1:1/"}"#.utf8)
            .write(to: URL(fileURLWithPath: clean.home + "/state/web.json"))
        let server = try Server(clean, idle: 30)
        defer { server.stop() }
        let open = server.firstLine()
        #expect(open.hasPrefix("Open http://127.0.0.1:"), "\(open)")
        let state = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: clean.home + "/state/web.json"))) as? [String: Any]
        #expect(state?["port"] as? Int != 1)
    }

    /// Requests that sign nobody in (a device on the Wi-Fi, a page's shell) do not reset the idle stop.
    @Test func requestsWithoutCredentialsDoNotKeepThePhoneServerUp() throws {
        let clean = try CleanBinary()
        defer { clean.removeHome() }
        let started = Date()
        let server = try Server(clean, idle: 3)
        defer { server.stop() }
        let open = server.firstLine()
        let port = Int(open.dropFirst("Open http://127.0.0.1:".count).prefix { $0.isNumber }) ?? 0
        while server.process.isRunning, Date().timeIntervalSince(started) < 30 {
            for (host, path) in [("127.0.0.1", "/api/v1/profile"), ("127.0.0.1", "/"), ("127.0.0.2", "/"), ("127.0.0.2", "/api/v1/home")] {
                _ = Self.get(host: host, port: port, path: path)
            }
            Thread.sleep(forTimeInterval: 0.3)
        }
        #expect(!server.process.isRunning, "still serving after 30 s of unsigned requests")
        #expect(Date().timeIntervalSince(started) < 20)
    }

    /// With a desktop, the browser is opened on a page only this user can read that sends it on to the
    /// link: the link is never an argument (any local user reads /proc/*/cmdline). The page goes at exit.
    @Test func theBrowserIsOpenedThroughAPrivatePageNotACommandLine() throws {
        var clean = try CleanBinary()
        defer { clean.removeHome() }
        let bin = clean.home + "/bin", record = clean.home + "/xdg-open.txt", runtime = clean.home + "/run"
        try FileManager.default.createDirectory(atPath: bin, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: runtime, withIntermediateDirectories: true)
        try """
            #!/bin/sh
            { echo "ARGS $*"; stat -c 'MODE %a' "$1"; cat "$1"; } > "\(record)"
            """.write(toFile: bin + "/xdg-open", atomically: true, encoding: .utf8)
        chmod(bin + "/xdg-open", 0o755)
        clean.environment["PATH"] = bin + ":/usr/bin:/bin"
        clean.environment["DISPLAY"] = ":99"
        clean.environment["XDG_RUNTIME_DIR"] = runtime
        let server = try Server(clean, idle: 3, arguments: [])
        let open = server.firstLine()
        let token = try #require(open.split(separator: "=").last.map(String.init))
        let deadline = Date().addingTimeInterval(20)
        while !FileManager.default.fileExists(atPath: record), Date() < deadline { Thread.sleep(forTimeInterval: 0.1) }
        Thread.sleep(forTimeInterval: 0.3)
        let seen = (try? String(contentsOfFile: record, encoding: .utf8)) ?? ""
        let arguments = seen.split(separator: "\n").first ?? ""
        #expect(arguments.hasPrefix("ARGS \(runtime)/") && !arguments.contains(token), "\(seen)")
        #expect(seen.contains("MODE 600"), "\(seen)")
        #expect(seen.contains("url=http://127.0.0.1:") && seen.contains(token), "the page sends the browser on: \(seen)")
        server.process.waitUntilExit()
        #expect((try FileManager.default.contentsOfDirectory(atPath: runtime)).isEmpty, "the page is removed at exit")
    }

    /// A new home is private; one an older version left readable by all is tightened at the next start,
    /// with one line saying so, and nothing gains a permission.
    @Test func theStateFolderIsPrivate() throws {
        let clean = try CleanBinary()
        defer { clean.removeHome() }
        let state = clean.home + "/state"
        let photos = clean.home + "/photos"
        try FileManager.default.createDirectory(atPath: photos, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: CleanBinary.corpus + "/Apple iPhone 4.jpg", toPath: photos + "/a.jpg")
        let scan = try clean.run(["scan", photos])
        #expect(scan.status == 0, "\(scan.stderr)")
        #expect(Self.mode(state) == 0o700)
        for file in ["library.sqlite", "library.sqlite-wal", "library.sqlite-shm"] where FileManager.default.fileExists(atPath: state + "/" + file) {
            #expect(Self.mode(state + "/" + file) == 0o600, "\(file)")
        }
        #expect(!scan.stderr.contains("private"))

        chmod(state, 0o755)
        chmod(state + "/library.sqlite", 0o644)
        let profile = try clean.run(["profile"])
        #expect(profile.status == 0)
        #expect(profile.stderr.contains("made \(state) private"), "\(profile.stderr)")
        #expect(Self.mode(state) == 0o700 && Self.mode(state + "/library.sqlite") == 0o600)
        #expect(!(try clean.run(["profile"])).stderr.contains("private"), "said once")

        chmod(state + "/library.sqlite", 0o444)
        _ = try clean.run(["profile"])
        #expect(Self.mode(state + "/library.sqlite") == 0o400, "a read-only index stays read-only")
    }

    static func mode(_ path: String) -> mode_t {
        var status = stat()
        return lstat(path, &status) == 0 ? status.st_mode & 0o777 : 0
    }

    /// A plain GET without credentials; the status, or 0.
    static func get(host: String, port: Int, path: String) -> Int {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { return 0 }
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        inet_pton(AF_INET, host, &address.sin_addr)
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else { return 0 }
        let request = Array("GET \(path) HTTP/1.1\r\nHost: \(host):\(port)\r\nConnection: close\r\n\r\n".utf8)
        _ = request.withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        var buffer = [UInt8](repeating: 0, count: 64)
        let n = recv(fd, &buffer, buffer.count, 0)
        guard n > 12 else { return 0 }
        return Int(String(decoding: buffer[9..<12], as: UTF8.self)) ?? 0
    }
}

/// The suite's own guard: a run that hangs fails the test instead of stalling CI.
@Suite struct HungRunTests {
    @Test func aRunThatDoesNotFinishIsKilledAndThrown() throws {
        let clean = try CleanBinary()
        defer { clean.removeHome() }
        let started = Date()
        #expect(throws: CleanBinary.Hung.self) {
            try clean.launch(CleanBinary.executable, ["web", "--no-open"], input: nil, environment: clean.environment, timeout: 2)
        }
        #expect(Date().timeIntervalSince(started) < 30)
    }
}
