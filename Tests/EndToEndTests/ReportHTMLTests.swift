import Foundation
import Glibc
import Testing

/// `clean report --html FILE`: one self-contained page whose numbers are `clean report --json`'s,
/// every path escaped, written atomically; and, where Chromium is installed, a page a real
/// browser draws with its charts.
@Suite(.serialized) struct ReportHTMLTests {
    static let duplicateBytes = 338_025, screenshotBytes = 47_975
    /// The backup copy's name: every character HTML treats specially, and a byte that is not UTF-8.
    static let awkwardName: [UInt8] = Array("a<b>&\"q'".utf8) + [0xFF] + Array("name.JPG".utf8)
    /// How the page must show it: escaped, the stray byte as U+FFFD as `RawPath.description` shows it.
    static let awkwardNameInHTML = "a&lt;b&gt;&amp;&quot;q&#39;\u{FFFD}name.JPG"

    /// Two days of play: the duplicates boss deletes the backup copy on Monday 2 March, the
    /// screenshots boss the screenshot on Tuesday 3 March.
    static func play(_ clean: inout CleanBinary) throws {
        let library = clean.home + "/phone"
        let files = [
            ("Apple iPhone 4.jpg", "DCIM/100APPLE/IMG_0001.JPG"), ("Apple iPhone 4.jpg", "Backup/copy.JPG"),
            ("Issue 62.png", "Pictures/Screenshots/Screenshot_20240105-101010.png"), ("HTC Desire.jpg", "DCIM/100APPLE/IMG_0002.JPG"),
        ]
        for (source, target) in files {
            let path = library + "/" + target
            try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try FileManager.default.copyItem(atPath: CleanBinary.corpus + "/" + source, toPath: path)
        }
        let awkward = Array((library + "/Backup/").utf8) + awkwardName
        #expect(rename(library + "/Backup/copy.JPG", (awkward + [0]).map { CChar(bitPattern: $0) }) == 0)

        clean.environment["SWIPECLEAN_NOW"] = "2026-03-02T19:30:00+01:00"
        #expect(try clean.run(["scan", library, "--quiet"]).status == 0)
        let duplicates = try CleanBinary.object(clean.run(["boss", "duplicates", "--json"], input: "d\ny\n"))
        #expect(duplicates["deleted"] as? Int == 1 && duplicates["bytesFreed"] as? Int == duplicateBytes)
        clean.environment["SWIPECLEAN_NOW"] = "2026-03-03T20:00:00+01:00"
        let screenshots = try CleanBinary.object(clean.run(["boss", "screenshots", "--json"], input: "d\ny\n"))
        #expect(screenshots["deleted"] as? Int == 1 && screenshots["bytesFreed"] as? Int == screenshotBytes)
    }

    @Test func thePageShowsTheJSONNumbersInChartsEscapesEveryPathAndABrowserDrawsIt() throws {
        var clean = try CleanBinary()
        defer { clean.removeHome() }
        try Self.play(&clean)
        let out = clean.home + "/out"
        try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
        let file = out + "/report.html"

        let written = try clean.run(["report", "--html", file])
        #expect(written.status == 0, "\(written.stderr)")
        #expect(written.stdout == "Wrote \(file)\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: out) == ["report.html"])   // no temporary file left
        let html = try String(contentsOfFile: file, encoding: .utf8)
        let json = try CleanBinary.object(clean.run(["report", "--json"]))
        // The file is the light page that names its commands (the web app's is dark and names its pages).
        #expect(html.contains("clean restore brings them back") && !html.contains("--bg:#0f1116"))

        // The headline, the category bars and the days carry the JSON's numbers exactly.
        for metric in ["bytesFreed", "bytesInTrash", "bytesPurged", "filesRestored"] {
            #expect(html.contains("data-metric=\"\(metric)\" data-value=\"\(try #require(json[metric] as? Int))\""), "\(metric)")
        }
        #expect(json["bytesFreed"] as? Int == Self.duplicateBytes + Self.screenshotBytes)
        let categories = try #require(json["byCategory"] as? [String: [String: Int]])
        for (name, tally) in categories {
            #expect(html.contains("data-category=\"\(name)\" data-files=\"\(tally["files"]!)\" data-bytes=\"\(tally["bytes"]!)\""), "\(name)")
        }
        for day in try #require(json["byDay"] as? [[String: Any]]) {
            #expect(html.contains("data-date=\"\(try #require(day["date"] as? String))\" data-files=\"\(try #require(day["files"] as? Int))\" data-bytes=\"\(try #require(day["bytes"] as? Int))\""))
        }
        // …and say them as text a reader sees on the bars.
        #expect(html.contains(">Duplicates</text>") && html.contains(">1 file · 338.0 KB</text>"))
        #expect(html.contains(">Screenshots</text>") && html.contains(">1 file · 48.0 KB</text>"))
        #expect(html.contains(">0 files · 0 B</text>"))
        #expect(html.contains(">386.0 KB</p>"))

