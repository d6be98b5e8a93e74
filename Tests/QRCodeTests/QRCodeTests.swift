import Foundation
import QRCode
import Testing

/// A QR code drawn three ways, each read back: the terminal's half blocks, the page's SVG, and the
/// PBM a decoder (`zbarimg`, from zbar-tools) turns back into the text.
@Suite struct QRCodeTests {
    static let link = "http://192.168.1.20:41873/pair/0123456789abcdef0123456789abcdef"

    @Test func aLinkEncodesAsAVersionFiveSymbolWithItsFinderPatterns() throws {
        let matrix = try QRMatrix.encode(Self.link)
        #expect(matrix.size == 37, "63 bytes at level M need version 5 (37 modules a side; version 4 holds 62)")
        // The three finder patterns: a dark 7×7 ring, a light ring, a dark 3×3 centre.
        for (top, left) in [(0, 0), (0, matrix.size - 7), (matrix.size - 7, 0)] {
            #expect(matrix[top, left] && matrix[top + 6, left + 6] && matrix[top + 3, left + 3])
            #expect(!matrix[top + 1, left + 1] && !matrix[top + 5, left + 5])
        }
        #expect(!matrix[-1, 0] && !matrix[0, matrix.size], "outside the symbol is the light quiet zone")
    }

    @Test func anEmptyTextIsRefused() {
        #expect(throws: QRCodeError.self) { try QRMatrix.encode("") }
    }

    /// Each character is two module rows: the text read back cell by cell is the matrix with its quiet zone.
    @Test func theTerminalTextIsTheMatrixTwoRowsACharacter() throws {
        let matrix = try QRMatrix.encode(Self.link)
        let lines = matrix.terminalText(quietZone: 2).split(separator: "\n").map(Array.init)
        #expect(lines.count == (matrix.size + 4 + 1) / 2)
        #expect(lines.allSatisfy { $0.count == matrix.size + 4 })
        for (index, line) in lines.enumerated() {
            for (column, character) in line.enumerated() {
                let (row, x) = (index * 2 - 2, column - 2)
                let upperLight = "█▀".contains(character), lowerLight = "█▄".contains(character)
                #expect(upperLight == !matrix[row, x], "line \(index) column \(column)")
                if row + 1 < matrix.size + 2 { #expect(lowerLight == !matrix[row + 1, x], "line \(index) column \(column)") }
            }
        }
    }

    @Test func theSVGDrawsOneSquareForEachDarkModule() throws {
        let matrix = try QRMatrix.encode(Self.link)
        let svg = matrix.svg(quietZone: 4)
        let head = String(svg.prefix(60))
        #expect(head == "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 45 45\" ", "37 modules and 4 on each side")
        #expect(svg.components(separatedBy: "h1v1h-1z").count - 1 == matrix.modules.filter { $0 }.count)
        #expect(svg.contains("M4 4h1v1h-1z") && !svg.contains("M3 "), "the top-left finder's corner, inside the quiet zone")
    }

    /// zbarimg reads the PBM back as the link (zbar-tools is in `make setup`).
    @Test func zbarReadsThePBMBackAsTheLink() throws {
        let zbarimg = "/usr/bin/zbarimg"
        try #require(FileManager.default.isExecutableFile(atPath: zbarimg),
                     "zbarimg is missing: sudo apt-get install -y zbar-tools (or make setup)")
        let path = NSTemporaryDirectory() + "swipeclean-qr-\(UUID().uuidString).pbm"
        defer { try? FileManager.default.removeItem(atPath: path) }
        try QRMatrix.encode(Self.link).pbm(scale: 4).write(toFile: path, atomically: true, encoding: .ascii)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: zbarimg)
        process.arguments = ["--quiet", "--raw", path]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        #expect(text.trimmingCharacters(in: .newlines) == Self.link)
    }
}
