/// Bar charts as inline SVG for the HTML report: plain shapes and text, no script, no fonts to
/// fetch; the `viewBox` lets the page's CSS scale them to its width.
package enum SVGChart {
    /// One horizontal bar: a label on the left, the bar, its value as text after it.
    package struct Row {
        var label: String
        var value: Int64
        var valueText: String
        var color: String
        /// Extra `data-` attributes on the row's group, for anything that reads the page back.
        var data: [(String, String)] = []
    }

    /// One vertical column of a time axis.
    package struct Column {
        var value: Int64
        /// Shown under the column when not nil.
        var label: String?
        /// The tooltip: what the column stands for, exactly.
        var title: String
        var highlighted = false
        /// Outside the report's range (before `--since`, so always the leading columns): shaded as one block.
        var outside = false
        var data: [(String, String)] = []
    }

    /// Horizontal bars scaled to the largest value, one row each.
    package static func rows(_ rows: [Row], title: String, width: Int = 860, labelWidth: Int = 130, valueWidth: Int = 200) -> String {
        let rowHeight = 34, barHeight = 20
        let height = rows.count * rowHeight + 8
        let track = width - labelWidth - valueWidth
        let peak = max(1, rows.map(\.value).max() ?? 1)
        var svg = open(title: title, width: width, height: height, className: "rows")
        for (index, row) in rows.enumerated() {
            let top = 4 + index * rowHeight
            let middle = top + rowHeight / 2
            let length = row.value > 0 ? max(2, Int((Double(row.value) / Double(peak) * Double(track)).rounded())) : 0
            svg += "<g class=\"row\"\(attributes(row.data))><title>\(escapeHTML(row.label)): \(escapeHTML(row.valueText))</title>"
            svg += "<text class=\"label\" x=\"0\" y=\"\(middle)\" dominant-baseline=\"middle\">\(escapeHTML(row.label))</text>"
            svg += "<rect class=\"track\" x=\"\(labelWidth)\" y=\"\(middle - barHeight / 2)\" width=\"\(track)\" height=\"\(barHeight)\" rx=\"4\"/>"
            svg += "<rect class=\"bar\" x=\"\(labelWidth)\" y=\"\(middle - barHeight / 2)\" width=\"\(length)\" height=\"\(barHeight)\" rx=\"4\" fill=\"\(escapeHTML(row.color))\"/>"
            svg += "<text class=\"value\" x=\"\(labelWidth + track + 10)\" y=\"\(middle)\" dominant-baseline=\"middle\">\(escapeHTML(row.valueText))</text></g>\n"
        }
        return svg + "</svg>"
    }

    /// Columns over a time axis, scaled to the largest value, with the peak and half of it marked on
    /// the left; `empty` is written across the plot when every value is zero.
    package static func columns(_ columns: [Column], title: String, empty: String, valueText: (Int64) -> String,
                        width: Int = 860, height: Int = 260) -> String {
        let left = 70, right = 10, top = 12, bottom = 34
        let plotWidth = width - left - right, plotHeight = height - top - bottom
        let peak = columns.map(\.value).max() ?? 0
        let slot = Double(plotWidth) / Double(max(1, columns.count))
        let baseline = top + plotHeight
        var svg = open(title: title, width: width, height: height, className: "columns")
        let shaded = columns.filter(\.outside).count
        if shaded > 0 {
            svg += "<rect class=\"outside\" x=\"\(left)\" y=\"\(top)\" width=\"\(format(slot * Double(shaded)))\" height=\"\(plotHeight)\"/>"
        }
        for fraction in peak > 0 ? [0.0, 0.5, 1.0] : [0.0] {
            let y = baseline - Int((Double(plotHeight) * fraction).rounded())
            svg += "<line class=\"grid\" x1=\"\(left)\" y1=\"\(y)\" x2=\"\(width - right)\" y2=\"\(y)\"/>"
            let label = fraction == 0 ? "0" : peak > 0 ? valueText(Int64((Double(peak) * fraction).rounded())) : ""
            svg += "<text class=\"axis\" x=\"\(left - 8)\" y=\"\(y)\" text-anchor=\"end\" dominant-baseline=\"middle\">\(escapeHTML(label))</text>"
        }
        for (index, column) in columns.enumerated() {
            let x = Double(left) + slot * Double(index)
            let barWidth = slot * 0.7
            let barX = x + (slot - barWidth) / 2
            svg += "<g class=\"column\(column.highlighted ? " today" : "")\"\(attributes(column.data))><title>\(escapeHTML(column.title))</title>"
            if column.value > 0, peak > 0 {
                let length = max(2, Double(plotHeight) * Double(column.value) / Double(peak))
                svg += "<rect class=\"bar\" x=\"\(format(barX))\" y=\"\(format(Double(baseline) - length))\" width=\"\(format(barWidth))\" height=\"\(format(length))\" rx=\"2\"/>"
            }
            if let label = column.label {
                svg += "<line class=\"tick\" x1=\"\(format(x + slot / 2))\" y1=\"\(baseline)\" x2=\"\(format(x + slot / 2))\" y2=\"\(baseline + 5)\"/>"
                svg += "<text class=\"date\" x=\"\(format(x + slot / 2))\" y=\"\(baseline + 20)\" text-anchor=\"middle\">\(escapeHTML(label))</text>"
            }
            svg += "</g>\n"
        }
        if peak == 0 {
            svg += "<text class=\"empty\" x=\"\(left + plotWidth / 2)\" y=\"\(top + plotHeight / 2)\" text-anchor=\"middle\" dominant-baseline=\"middle\">\(escapeHTML(empty))</text>"
        }
        return svg + "</svg>"
    }

    /// One bar split into parts side by side, each as wide as its share of the total.
    package static func split(_ parts: [(label: String, value: Int64, color: String)], title: String, width: Int = 860) -> String {
        let total = parts.reduce(0) { $0 + max(0, $1.value) }
        var svg = open(title: title, width: width, height: 16, className: "split")
        svg += "<rect class=\"track\" x=\"0\" y=\"0\" width=\"\(width)\" height=\"16\" rx=\"8\"/>"
        var x = 0.0
        for part in parts where part.value > 0 && total > 0 {
            let length = Double(width) * Double(part.value) / Double(total)
            svg += "<rect x=\"\(format(x))\" y=\"0\" width=\"\(format(length))\" height=\"16\" fill=\"\(escapeHTML(part.color))\"><title>\(escapeHTML(part.label))</title></rect>"
            x += length
        }
        return svg + "</svg>"
    }

    private static func open(title: String, width: Int, height: Int, className: String) -> String {
        "<svg class=\"chart \(className)\" xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 \(width) \(height)\" role=\"img\" aria-label=\"\(escapeHTML(title))\">\n"
    }

    private static func attributes(_ data: [(String, String)]) -> String {
        data.map { " data-\($0.0)=\"\(escapeHTML($0.1))\"" }.joined()
    }

    /// A coordinate with at most one decimal: short markup, no `1e-05`.
    private static func format(_ value: Double) -> String {
        let tenths = Int((value * 10).rounded())
        return tenths % 10 == 0 ? String(tenths / 10) : "\(tenths / 10).\(abs(tenths % 10))"
    }
}

/// `text` safe inside HTML or SVG text and double- or single-quoted attributes. Control characters
/// (a newline in a file name, an escape) are shown as their Unicode control pictures (␊, ␛), so
/// nothing in a name can change the page's layout; invalid UTF-8 has already become U+FFFD in
/// `RawPath.description`.
package func escapeHTML(_ text: String) -> String {
    var out = ""
    out.reserveCapacity(text.utf8.count)
    for scalar in text.unicodeScalars {
        switch scalar {
        case "&": out += "&amp;"
        case "<": out += "&lt;"
        case ">": out += "&gt;"
        case "\"": out += "&quot;"
        case "'": out += "&#39;"
        case "\u{0}"..."\u{1F}": out.unicodeScalars.append(Unicode.Scalar(0x2400 + scalar.value)!)
        case "\u{7F}": out += "\u{2421}"
        case "\u{80}"..."\u{9F}": out += "\u{FFFD}"
        default: out.unicodeScalars.append(scalar)
        }
    }
    return out
}