        // One page, nothing fetched: four inline charts, no script, no link, no font, no image.
        #expect(html.components(separatedBy: "<svg").count - 1 == 4)
        let withoutNamespace = html.replacingOccurrences(of: "xmlns=\"http://www.w3.org/2000/svg\"", with: "")
        for outside in ["<script", "src=", "href=", "url(", "@import", "http"] { #expect(!withoutNamespace.contains(outside), "\(outside)") }

        // The awkward path is text, not markup.
        #expect(html.contains("Backup/" + Self.awkwardNameInHTML))
        #expect(!html.contains("a<b>"))

        // --json still prints the JSON alone on stdout, and writes the page as well.
        try FileManager.default.removeItem(atPath: file)
        let both = try clean.run(["report", "--json", "--html", file])
        #expect(both.status == 0)
        #expect(try CleanBinary.object(both) as NSDictionary == json as NSDictionary)
        #expect(both.stderr.contains("Wrote \(file)"))
        #expect(FileManager.default.fileExists(atPath: file))

        // --since narrows the page as it narrows the JSON: only Tuesday's screenshot.
        let since = try clean.run(["report", "--since", "2026-03-03", "--html", out + "/since.html"])
        #expect(since.status == 0)
        let narrowed = try String(contentsOfFile: out + "/since.html", encoding: .utf8)
        #expect(narrowed.contains("data-metric=\"bytesFreed\" data-value=\"\(Self.screenshotBytes)\""))
        #expect(narrowed.contains("data-category=\"duplicates\" data-files=\"0\" data-bytes=\"0\""))
        #expect(narrowed.contains("data-date=\"2026-03-02\" data-files=\"0\" data-bytes=\"0\""))
        #expect(narrowed.contains("Since 3 Mar 2026"))
        #expect(!narrowed.contains(Self.awkwardNameInHTML))

        try Browser.check(file, scratch: clean.home)
    }

    @Test func aFolderThatCannotTakeTheFileIsOneSentenceNamingItAndExitOne() throws {
        let clean = try CleanBinary()
        defer { clean.removeHome() }
        let missing = clean.home + "/no/such/folder/report.html"
        let run = try clean.run(["report", "--html", missing])
        #expect(run.status == 1)
        #expect(run.stdout.isEmpty)
        #expect(run.stderr.contains(missing) && run.stderr.contains("does not exist"))
        #expect(run.stderr.split(separator: "\n").count == 1)

        try "x".write(toFile: clean.home + "/plain", atomically: true, encoding: .utf8)
        let notAFolder = try clean.run(["report", "--html", clean.home + "/plain/report.html"])
        #expect(notAFolder.status == 1)
        #expect(notAFolder.stderr.contains(clean.home + "/plain/report.html") && notAFolder.stderr.contains("not a folder"))
    }
}

/// Headless Chromium, when installed: the page parses into the same charts and paints them.
enum Browser {
    static func check(_ file: String, scratch: String) throws {
        let chromium = try #require(onPath(["chromium", "chromium-browser"]),
                                    "chromium is missing: sudo apt-get install -y chromium (or make setup)")
        let url = URL(fileURLWithPath: file).absoluteString
        let common = ["--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--user-data-dir=\(scratch)/chromium"]

        // The DOM the browser built: four charts, the bars' data, and the awkward name as text, never as a <b> element.
        let dom = try run(chromium, common + ["--dump-dom", url])
        #expect(dom.status == 0)
        #expect(dom.stdout.components(separatedBy: "<svg").count - 1 == 4)
        #expect(dom.stdout.contains("data-category=\"duplicates\" data-files=\"1\""))
        #expect(!dom.stdout.contains("<b>"))

