/// `text` safe to print on a terminal: control characters are shown escaped as `ls -b` shows
/// them (`\n`, `\t`, `\033` for ESC, `\177` for DEL, C1 controls as the octal of their UTF-8
/// bytes) and a backslash as `\\`, so a file name can neither split a line nor drive the
/// terminal (colours, cursor, title). Every human-readable output shows names through this
/// (it is `RawPath.description`); JSON has its own exact escapes.
public func escapingControlCharacters(_ text: String) -> String {
    guard text.unicodeScalars.contains(where: needsEscape) else { return text }
    var out = ""
    out.reserveCapacity(text.utf8.count + 8)
    for scalar in text.unicodeScalars {
        guard needsEscape(scalar) else {
            out.unicodeScalars.append(scalar)
            continue
        }
        switch scalar {
        case "\\": out += "\\\\"
        case "\u{07}": out += "\\a"
        case "\u{08}": out += "\\b"
        case "\t": out += "\\t"
        case "\n": out += "\\n"
        case "\u{0B}": out += "\\v"
        case "\u{0C}": out += "\\f"
        case "\r": out += "\\r"
        default:
            for byte in String(scalar).utf8 { out += "\\" + octal(byte) }
        }
    }
    return out
}

private func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
    scalar.value < 0x20 || scalar.value == 0x7F || (0x80...0x9F).contains(scalar.value) || scalar == "\\"
}

/// Three octal digits, as `ls` writes a byte.
private func octal(_ byte: UInt8) -> String {
    String(byte >> 6) + String((byte >> 3) & 7) + String(byte & 7)
}
