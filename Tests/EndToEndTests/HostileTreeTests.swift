import Foundation
import Testing

/// A tree of hostile files (issue 9, item 4) is scanned to the end, quickly, with every unreadable file counted.
@Suite struct HostileTreeTests {
    static func le16(_ v: Int) -> [UInt8] { [UInt8(v & 0xFF), UInt8(v >> 8 & 0xFF)] }
    static func le32(_ v: Int) -> [UInt8] { le16(v & 0xFFFF) + le16(v >> 16 & 0xFFFF) }
    static func be32(_ v: UInt64) -> [UInt8] { (0..<4).map { UInt8(truncatingIfNeeded: v >> (8 * UInt64(3 - $0))) } }
    static func be64(_ v: UInt64) -> [UInt8] { be32(v >> 32) + be32(v & 0xFFFF_FFFF) }
    static func box(_ type: String, _ payload: [UInt8]) -> [UInt8] { be32(UInt64(8 + payload.count)) + Array(type.utf8) + payload }

    /// A little-endian TIFF whose IFD0 points at itself, as the next IFD and as its Exif IFD.
    static let loopingTIFF: [UInt8] = Array("II*\0".utf8) + le32(8) + le16(2)
        + le16(0x8769) + le16(4) + le32(1) + le32(8)     // ExifIFD → IFD0
        + le16(0x0110) + le16(2) + le32(4) + Array("Cam\0".utf8)
        + le32(8)                                         // next IFD → IFD0

    static let files: [(String, [UInt8])] = {
        let png = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + box("IHDR", be32(16) + be32(16) + [8, 2, 0, 0, 0]) + [0, 0, 0, 0]
        let ftyp = box("ftyp", Array("isom".utf8) + [0, 0, 0, 0])
        var nested = box("free", [])
        for _ in 0..<300 { nested = box("udta", nested) }
        return [
            ("chunk-length-2^31.png", png + be32(0x8000_0000) + Array("eXIf".utf8) + [UInt8](repeating: 0x41, count: 64)),
            ("chunk-length-2^32-1.png", png + be32(0xFFFF_FFFF) + Array("iTXt".utf8) + [UInt8](repeating: 0x41, count: 64)),
            ("ifd-loop.tif", loopingTIFF),
            ("ifd-loop.jpg", [0xFF, 0xD8, 0xFF, 0xE1] + [UInt8((loopingTIFF.count + 8) >> 8), UInt8((loopingTIFF.count + 8) & 0xFF)]
                + Array("Exif\0\0".utf8) + loopingTIFF + [0xFF, 0xD9]),
            ("app1-length-65535.jpg", [0xFF, 0xD8, 0xFF, 0xE1, 0xFF, 0xFF] + Array("Exif\0\0".utf8) + [0xFF, 0xD9]),
            ("box-size-0.mp4", ftyp + be32(0) + Array("moov".utf8) + box("mvhd", [UInt8](repeating: 0, count: 100))),
            ("box-size-1.mp4", ftyp + be32(1) + Array("moov".utf8) + be64(1) + [UInt8](repeating: 0, count: 32)),
            ("box-size-2^64-1.mp4", ftyp + be32(1) + Array("moov".utf8) + be64(.max) + [UInt8](repeating: 0, count: 32)),
            ("box-size-2^64-1.heic", box("ftyp", Array("heic".utf8) + [0, 0, 0, 0]) + be32(1) + Array("meta".utf8) + be64(.max) + [0, 0, 0, 0]),
            ("nested-300.mov", ftyp + box("moov", nested)),
            ("empty.jpg", []),
        ]
    }()

    /// Runs `clean` with a deadline of `seconds` (times `Slowdown.factor`); nil if it did not finish in time.
    static func run(_ clean: CleanBinary, _ arguments: [String], seconds: Double) throws -> CleanBinary.Run? {
        let process = Process()
        process.executableURL = CleanBinary.executable
        process.arguments = arguments
        process.environment = clean.environment
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let deadline = Date().addingTimeInterval(seconds * Slowdown.factor)
        while process.isRunning && Date() < deadline { usleep(20_000) }
        guard !process.isRunning else { process.terminate(); return nil }
        return CleanBinary.Run(status: process.terminationStatus,
                               stdout: String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self),
                               stderr: String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self))
    }

    @Test func aHostileTreeIsScannedToTheEndWithEveryErrorCounted() throws {
        let clean = try CleanBinary()
        defer { clean.removeHome() }
        let tree = clean.home + "/hostile"
        try FileManager.default.createDirectory(atPath: tree, withIntermediateDirectories: true)
        for (name, bytes) in Self.files { try Data(bytes).write(to: URL(fileURLWithPath: tree + "/" + name)) }
        let photo = try Data(contentsOf: URL(fileURLWithPath: CleanBinary.corpus + "/HTC Desire.jpg"))
        // A 255-byte name, a name that is not UTF-8, a photo 300 folders deep.
        try photo.write(to: URL(fileURLWithPath: tree + "/" + String(repeating: "n", count: 251) + ".jpg"))
        let oddName = Array(tree.utf8) + Array("/odd-".utf8) + [0xFF, 0xFE] + Array(".jpg".utf8)
        let fd = oddName.withUnsafeBufferPointer { buffer -> Int32 in
            var path = Array(buffer) + [0]
            return path.withUnsafeMutableBufferPointer { open(UnsafeRawPointer($0.baseAddress!).assumingMemoryBound(to: CChar.self), O_CREAT | O_WRONLY, 0o644) }
        }
        #expect(fd >= 0)
        _ = photo.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        close(fd)
        var deep = tree
        for level in 0..<300 { deep += "/\(level % 10)" }
        try FileManager.default.createDirectory(atPath: deep, withIntermediateDirectories: true)
        try photo.write(to: URL(fileURLWithPath: deep + "/deep.jpg"))
        // Special files: never opened, never counted.
        #expect(mkfifo(tree + "/fifo.jpg", 0o644) == 0)
        let socketFD = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let socketPath = Array((tree + "/socket.jpg").utf8)
        withUnsafeMutableBytes(of: &address.sun_path) { raw in for (i, byte) in socketPath.enumerated() { raw[i] = byte } }
        let bound = withUnsafePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(socketFD, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) } }
        #expect(bound == 0)
        defer { close(socketFD) }

        let started = Date()
        let scan = try #require(try Self.run(clean, ["scan", tree, "--json"], seconds: 60), "scan did not finish within 60 s")
        #expect(Date().timeIntervalSince(started) < 30 * Slowdown.factor)
        #expect(scan.status == 0, "\(scan.stderr)")
        let summary = try CleanBinary.object(scan)
        #expect(summary["files"] as? Int == Self.files.count + 3, "\(scan.stdout)")
        // Every file is readable (the scan runs as the owner): none is an error, and all are indexed.
        #expect(summary["errorCount"] as? Int == 0, "\(scan.stdout)")
        #expect((summary["errors"] as? [Any])?.count == 0)
        let items = try #require(try Self.run(clean, ["items", "--json"], seconds: 30))
        #expect(items.stdout.split(separator: "\n").count == Self.files.count + 3)
        #expect(items.stdout.contains("deep.jpg"))
        #expect(!items.stdout.contains("fifo.jpg") && !items.stdout.contains("socket.jpg"))
    }
}