        // The pixels: a screenshot that is not one flat colour, with the bars' own colours in it.
        let png = scratch + "/report.png"
        let shot = try run(chromium, common + ["--screenshot=\(png)", "--window-size=1000,1400", url])
        #expect(shot.status == 0)
        let size = (try? FileManager.default.attributesOfItem(atPath: png)[.size] as? Int) ?? 0
        #expect(size > 20_000, "screenshot of \(size) bytes")
        let python = try #require(onPath(["python3"]), "python3 is missing: sudo apt-get install -y python3 (or make setup)")
        let duplicates = "7b61d9", screenshots = "4f8ef7", days = "2ea66f"
        let pixels = try run(python, ["-c", pngColours, png, duplicates, screenshots, days])
        #expect(pixels.status == 0, "\(pixels.stderr)")
        let lines = pixels.stdout.split(separator: "\n").map { $0.split(separator: " ") }
        #expect(lines.first?.prefix(2).map(String.init) == ["1000", "1400"])
        #expect(Int(lines.first?.last ?? "") ?? 0 > 50, "distinct colours")
        for line in lines.dropFirst() { #expect(Int(line[1]) ?? 0 > 500, "pixels of #\(line[0])") }
    }

    static func onPath(_ names: [String]) -> String? {
        let folders = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
        for name in names {
            for folder in folders where FileManager.default.isExecutableFile(atPath: "\(folder)/\(name)") { return "\(folder)/\(name)" }
        }
        return nil
    }

    /// Runs a tool with output in files (no pipe to fill up) and stops it after `timeout` seconds
    /// (times `Slowdown.factor`).
    static func run(_ tool: String, _ arguments: [String], timeout: TimeInterval = 30) throws -> CleanBinary.Run {
        let timeout = timeout * Slowdown.factor
        let folder = NSTemporaryDirectory() + "swipeclean-tool-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        _ = FileManager.default.createFile(atPath: folder + "/out", contents: nil)
        _ = FileManager.default.createFile(atPath: folder + "/err", contents: nil)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = arguments
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: folder + "/out"))
        process.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: folder + "/err"))
        try process.run()
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning && Date() < deadline { usleep(20_000) }
        if process.isRunning {
            process.terminate()
            Issue.record("\(tool) took more than \(Int(timeout)) s")
        }
        process.waitUntilExit()
        return CleanBinary.Run(status: process.terminationStatus,
                               stdout: (try? String(contentsOfFile: folder + "/out", encoding: .utf8)) ?? "",
                               stderr: (try? String(contentsOfFile: folder + "/err", encoding: .utf8)) ?? "")
    }

    /// A minimal PNG reader (8-bit RGB or RGBA, any row filter): prints "WIDTH HEIGHT DISTINCT_COLOURS",
    /// then "RRGGBB COUNT" for each colour asked for.
    static let pngColours = """
        import sys, zlib, struct
        data = open(sys.argv[1], 'rb').read()
        assert data[:8] == b'\\x89PNG\\r\\n\\x1a\\n', 'not a PNG'
        pos, idat = 8, b''
        while pos < len(data):
            length, kind = struct.unpack('>I4s', data[pos:pos + 8])
            body = data[pos + 8:pos + 8 + length]
            if kind == b'IHDR': width, height, depth, ctype = struct.unpack('>IIBB', body[:10])
            if kind == b'IDAT': idat += body
            pos += 12 + length
        assert depth == 8 and ctype in (2, 6), 'unexpected PNG format'
        bpp = 3 if ctype == 2 else 4
        raw, stride = zlib.decompress(idat), width * bpp
        prev, colours = bytearray(stride), {}
        for y in range(height):
            start = y * (stride + 1)
            f, line = raw[start], bytearray(raw[start + 1:start + 1 + stride])
            if f == 2: line = bytearray((p + q) & 255 for p, q in zip(line, prev))
            elif f != 0:
                for i in range(stride):
                    a = line[i - bpp] if i >= bpp else 0
                    b, c = prev[i], (prev[i - bpp] if i >= bpp else 0)
                    if f == 1: line[i] = (line[i] + a) & 255
                    elif f == 3: line[i] = (line[i] + (a + b) // 2) & 255
                    else:
                        p = a + b - c; pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                        line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
            for x in range(0, stride, bpp):
                key = line[x:x + 3].hex()
                colours[key] = colours.get(key, 0) + 1
            prev = line
        print(width, height, len(colours))
        for key in sys.argv[2:]: print(key, colours.get(key, 0))
        """
}
