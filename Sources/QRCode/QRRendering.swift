/// Ways to draw a `QRMatrix`: text for a terminal, SVG for a page, PBM for a decoder. Each adds the
/// quiet zone (light modules around the symbol) that readers need.
extension QRMatrix {
    /// The symbol in half-block characters, two module rows per line, for a terminal with light text
    /// on a dark background: a light module is drawn (`█`, `▀`, `▄`), a dark one is left blank, so
    /// the terminal's background makes it dark. `quietZone`: light modules on every side.
    public func terminalText(quietZone: Int = 2) -> String {
        let range = -quietZone..<(size + quietZone)
        var lines: [String] = []
        for top in stride(from: range.lowerBound, to: range.upperBound, by: 2) {
            let line = range.map { column -> Character in
                let upperLight = !self[top, column]
                let lowerLight = top + 1 < range.upperBound ? !self[top + 1, column] : false
                switch (upperLight, lowerLight) {
                case (true, true): return "█"
                case (true, false): return "▀"
                case (false, true): return "▄"
                case (false, false): return " "
                }
            }
            lines.append(String(line))
        }
        return lines.joined(separator: "\n")
    }

    /// An SVG of the symbol, one unit a module, dark on white, with `quietZone` modules of margin
    /// (for a page: it scales to any size without blurring).
    public func svg(quietZone: Int = 4) -> String {
        let side = size + 2 * quietZone
        var path = ""
        for row in 0..<size {
            for column in 0..<size where self[row, column] {
                path += "M\(column + quietZone) \(row + quietZone)h1v1h-1z"
            }
        }
        return "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 \(side) \(side)\" shape-rendering=\"crispEdges\">"
            + "<rect width=\"\(side)\" height=\"\(side)\" fill=\"#fff\"/><path d=\"\(path)\" fill=\"#000\"/></svg>"
    }

    /// A plain PBM image (`P1`) of the symbol, `scale` pixels a module, with a quiet zone: what
    /// `zbarimg` and other decoders read.
    public func pbm(scale: Int = 4, quietZone: Int = 4) -> String {
        let side = (size + 2 * quietZone) * scale
        var rows: [String] = ["P1", "\(side) \(side)"]
        for y in 0..<side {
            let row = y / scale - quietZone
            rows.append((0..<side).map { self[row, $0 / scale - quietZone] ? "1" : "0" }.joined(separator: " "))
        }
        return rows.joined(separator: "\n") + "\n"
    }
}
