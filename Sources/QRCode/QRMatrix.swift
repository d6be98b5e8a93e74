import CQREncode

/// A QR code as a square of modules (true: dark), made by libqrencode; the only Swift file that
/// calls it. Rendering is in `QRRendering.swift`: plain functions of the matrix.
public struct QRMatrix: Equatable, Sendable {
    /// Modules per side, without the quiet zone.
    public let size: Int
    /// Row-major, `size * size` modules.
    public let modules: [Bool]

    public init(size: Int, modules: [Bool]) {
        precondition(modules.count == size * size, "a QR matrix has size × size modules")
        self.size = size
        self.modules = modules
    }

    /// The module at `row`, `column`; outside the symbol (the quiet zone) is light.
    public subscript(row: Int, column: Int) -> Bool {
        guard (0..<size).contains(row), (0..<size).contains(column) else { return false }
        return modules[row * size + column]
    }

    /// `text` as bytes (8-bit mode), error correction level M (15 % of the symbol may be unreadable),
    /// in the smallest version that holds it.
    public static func encode(_ text: String) throws -> QRMatrix {
        guard !text.isEmpty else { throw QRCodeError("an empty text has no QR code") }
        guard let code = QRcode_encodeString8bit(text, 0, QR_ECLEVEL_M) else {
            throw QRCodeError("libqrencode could not encode \(text.utf8.count) bytes (a QR code holds at most 2,331 at level M)")
        }
        defer { QRcode_free(code) }
        let size = Int(code.pointee.width)
        // Bit 0 of each byte is the module's colour; the others say what the module is part of.
        let modules = (0..<size * size).map { code.pointee.data[$0] & 1 == 1 }
        return QRMatrix(size: size, modules: modules)
    }
}

public struct QRCodeError: Error, CustomStringConvertible, Equatable {
    public let description: String
    init(_ description: String) { self.description = description }
}
